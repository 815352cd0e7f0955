import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { issueToken } from '../../src/plugins/auth.js';
import { createTestApp, loginAdmin, signUp, type TestContext } from '../helpers/test-runtime.js';
import { createProduct, orderIdOf, placeOrder } from './fixtures.js';
import fc from 'fast-check';
import { FAKE_PATHS, startFakeImageHost, type FakeImageHost } from './fake-image-host.js';
import { fuzz, imageRouteArbitrary, sendAndCheck, summarise, type FuzzSetup } from './fuzz-engine.js';

/** Entities the fuzzer can aim at: a product, an order and an address of the shopper. */
export async function fuzzSetup(ctx: TestContext): Promise<FuzzSetup> {
  const { app, runtime } = ctx;
  const shopper = await signUp(app);
  const admin = await loginAdmin(app);
  const knownIds: string[] = [shopper.user.id];
  const product = await createProduct(app, runtime, admin.auth, { stock: 100_000 });
  knownIds.push(product.id);
  const order = await placeOrder(app, shopper.auth, product.id);
  if (order.statusCode !== 201) throw new Error(`fuzz setup: order ${order.statusCode} ${order.body}`);
  knownIds.push(orderIdOf(order.json())!);
  const r = await app.inject({
    method: 'POST',
    url: '/api/user/addresses',
    headers: shopper.auth,
    payload: { name: 'Fuzz', address: '1 Road', city: 'Pune', state: 'Maharashtra', pincode: '411001', phone: '9876543210' },
  });
  const body = r.json() as { address?: { id?: string } };
  if (r.statusCode !== 201 || !body.address?.id) throw new Error(`fuzz setup: address ${r.statusCode} ${r.body}`);
  knownIds.push(body.address.id);
  const ghost = await issueToken(runtime.jwtSecret, { id: randomUUID(), role: 'customer' }, 1);
  return { app, pool: runtime.pool, auth: { guest: {}, shopper: shopper.auth, admin: admin.auth, ghost: { authorization: `Bearer ${ghost}` } }, knownIds };
}

describe('fuzzing every registered route (fixed seed)', () => {
  let ctx: TestContext;
  let host: FakeImageHost;
  let setup: FuzzSetup;
  beforeAll(async () => {
    // The image routes fetch from a local fake host only: no fuzzed request may reach a real one.
    host = await startFakeImageHost();
    ctx = await createTestApp({ imageFetch: host.rules });
    setup = await fuzzSetup(ctx);
  });
  afterAll(async () => {
    await ctx?.close();
    await host?.close();
  });

  it('1,500 malformed, oversized, wrongly typed and boundary requests: no 5xx, and no refused request changes the log', async () => {
    const report = await fuzz(setup, { count: 1500, seed: 20261122 });
    expect(report.requests).toBe(1500);
    expect(report.routes).toBeGreaterThan(10);
    expect(report.byStatus['4xx'] ?? 0).toBeGreaterThan(500);
    expect(summarise(report.failures)).toEqual([]);
    expect(report.fiveXx).toBe(0);
    expect(report.refusedButChanged).toBe(0);
    expect(report.badShapes).toEqual([]);
    // 1,500 requests take ~9 s on a quiet 2-core machine; the bound only guards against a hang, not speed.
  }, 240_000);

  it('the image proxy and the Drive-URL uploads, 400 requests aimed at the fake image host: no 5xx, no refused request changes the log', async () => {
    const served = host.requests.length;
    const looked = host.lookups.length;
    // The injected rules are in force: the proxy fetches a picture from the fake host.
    const proxied = await ctx.app.inject({ method: 'GET', url: `/api/products/image-proxy?url=${encodeURIComponent(`${host.origin}/image.png`)}` });
    expect(proxied.statusCode).toBe(200);
    expect(proxied.headers['content-type']).toBe('image/png');
    expect(host.requests.slice(served, served + 1)).toEqual(['/image.png']);
    // …and its refusals: a hop to the metadata address, to a name resolving privately, to a loopback literal or a file.
    const proxy = async (path: string) => {
      const r = await ctx.app.inject({ method: 'GET', url: `/api/products/image-proxy?url=${encodeURIComponent(`${host.origin}${path}`)}` });
      return [r.statusCode, (r.json() as { error?: string }).error];
    };
    expect(await proxy('/redirect/metadata')).toEqual([400, 'This image host is not allowed']);
    expect(await proxy('/redirect/private-name')).toEqual([400, 'This address is not allowed']);
    expect(await proxy('/redirect/loopback-literal')).toEqual([400, 'This image host is not allowed']);
    expect(await proxy('/redirect/file')).toEqual([400, 'Only http and https image URLs are allowed']);

    const requests = fc.sample(imageRouteArbitrary(setup, { origin: host.origin, port: host.port, paths: FAKE_PATHS }), { numRuns: 400, seed: 20261124 });
    const report = await sendAndCheck(setup, requests, 3);
    expect(summarise(report.failures)).toEqual([]);
    expect(report.fiveXx).toBe(0);
    expect(report.refusedButChanged).toBe(0);
    expect(report.badShapes).toEqual([]);
    // The fuzz reached deep: pictures were stored, hops refused, and the host's own failures came back as 502.
    expect(report.byStatus['2xx'] ?? 0).toBeGreaterThanOrEqual(10);
    expect(report.byStatus['4xx'] ?? 0).toBeGreaterThan(100);
    expect(report.upstream502).toBeGreaterThan(0);
    expect([...new Set(host.requests.slice(served))]).toEqual(
      expect.arrayContaining(['/image.png', '/redirect/metadata', '/redirect/private-name', '/too-big', '/status/500']),
    );
    // Every other name the app looked up (Drive, Unsplash) was answered with a TEST-NET address the policy refuses.
    expect([...new Set(host.lookups.slice(looked).map((name) => name.replace(/\.$/, '')))].sort()).toEqual([
      'drive.google.com',
      'fake-image-host.test',
      'images.unsplash.com',
      'private.fake-image-host.test',
    ]);
    // ~10 s on a loaded machine; like the first, the bound only guards against a hang.
  }, 240_000);
});
