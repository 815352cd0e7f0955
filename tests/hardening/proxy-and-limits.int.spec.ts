import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_LIMITS, NO_LIMITS, type Limits } from '../../src/config/limits.js';
import { createTestApp, loginAdmin, signUp, type TestContext } from '../helpers/test-runtime.js';
import { createProduct } from './fixtures.js';
import { apiRoutes, fillPath } from './routes.js';

/**
 * X-Forwarded-For is believed only from the proxy named in TRUST_PROXY, and request budgets
 * are counted per signed-in user, else per address, per kind of route, so a household behind one carrier-NAT address
 * browses freely while writes, sign-in and uploads stay tight.
 */
const small: Partial<Limits> = { ...NO_LIMITS, cataloguePerMinute: 10, readsPerMinute: 10, writesPerMinute: 10, uploadsPerMinute: 10 };
const statusesOf = (responses: LightMyRequestResponse[]) => responses.map((r) => r.statusCode);
const randomAddress = () =>
  `${1 + Math.floor(Math.random() * 220)}.${Math.floor(Math.random() * 255)}.${Math.floor(Math.random() * 255)}.${1 + Math.floor(Math.random() * 250)}`;

async function burst(
  ctx: TestContext,
  count: number,
  request: { url: string; method?: 'GET' | 'POST' | 'PUT' | 'DELETE'; remoteAddress?: string; headers?: () => Record<string, string>; payload?: object },
) {
  const responses: LightMyRequestResponse[] = [];
  for (let i = 0; i < count; i++) {
    responses.push(
      await ctx.app.inject({
        method: request.method ?? 'GET',
        url: request.url,
        remoteAddress: request.remoteAddress,
        headers: request.headers?.(),
        ...(request.payload ? { payload: request.payload } : {}),
      }),
    );
  }
  return responses;
}

describe('TRUST_PROXY unset: no proxy is trusted', () => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestApp({ limits: small });
  });
  afterAll(async () => ctx?.close());

  it('a direct client rotating X-Forwarded-For is limited exactly like one that sends none', async () => {
    const rotating = await burst(ctx, 13, { url: '/api/products', remoteAddress: '192.0.2.10', headers: () => ({ 'x-forwarded-for': randomAddress() }) });
    const plain = await burst(ctx, 13, { url: '/api/products', remoteAddress: '192.0.2.11' });
    expect(statusesOf(rotating)).toEqual(statusesOf(plain));
    expect(statusesOf(plain)).toEqual([...Array(10).fill(200), 429, 429, 429]);
    const last = rotating.at(-1)!;
    expect(last.json()).toEqual({ success: false, error: 'Too many requests' });
    expect(Number(last.headers['retry-after'])).toBeGreaterThan(0);
  });

  it("the issue's attack: 25 wrong admin passwords, each with another X-Forwarded-For, end in 429 (real sign-in limits)", async () => {
    // A frozen clock: on a loaded machine a back-off of 1 s can pass between two requests of the burst.
    const frozen = Date.now();
    const real = await createTestApp({ limits: DEFAULT_LIMITS, now: () => frozen });
    try {
      const { DEMO_ADMIN } = await import('../../src/config/env.js');
      const statuses = statusesOf(
        await burst(real, 25, {
          method: 'POST',
          url: '/api/auth/login',
          remoteAddress: '192.0.2.20',
          headers: () => ({ 'x-forwarded-for': randomAddress() }),
          payload: { email: DEMO_ADMIN.email, password: 'not-the-password' },
        }),
      );
      expect(statuses.filter((s) => s === 401)).toHaveLength(DEFAULT_LIMITS.authThrottle.account.freeFailures + 1);
      expect(statuses.slice(-10)).toEqual(Array(10).fill(429));
    } finally {
      await real.close();
    }
  });
});

describe("TRUST_PROXY set to the proxy's address", () => {
  let ctx: TestContext;
  const proxy = '10.0.0.2';
  beforeAll(async () => {
    ctx = await createTestApp({ limits: small, env: { TRUST_PROXY: proxy } });
  });
  afterAll(async () => ctx?.close());

  it("counts each forwarded client on its own; a spoofed entry before the proxy's own is ignored", async () => {
    const first = await burst(ctx, 10, { url: '/api/products', remoteAddress: proxy, headers: () => ({ 'x-forwarded-for': '198.51.100.1' }) });
    // The client wrote an X-Forwarded-For of its own; the proxy appended the address it saw.
    const second = await burst(ctx, 10, {
      url: '/api/products',
      remoteAddress: proxy,
      headers: () => ({ 'x-forwarded-for': `${randomAddress()}, 198.51.100.2` }),
    });
    expect(statusesOf([...first, ...second])).toEqual(Array(20).fill(200));
    const firstAgain = await ctx.app.inject({ url: '/api/products', remoteAddress: proxy, headers: { 'x-forwarded-for': `${randomAddress()}, 198.51.100.1` } });
    expect(firstAgain.statusCode).toBe(429);
  });

  it('a client that is not the proxy is still counted by its own address', async () => {
    const direct = await burst(ctx, 11, { url: '/api/products', remoteAddress: '192.0.2.30', headers: () => ({ 'x-forwarded-for': randomAddress() }) });
    expect(statusesOf(direct)).toEqual([...Array(10).fill(200), 429]);
  });
});

