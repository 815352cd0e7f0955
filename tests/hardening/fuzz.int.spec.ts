import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { issueToken } from '../../src/plugins/auth.js';
import { createTestApp, loginAdmin, signUp, type TestContext } from '../helpers/test-runtime.js';
import { createProduct, orderIdOf, placeOrder } from './fixtures.js';
import { fuzz, summarise, type FuzzSetup } from './fuzz-engine.js';

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
  const r = await app.inject({ method: 'POST', url: '/api/user/addresses', headers: shopper.auth, payload: { name: 'Fuzz', address: '1 Road', city: 'Pune', state: 'Maharashtra', pincode: '411001', phone: '9876543210' } });
  const body = r.json() as { address?: { id?: string } };
  if (r.statusCode !== 201 || !body.address?.id) throw new Error(`fuzz setup: address ${r.statusCode} ${r.body}`);
  knownIds.push(body.address.id);
  const ghost = await issueToken(runtime.jwtSecret, { id: randomUUID(), role: 'customer' }, 1);
  return { app, pool: runtime.pool, auth: { guest: {}, shopper: shopper.auth, admin: admin.auth, ghost: { authorization: `Bearer ${ghost}` } }, knownIds };
}

describe('fuzzing every registered route (fixed seed)', () => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestApp();
  });
  afterAll(async () => ctx?.close());

  it('1,500 malformed, oversized, wrongly typed and boundary requests: no 5xx, and no refused request changes the log', async () => {
    const setup = await fuzzSetup(ctx);
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
});
