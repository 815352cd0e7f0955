import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startStore, type E2EContext } from './harness.js';

describe('the store in a real browser', () => {
  let store: E2EContext;
  beforeAll(async () => {
    store = await startStore({ seedDemo: false });
  });
  afterAll(async () => store?.close());

  it('serves HTML (not JSON) on a reload of shopper and admin routes, JSON under /api', async () => {
    const page = await store.newPage();
    // What a reload gets from the server (the SPAs may navigate on their own once loaded, so ask without running them).
    for (const route of ['/', '/products', '/orders', '/product/abc', '/admin', '/admin/orders', '/admin/products', '/admin/users']) {
      const response = await page.request.get(route);
      expect(response.status(), route).toBe(200);
      expect(response.headers()['content-type'], route).toMatch(/text\/html/);
      expect(await response.text(), route).toMatch(/<div id="root">/);
    }
    const api = await page.goto('/api/health');
    expect(api?.headers()['content-type']).toMatch(/application\/json/);
    expect(await api?.json()).toMatchObject({ success: true, database: 'ok' });
    const missing = await page.goto('/api/nope');
    expect(missing?.status()).toBe(404);
  });
});