describe('budgets: per user where there is one, per address otherwise, per kind of route', () => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestApp({ limits: small });
  });
  afterAll(async () => ctx?.close());

  it('shoppers signed in behind one address each have their own budget; guests there share one', async () => {
    const address = '100.64.1.1';
    const [a, b] = [await signUp(ctx.app), await signUp(ctx.app)];
    const asA = await burst(ctx, 10, { url: '/api/products', remoteAddress: address, headers: () => a.auth });
    const asB = await burst(ctx, 10, { url: '/api/products', remoteAddress: address, headers: () => b.auth });
    const guests = await burst(ctx, 10, { url: '/api/products', remoteAddress: address });
    expect(statusesOf([...asA, ...asB, ...guests])).toEqual(Array(30).fill(200));
    expect((await ctx.app.inject({ url: '/api/products', remoteAddress: address })).statusCode).toBe(429);
    expect((await ctx.app.inject({ url: '/api/products', remoteAddress: address, headers: a.auth })).statusCode).toBe(429);
    // A's own budget is spent wherever A goes, not only at that address.
    expect((await ctx.app.inject({ url: '/api/products', remoteAddress: '100.64.9.9', headers: a.auth })).statusCode).toBe(429);
  });

  it("every kind of route answers 429 with Retry-After and the spec's words once its budget is spent; the budgets are separate", async () => {
    const shopper = await signUp(ctx.app);
    const admin = await loginAdmin(ctx.app);
    const kinds = [
      { name: 'catalogue', url: '/api/products/search?q=figure', headers: () => shopper.auth },
      { name: 'reads', url: '/api/auth/profile', headers: () => shopper.auth },
      { name: 'writes', method: 'POST' as const, url: '/api/user/wishlist', headers: () => shopper.auth, payload: { productId: 'no-such-product' } },
      { name: 'uploads', method: 'POST' as const, url: '/api/cloudinary/single', headers: () => admin.auth, payload: {} },
    ];
    for (const kind of kinds) {
      const responses = await burst(ctx, 11, kind);
      expect(
        statusesOf(responses.slice(0, 10)).every((s) => s !== 429),
        kind.name,
      ).toBe(true);
      const last = responses.at(-1)!;
      expect(last.statusCode, kind.name).toBe(429);
      expect(Number(last.headers['retry-after']), kind.name).toBeGreaterThan(0);
      expect(last.json()).toEqual({ success: false, error: 'Too many requests' });
    }
  });

  it('/api/health is never limited', async () => {
    const health = await burst(ctx, 40, { url: '/api/health', remoteAddress: '192.0.2.99' });
    expect(statusesOf(health)).toEqual(Array(40).fill(200));
    expect(health.at(-1)!.headers['x-ratelimit-limit']).toBeUndefined();
  });
});

describe('every registered route has a budget (enumerated from the routes that exist)', () => {
  /** Deliberately outside the budgets: health checks, the providers' webhooks (signed, or a shared token), the catalogue's by-id read. */
  const UNLIMITED = [
    'GET /api/health',
    'HEAD /api/health',
    'GET /api/health/live',
    'HEAD /api/health/live',
    'GET /api/health/ready',
    'HEAD /api/health/ready',
    'POST /api/razorpay/webhook',
    'POST /api/razorpayx/webhook',
    'POST /api/shipping/webhook',
    'GET /api/products/:id',
    'HEAD /api/products/:id',
  ];

  it('with every budget at 1, the second call of each route is 429 with Retry-After; the unlimited ones never', async () => {
    const tight = await createTestApp({
      limits: { ...NO_LIMITS, cataloguePerMinute: 1, readsPerMinute: 1, writesPerMinute: 1, uploadsPerMinute: 1, authPerMinute: 1 },
    });
    try {
      const admin = await loginAdmin(tight.app);
      const routes = apiRoutes(tight.app);
      expect(routes.length).toBeGreaterThan(50);
      const wrong: string[] = [];
      for (const route of routes) {
        const name = `${route.method} ${route.url}`;
        const call = () =>
          tight.app.inject({
            method: route.method,
            url: fillPath(route.url, '00000000-0000-4000-8000-000000000001'),
            headers: admin.auth,
            ...(['GET', 'HEAD', 'DELETE'].includes(route.method) ? {} : { payload: {} }),
          });
        await call();
        const second = await call();
        const limited = second.statusCode === 429 && Number(second.headers['retry-after']) > 0;
        if (UNLIMITED.includes(name) ? second.statusCode === 429 : !limited) wrong.push(`${name} -> ${second.statusCode}`);
      }
      expect(wrong).toEqual([]);
    } finally {
      await tight.close();
    }
  });
});

