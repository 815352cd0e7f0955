import { describe, expect, it } from 'vitest';
import { useStore } from '../harness.js';
import { eventually, openPage, signUpShopper } from './shopper-session.js';

/** Only a 401 from the profile call signs a shopper out; a passing failure keeps them signed in. */
describe('storefront: a passing failure never signs a shopper out', () => {
  const store = useStore();

  it('through a 503, a 429 and a network error the shopper stays signed in as last known, and the retry gets the profile', async () => {
    const shopper = await signUpShopper(store, 'Rohan Mehta');
    const page = await openPage(store.browser, store.baseUrl, { token: shopper.token });
    await page.goto('/orders');
    await page.getByRole('heading', { name: 'My Orders' }).waitFor();

    for (const failure of ['503', '429', 'network'] as const) {
      let failed = 0;
      await page.route('**/api/auth/profile', async (route) => {
        failed++;
        if (failure === 'network') return route.abort('failed');
        return route.fulfill({
          status: Number(failure),
          contentType: 'application/json',
          headers: failure === '429' ? { 'retry-after': '1' } : {},
          body: JSON.stringify({ success: false, error: 'Service unavailable' }),
        });
      });
      await page.reload();
      await eventually(() => failed).toBeGreaterThanOrEqual(1);
      await page.getByRole('heading', { name: 'My Orders' }).waitFor();
      expect(new URL(page.url()).pathname).toBe('/orders');
      expect(await page.evaluate(() => localStorage.getItem('auth_token'))).toBe(shopper.token);
      // The outage ends: the next retry (after 1 s) gets the profile and nothing was lost.
      let answered = 0;
      await page.unroute('**/api/auth/profile');
      await page.route('**/api/auth/profile', async (route) => {
        answered++;
        await route.continue();
      });
      await eventually(() => answered).toBe(1);
      await page.unroute('**/api/auth/profile');
      expect(await page.evaluate(() => localStorage.getItem('auth_token'))).toBe(shopper.token);
    }
    await page.context().close();
  });

  it('a 401 removes the token and Orders sends the shopper to /login', async () => {
    const shopper = await signUpShopper(store, 'Isha Kapoor');
    const page = await openPage(store.browser, store.baseUrl, { token: shopper.token });
    await page.goto('/orders');
    await page.getByRole('heading', { name: 'My Orders' }).waitFor();
    await page.route('**/api/auth/profile', (route) =>
      route.fulfill({ status: 401, contentType: 'application/json', body: JSON.stringify({ success: false, error: 'Invalid or expired token' }) }),
    );
    await page.reload();
    await page.waitForURL('**/login');
    expect(await page.evaluate(() => [localStorage.getItem('auth_token'), localStorage.getItem('auth_user')])).toEqual([null, null]);
    await page.context().close();
  });

  it('a 401 to the token on another call (the order list) also removes it and signs the shopper out (the kit client)', async () => {
    const shopper = await signUpShopper(store, 'Kabir Sethi');
    const page = await openPage(store.browser, store.baseUrl, { token: shopper.token });
    await page.route('**/api/user/orders', (route) =>
      route.fulfill({ status: 401, contentType: 'application/json', body: JSON.stringify({ success: false, error: 'Invalid or expired token' }) }),
    );
    await page.goto('/orders');
    await page.waitForURL('**/login');
    expect(await page.evaluate(() => [localStorage.getItem('auth_token'), localStorage.getItem('auth_user')])).toEqual([null, null]);
    await page.context().close();
  });
});
