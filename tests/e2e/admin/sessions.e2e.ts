import { describe, expect, it } from 'vitest';
import { useStore } from '../harness.js';
import { adminPage, pageWithToken, shopper, toast } from './admin-session.js';

// Sign-out ends the token on the server in both apps; the dashboard's feed uses tickets and leaves when its session ends.
describe('sessions in the browser', () => {
  const store = useStore();

  const profileStatus = async (token: string) => (await fetch(`${store.baseUrl}/api/auth/profile`, { headers: { authorization: `Bearer ${token}` } })).status;

  it('the dashboard opens its live feed with a ticket, never the token, and Sign out ends the token on the server', async () => {
    const { page, token } = await adminPage(store);
    const sockets: string[] = [];
    page.on('websocket', (ws) => sockets.push(ws.url()));
    await page.goto('/admin');
    await page.locator('[data-testid="live-indicator"][data-state="live"]').waitFor();
    expect(sockets.length).toBeGreaterThan(0);
    for (const url of sockets) {
      expect(url).toMatch(/\/api\/admin\/live\?ticket=[A-Za-z0-9_-]{43}$/);
      expect(url).not.toContain(token);
    }
    await page.getByRole('button', { name: 'Sign out' }).click();
    await page.waitForURL((url) => url.pathname === '/');
    // (The page's init script puts the token back on every load, so the browser's storage proves nothing here.)
    expect(await profileStatus(token)).toBe(401);
    await page.context().close();
  });

  it('when an admin signs another admin out everywhere, that dashboard leaves for the sign-in page', async () => {
    const admin = await adminPage(store);
    const staff = await shopper(store);
    const promoted = await store.ctx.app.inject({
      method: 'PUT',
      url: `/api/admin/users/${staff.user.id}/role`,
      headers: { authorization: `Bearer ${admin.token}` },
      payload: { role: 'admin' },
    });
    expect(promoted.statusCode).toBe(200);
    const page = await pageWithToken(store, staff.token);
    await page.goto('/admin');
    await page.locator('[data-testid="live-indicator"][data-state="live"]').waitFor();
    const out = await store.ctx.app.inject({
      method: 'POST',
      url: `/api/admin/users/${staff.user.id}/sign-out`,
      headers: { authorization: `Bearer ${admin.token}` },
    });
    expect(out.statusCode).toBe(200);
    await page.waitForURL((url) => url.pathname === '/login', { timeout: 10_000 });
    await page.context().close();
    await admin.page.context().close();
  });

  it('the storefront asks for the current password to change the e-mail, and its Sign out ends the token', async () => {
    const buyer = await shopper(store);
    const page = await pageWithToken(store, buyer.token);
    await page.goto('/profile');
    await page.getByRole('button', { name: 'Edit Profile' }).click();
    expect(await page.getByLabel(/Current password/).count()).toBe(0);
    const email = `moved-${Date.now()}@example.in`;
    await page.getByLabel('Email').fill(email);
    await page.getByLabel(/Current password/).fill(buyer.password);
    await page.getByRole('button', { name: 'Save Changes' }).click();
    await toast(page, 'Profile updated successfully!').waitFor();
    const login = await store.ctx.app.inject({ method: 'POST', url: '/api/auth/login', payload: { email, password: buyer.password } });
    expect(login.statusCode).toBe(200);

    await page.getByRole('button', { name: 'Account menu' }).click();
    await page.getByRole('menuitem', { name: 'Sign out' }).click();
    await toast(page, 'Signed out successfully').waitFor();
    expect(await profileStatus(buyer.token)).toBe(401);
    await page.context().close();
  });
});