describe("the store's real budgets", () => {
  let ctx: TestContext;
  let products: string[];
  beforeAll(async () => {
    ctx = await createTestApp({ limits: { ...DEFAULT_LIMITS, authThrottle: NO_LIMITS.authThrottle } });
    const admin = await loginAdmin(ctx.app);
    products = [];
    for (let i = 0; i < 6; i++) products.push((await createProduct(ctx.app, ctx.runtime, admin.auth)).id);
  });
  afterAll(async () => ctx?.close());

  /**
   * One shopper's minute of brisk browsing, as the storefront's pages call the API: a page about every 10 s (home with
   * two carousels and a product list, a category page, two product pages with their reviews, a search typed in three
   * steps, the cart refreshing three products, the next page of the list) — 18 catalogue reads, plus the profile and
   * wishlist for a signed-in shopper.
   */
  function aMinuteOfBrowsing(turn: number, signedIn: boolean) {
    const p = (i: number) => products[(turn + i) % products.length]!;
    const reads = [
      '/api/carousels/hero',
      '/api/carousels/categories',
      '/api/products?limit=12',
      '/api/carousels/anime-figures',
      '/api/products/category/anime-figures',
      `/api/products/${p(0)}`,
      `/api/products/${p(0)}/reviews`,
      `/api/products/${p(1)}`,
      `/api/products/${p(1)}/reviews`,
      '/api/products/search?q=fig',
      '/api/products/search?q=figu',
      '/api/products/search?q=figure',
      `/api/products/${p(2)}`,
      `/api/products/${p(3)}`,
      `/api/products/${p(4)}`,
      '/api/products?limit=12&page=2',
      '/api/products/category/keychains',
      `/api/products/${p(5)}`,
    ];
    return signedIn ? [...reads, '/api/auth/profile', '/api/user/wishlist'] : reads;
  }

  it('a household of 20 shoppers behind one carrier-NAT address browsing for 5 minutes (compressed into seconds, so all in one budget window) never sees a 429', async () => {
    const address = '100.64.20.20';
    const signedIn = await Promise.all(Array.from({ length: 6 }, () => signUp(ctx.app)));
    const shoppers = [...signedIn.map((s) => s.auth), ...Array.from({ length: 14 }, () => undefined)];
    const statuses = new Map<number, number>();
    let requests = 0;
    for (let minute = 0; minute < 5; minute++) {
      // The shoppers browse side by side: their requests interleave as they would on the wire.
      await Promise.all(
        shoppers.map(async (auth, turn) => {
          for (const url of aMinuteOfBrowsing(turn + minute, Boolean(auth))) {
            const r = await ctx.app.inject({ url, remoteAddress: address, headers: auth });
            statuses.set(r.statusCode, (statuses.get(r.statusCode) ?? 0) + 1);
            requests++;
          }
        }),
      );
    }
    expect(requests).toBe(5 * (20 * 18 + 6 * 2));
    expect(statuses.get(429) ?? 0).toBe(0);
    expect([...statuses.keys()].every((s) => s < 500)).toBe(true);
  });

  it("writes and uploads stay tight: one shopper's 121st write in a minute, an admin's 31st upload, a 31st sign-in from one address get 429", async () => {
    const shopper = await signUp(ctx.app);
    const writes = await burst(ctx, DEFAULT_LIMITS.writesPerMinute + 1, {
      method: 'POST',
      url: '/api/user/wishlist',
      headers: () => shopper.auth,
      payload: { productId: products[0] },
    });
    expect(writes.at(-2)!.statusCode).not.toBe(429);
    expect(writes.at(-1)!.statusCode).toBe(429);
    const admin = await loginAdmin(ctx.app);
    const uploads = await burst(ctx, DEFAULT_LIMITS.uploadsPerMinute + 1, {
      method: 'POST',
      url: '/api/cloudinary/single',
      headers: () => admin.auth,
      payload: {},
    });
    expect(uploads.at(-2)!.statusCode).not.toBe(429);
    expect(uploads.at(-1)!.statusCode).toBe(429);
    const logins = await burst(ctx, DEFAULT_LIMITS.authPerMinute + 1, {
      method: 'POST',
      url: '/api/auth/login',
      remoteAddress: '192.0.2.77',
      payload: { email: shopper.email, password: shopper.password },
    });
    expect(logins.at(-2)!.statusCode).toBe(200);
    expect(logins.at(-1)!.statusCode).toBe(429);
  });
});
