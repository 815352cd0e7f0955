import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { useStore, waitForHydration } from '../harness.js';
import { eventually, loginStatus, openPage, signUpShopper, toast as shopperToast } from '../storefront/shopper-session.js';
import { adminPage, codProduct, placeOrder, toast } from './admin-session.js';

/** In the browser: an admin exports and erases a customer on request; a shopper deletes their own account. */
describe('personal data requests', () => {
  const store = useStore();

  it("the admin downloads a customer's data as JSON, then erases them with a reason: the row shows Erased customer", async () => {
    const buyer = await signUpShopper(store, 'Ritika Sen');
    const order = await placeOrder(store, buyer.token, await codProduct(store));
    const { page } = await adminPage(store);
    await page.goto('/admin/users');
    const row = page.getByTestId('customers-table').locator(`[data-row-id="${buyer.userId}"]`);
    await row.waitFor();
    expect(await row.textContent()).toContain(buyer.email);
    await row.getByRole('button', { name: 'View Ritika Sen' }).click();
    const details = page.getByRole('dialog', { name: 'Ritika Sen' });

    // Export data: a JSON download with the profile and the order.
    const [download] = await Promise.all([page.waitForEvent('download'), details.getByRole('button', { name: 'Export data' }).click()]);
    expect(download.suggestedFilename()).toBe(`customer-data-${buyer.userId}.json`);
    const exported = JSON.parse(readFileSync((await download.path())!, 'utf8')) as { profile: { email: string; full_name: string }; orders: { id: string }[] };
    expect(exported.profile).toMatchObject({ email: buyer.email, full_name: 'Ritika Sen' });
    expect(exported.orders.map((o) => o.id)).toContain(order.id);

    // Erase: the confirmation asks for a reason; without one nothing happens.
    await details.getByRole('button', { name: 'Erase personal data' }).click();
    const confirm = page.getByRole('dialog', { name: 'Erase personal data' });
    await confirm.getByRole('button', { name: 'Erase', exact: true }).click();
    await confirm.getByRole('alert').getByText('A reason is required').waitFor();
    expect(await loginStatus(store, buyer.email, buyer.password)).toBe(200);
    await confirm.getByLabel(/Reason/).fill('DPDP erasure request by e-mail, ticket 5120');
    await confirm.getByRole('button', { name: 'Erase', exact: true }).click();
    await toast(page, 'Customer erased').waitFor();
    await confirm.waitFor({ state: 'detached' });
    await eventually(async () => (await row.textContent()) ?? '').toContain('Erased customer');
    expect(await row.textContent()).not.toContain(buyer.email);
    expect(await loginStatus(store, buyer.email, buyer.password)).toBe(401);
    await page.context().close();
  });

  it('the shopper deletes their account from the Profile (password and typed DELETE): signed out, and signing in is refused', async () => {
    const shopper = await signUpShopper(store, 'Kabir Anand');
    const page = await openPage(store.browser, store.baseUrl, { token: shopper.token });
    await page.goto('/profile');
    await page.getByRole('button', { name: 'Delete account' }).click();
    const form = page.getByRole('form', { name: 'Delete account' });
    await form.getByLabel('Current password').fill('not-my-password');
    await form.getByLabel('Type DELETE to confirm').fill('DELETE');
    await form.getByRole('button', { name: 'Delete my account' }).click();
    await form.getByRole('alert').getByText('Current password is incorrect').waitFor();
    await form.getByLabel('Current password').fill(shopper.password);
    await form.getByLabel('Type DELETE to confirm').fill('delete');
    await form.getByRole('button', { name: 'Delete my account' }).click();
    await form.getByRole('alert').getByText('Type DELETE to confirm').waitFor();
    expect(await loginStatus(store, shopper.email, shopper.password)).toBe(200);

    await form.getByLabel('Type DELETE to confirm').fill('DELETE');
    await form.getByRole('button', { name: 'Delete my account' }).click();
    await shopperToast(page, 'Your account and personal data have been erased').waitFor();
    await page.waitForURL((url) => url.pathname === '/');
    await waitForHydration(page);
    await page.getByRole('link', { name: 'Sign In' }).first().waitFor();
    expect(await page.evaluate(() => localStorage.getItem('auth_token'))).toBeNull();
    expect((await fetch(`${store.baseUrl}/api/auth/profile`, { headers: { authorization: `Bearer ${shopper.token}` } })).status).toBe(401);

    // Signing in again is refused, in the page as over the API.
    await page.goto('/login');
    await page.getByLabel('Email').fill(shopper.email);
    await page.getByLabel('Password').fill(shopper.password);
    await page.getByRole('button', { name: 'Sign In' }).click();
    await page.getByRole('alert').getByText('Invalid email or password').waitFor();
    expect(await loginStatus(store, shopper.email, shopper.password)).toBe(401);
    await page.context().close();
  });
});
