import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, loginAdmin, signUp, type TestContext } from '../helpers/test-runtime.js';
import { ADMIN_URL, apiRoutes, fillPath } from './routes.js';

/** What a route may keep cacheable for a signed-in caller: answers it declares public (the same for everyone). */
const isPublic = (cacheControl: unknown) => /\bpublic\b/.test(String(cacheControl ?? ''));

describe('personal answers are never stored by a cache', () => {
  let ctx: TestContext;
  let shopper: Record<string, string>;
  let admin: Record<string, string>;
  beforeAll(async () => {
    ctx = await createTestApp();
    shopper = (await signUp(ctx.app)).auth;
    admin = (await loginAdmin(ctx.app)).auth;
  });
  afterAll(async () => {
    await ctx?.close();
  });

  it('every GET route, asked by a signed-in shopper (an admin for admin routes), answers Cache-Control: no-store', async () => {
    const routes = apiRoutes(ctx.app).filter((r) => r.method === 'GET');
    expect(routes.length).toBeGreaterThan(30);
    const cacheable: string[] = [];
    for (const route of routes) {
      const url = fillPath(route.url, (name) => (name === 'pincode' ? '400001' : 'no-such-id'));
      const res = await ctx.app.inject({ method: 'GET', url, headers: ADMIN_URL.test(route.url) ? admin : shopper });
      const cacheControl = res.headers['cache-control'];
      if (cacheControl !== 'no-store' && !isPublic(cacheControl)) cacheable.push(`${route.url} ${res.statusCode} ${String(cacheControl)}`);
    }
    expect(cacheable).toEqual([]);
  });

  it('the answers the review found: profile, orders and the admin dashboard', async () => {
    for (const [url, headers] of [
      ['/api/user/profile', shopper],
      ['/api/user/orders', shopper],
      ['/api/orders', shopper],
      ['/api/auth/profile', shopper],
      ['/api/user/wishlist', shopper],
      ['/api/admin/orders', admin],
      ['/api/admin/stats', admin],
    ] as const) {
      const res = await ctx.app.inject({ url, headers });
      expect(res.statusCode, url).toBe(200);
      expect(res.headers['cache-control'], url).toBe('no-store');
    }
  });

  it('a refusal of a personal route is not stored either; a guest’s catalogue read keeps its caching', async () => {
    const refused = await ctx.app.inject({ url: '/api/user/profile' });
    expect(refused.statusCode).toBe(401);
    expect(refused.headers['cache-control']).toBe('no-store');
    expect((await ctx.app.inject({ url: '/api/products' })).headers['cache-control']).toBe('no-cache');
    // The same list asked with a token may say what is the caller's own: not stored.
    expect((await ctx.app.inject({ url: '/api/products', headers: shopper })).headers['cache-control']).toBe('no-store');
  });
});
