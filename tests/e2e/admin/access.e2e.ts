import { describe, expect, it } from 'vitest';
import { useStore } from '../harness.js';
import { pageWithToken, shopper } from './admin-session.js';

describe('admin dashboard access', () => {
  const store = useStore({ seedDemo: false });

  it('sends a signed-in shopper from /admin to /', async () => {
    const { token } = await shopper(store);
    const page = await pageWithToken(store, token);
    await page.goto('/admin');
    await page.waitForURL((url) => url.pathname === '/', { timeout: 10_000 });
    expect(new URL(page.url()).pathname).toBe('/');
    await page.context().close();
  });

  it('sends a visitor without a token to the storefront sign-in', async () => {
    const page = await pageWithToken(store, null);
    await page.goto('/admin/orders');
    await page.waitForURL((url) => url.pathname === '/login', { timeout: 10_000 });
    expect(new URL(page.url()).pathname).toBe('/login');
    await page.context().close();
  });

  it('the demo admin signs in on the storefront and lands on the dashboard', async () => {
    const page = await pageWithToken(store, null);
    await page.goto('/login');
    await page.locator('input[name="email"]').fill('admin@animecollectibles.in');
    await page.locator('input[name="password"]').fill('admin12345');
    await page.getByRole('button', { name: 'Sign In', exact: true }).click();
    await page.waitForURL((url) => url.pathname === '/admin', { timeout: 10_000 });
    await page.getByText('Admin Access').waitFor();
    await page.getByText('Welcome back, Store Admin').waitFor();
    await page.context().close();
  });
});
