import type { ChildProcess } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { mkdtempSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { webhookSignature } from '../../src/modules/payments/signature.js';
import { createTestApp, loginAdmin, signUp, type TestContext } from '../helpers/test-runtime.js';
import { stockByLog } from './consistency.js';
import { createProduct, SHIPPING } from './fixtures.js';
import { startServer, WITHOUT_LOCAL_LOCKS } from './processes.js';

/**
 * Races that prove the store, not the process: two server processes (the real entry point) on one database, the
 * second without its in-process lock, so nothing but the event store's expectedVersion keeps the writers apart.
 */
const WEBHOOK_SECRET = 'whsec_races_0123456789';
let ctx: TestContext;
const children: ChildProcess[] = [];
let locked: string;
let unlocked: string;

beforeAll(async () => {
  ctx = await createTestApp({ env: { RAZORPAY_WEBHOOK_SECRET: WEBHOOK_SECRET } });
  const env = { DATABASE_URL: ctx.databaseUrl, JWT_SECRET: ctx.runtime.env.JWT_SECRET!, RAZORPAY_WEBHOOK_SECRET: WEBHOOK_SECRET };
  const dir = (name: string) => mkdtempSync(path.join(os.tmpdir(), `races-${name}-`));
  const [one, two] = await Promise.all([startServer({ ...env, DATA_DIR: dir('one') }), startServer({ ...env, DATA_DIR: dir('two') }, [WITHOUT_LOCAL_LOCKS])]);
  children.push(one.child, two.child);
  locked = one.url;
  unlocked = two.url;
}, 180_000);
afterAll(async () => {
  for (const child of children) child.kill('SIGTERM');
  await ctx?.close();
});

const post = async (base: string, url: string, auth: Record<string, string>, body: unknown, headers: Record<string, string> = {}) => {
  const response = await fetch(`${base}${url}`, { method: 'POST', headers: { 'content-type': 'application/json', ...auth, ...headers }, body: typeof body === 'string' ? body : JSON.stringify(body) });
  return { status: response.status, body: (await response.json()) as Record<string, unknown> };
};

describe('two server processes on one database, one without its in-process lock', () => {
  it('200 concurrent orders for the last 5 units across both: exactly 5 succeed, 195 get 409, stock by the log is 0', async () => {
    const admin = await loginAdmin(ctx.app);
    const product = await createProduct(ctx.app, ctx.runtime, admin.auth, { price: 1500, stock: 5 });
    const shoppers = await Promise.all(Array.from({ length: 10 }, () => signUp(ctx.app)));
    const responses = await Promise.all(
      Array.from({ length: 200 }, (_, i) =>
        post(i % 2 ? unlocked : locked, '/api/orders', shoppers[i % 10]!.auth, { ...SHIPPING, payment_method: 'cod', items: [{ productId: product.id, quantity: 1 }] }),
      ),
    );
    const codes = responses.map((r) => r.status);
    expect(codes.filter((c) => c !== 201 && c !== 409)).toEqual([]);
    expect(codes.filter((c) => c === 201)).toHaveLength(5);
    const placed = await ctx.runtime.pool.query<{ n: number }>("select count(*)::int as n from events where type = 'OrderPlaced' and data->'items'->0->>'productId' = $1", [product.id]);
    expect(placed.rows[0]!.n).toBe(5);
    expect(await stockByLog(ctx.runtime.pool, product.id)).toMatchObject({ available: 0, reserved: 5 });
  }, 120_000);

  it('the browser’s verify-payment on one process and the webhook on the other, at once, for 16 orders: each is paid exactly once', async () => {
    const admin = await loginAdmin(ctx.app);
    const product = await createProduct(ctx.app, ctx.runtime, admin.auth, { price: 1300, stock: 500 });
    const shopper = await signUp(ctx.app);
    const proofs = await Promise.all(
      Array.from({ length: 16 }, async (_, i) => {
        const base = i % 2 ? unlocked : locked;
        const order = (await post(base, '/api/orders', shopper.auth, { ...SHIPPING, payment_method: 'razorpay', items: [{ productId: product.id, quantity: 1 }] })).body.order as { id: string; totalAmount: number };
        const created = await post(base, '/api/razorpay/create-order', shopper.auth, { amount: order.totalAmount, currency: 'INR', orderId: order.id });
        expect(created.status).toBe(200);
        const paid = await post(base, '/api/payments/simulator/pay', shopper.auth, { razorpay_order_id: created.body.order_id, outcome: 'success' });
        const { success: _s, ...proof } = paid.body as Record<string, string>;
        return { order, proof, base };
      }),
    );
    const outcomes = await Promise.all(
      proofs.flatMap(({ order, proof, base }) => {
        const other = base === locked ? unlocked : locked;
        const raw = JSON.stringify({
          event: 'payment.captured',
          payload: { payment: { entity: { id: proof.razorpay_payment_id, order_id: proof.razorpay_order_id, amount: Math.round(order.totalAmount * 100) } } },
        });
        return [
          post(base, '/api/razorpay/verify-payment', shopper.auth, proof),
          post(other, '/api/razorpay/webhook', {}, raw, { 'x-razorpay-signature': webhookSignature(raw, WEBHOOK_SECRET), 'x-razorpay-event-id': randomUUID() }),
        ];
      }),
    );
    expect(outcomes.map((o) => o.status).filter((s) => s !== 200)).toEqual([]);
    const { rows } = await ctx.runtime.pool.query<{ stream_id: string; n: number }>(
      "select stream_id, count(*) filter (where type = 'PaymentConfirmed')::int as n from events where stream_id = any($1) group by stream_id",
      [proofs.map((p) => `order-${p.order.id}`)],
    );
    expect(rows).toHaveLength(16);
    expect(rows.filter((r) => r.n !== 1)).toEqual([]);
  }, 120_000);
});
