import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { webhookSignature } from '../../src/modules/payments/signature.js';
import { createTestApp, liveTicket, loginAdmin, signUp } from '../helpers/test-runtime.js';
import { caughtUp, consistency, stockByLog } from './consistency.js';
import { createProduct, orderIdOf, placeOrder, SHIPPING } from './fixtures.js';
import { startServer, WITHOUT_LOCAL_LOCKS } from './processes.js';
import { wsClass } from './routes.js';
import type { ChildProcess } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';

// Two instances (runtime + app each) on one PostgreSQL database; one of them leads the projections, the other follows.
const a = await createTestApp();
const b = await createTestApp({ databaseUrl: a.databaseUrl, env: { JWT_SECRET: a.runtime.env.JWT_SECRET! } });
afterAll(async () => {
  await b.close();
  await a.close();
});
const WEBHOOK_SECRET = 'whsec_scale_out_0123456789';
const post = async (base: string, url: string, auth: Record<string, string>, body: unknown, headers: Record<string, string> = {}) => {
  const response = await fetch(`${base}${url}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...auth, ...headers },
    body: typeof body === 'string' ? body : JSON.stringify(body),
  });
  return { status: response.status, body: (await response.json()) as Record<string, unknown> };
};

/** The probe's first value that is ok, or (not within the time) its last one, for the caller's expect to show. */
async function eventually<T>(probe: () => Promise<T>, ok: (v: T) => boolean, timeoutMs = 5000): Promise<T> {
  let value!: T;
  await vi
    .waitFor(
      async () => {
        value = await probe();
        if (!ok(value)) throw new Error('not yet');
      },
      { timeout: timeoutMs, interval: 50 },
    )
    .catch(() => undefined);
  return value;
}

describe('two API instances on one PostgreSQL', () => {
  it('a shopper who signs up through A logs in and edits the profile through B; B’s read model shows it', async () => {
    const shopper = await signUp(a.app);
    const login = await b.app.inject({ method: 'POST', url: '/api/auth/login', payload: { email: shopper.email, password: shopper.password } });
    expect(login.statusCode).toBe(200);
    const update = await b.app.inject({ method: 'PUT', url: '/api/auth/profile', headers: shopper.auth, payload: { full_name: 'Renamed Through B' } });
    expect(update.statusCode).toBe(200);
    const profile = await a.app.inject({ method: 'GET', url: '/api/auth/profile', headers: shopper.auth });
    expect(profile.json().user.full_name).toBe('Renamed Through B');
  });

  it('a product created through A appears in B’s in-memory catalogue (each instance follows the log)', async () => {
    const admin = await loginAdmin(a.app);
    const product = await createProduct(a.app, a.runtime, admin.auth, { stock: 7 });
    const seen = await eventually(
      () => b.app.inject({ method: 'GET', url: `/api/products/${product.id}` }),
      (r) => r.statusCode === 200,
    );
    expect(seen.statusCode).toBe(200);
    expect(JSON.stringify(seen.json())).toContain(product.id);
  });

  it('an order placed through A is readable through B, and concurrent writes on both apply once', async () => {
    const admin = await loginAdmin(a.app);
    const product = await createProduct(a.app, a.runtime, admin.auth, { stock: 200, price: 1100 });
    const shoppers = await Promise.all([signUp(a.app), signUp(b.app), signUp(a.app), signUp(b.app)]);
    const first = await placeOrder(a.app, shoppers[0]!.auth, product.id);
    expect(first.statusCode).toBe(201);
    const id = orderIdOf(first.json())!;
    const viaB = await eventually(
      () => b.app.inject({ method: 'GET', url: `/api/orders/${id}`, headers: shoppers[0]!.auth }),
      (r) => r.statusCode === 200,
    );
    expect(viaB.statusCode).toBe(200);

    // A burst on both instances at once.
    const results = await Promise.all(
      Array.from({ length: 24 }, (_, i) => placeOrder(i % 2 ? b.app : a.app, shoppers[i % shoppers.length]!.auth, product.id, 1 + (i % 3))),
    );
    expect(results.map((r) => r.statusCode).every((s) => s === 201)).toBe(true);
    await caughtUp(a.runtime);
    await caughtUp(b.runtime);
    const c = await consistency(a.runtime.pool);
    expect(c.orders.placed).toBe(25);
    expect(c.orders.rows).toBe(25);
    expect(c.orders.streamsWithTwoPlacements + c.orders.itemsMismatch).toBe(0);
    expect(c.customers.rows).toBe(c.customers.events);
    expect(c.customers.duplicateEmails).toBe(0);
    expect(c.checkpointsBehind).toEqual([]);
    const stock = await stockByLog(a.runtime.pool, product.id);
    const qty = 1 + results.reduce((s, _r, i) => s + 1 + (i % 3), 0);
    expect(stock.available).toBe(200 - qty);
  });

  it('an admin connected to B’s live feed sees an order placed through A', async () => {
    const admin = await loginAdmin(b.app);
    const product = await createProduct(a.app, a.runtime, admin.auth, { stock: 20, price: 1500 });
    const shopper = await signUp(a.app);
    const address = await b.app.listen({ host: '127.0.0.1', port: 0 });
    const WebSocket = await wsClass();
    const messages: { type?: string; orderId?: string }[] = [];
    // The ticket is asked of A and used on B: tickets live in the shared database (no sticky sessions).
    const ws = new WebSocket(`${address.replace('http', 'ws')}/api/admin/live?ticket=${await liveTicket(a.app, admin.auth)}`);
    await new Promise<void>((resolve, reject) => {
      ws.on('open', () => resolve());
      ws.on('error', (e) => reject(e as Error));
    });
    ws.on('message', (data) => messages.push(JSON.parse(String(data)) as { type?: string; orderId?: string }));
    try {
      const order = await placeOrder(a.app, shopper.auth, product.id);
      expect(order.statusCode).toBe(201);
      const id = orderIdOf(order.json());
      const found = await eventually(
        async () => messages.find((m) => m.type === 'order.placed' && m.orderId === id),
        (m) => Boolean(m),
        8000,
      );
      expect(found).toBeDefined();
    } finally {
      ws.close();
    }
  });
});

/**
 * Two server processes (the real entry point) on one database, the second without its in-process lock: nothing but the
 * event store's expectedVersion keeps their writers apart (and the races below prove it, not the process).
 */
describe('two server processes on one database, the second without its in-process lock', () => {
  const children: ChildProcess[] = [];
  let locked: string;
  let unlocked: string;
  beforeAll(async () => {
    const env = { DATABASE_URL: a.databaseUrl, JWT_SECRET: a.runtime.env.JWT_SECRET!, RAZORPAY_WEBHOOK_SECRET: WEBHOOK_SECRET };
    const dir = (name: string) => mkdtempSync(path.join(os.tmpdir(), `hardening-${name}-`));
    const [one, two] = await Promise.all([startServer({ ...env, DATA_DIR: dir('one') }), startServer({ ...env, DATA_DIR: dir('two') }, [WITHOUT_LOCAL_LOCKS])]);
    children.push(one.child, two.child);
    locked = one.url;
    unlocked = two.url;
  }, 180_000);
  afterAll(() => {
    for (const child of children) child.kill('SIGTERM');
  });

  it('an admin on process 2 sees an order placed through process 1', async () => {
    const admin = await loginAdmin(a.app);
    const product = await createProduct(a.app, a.runtime, admin.auth, { stock: 20, price: 1500 });
    const shopper = await signUp(a.app);
    const WebSocket = await wsClass();
    const messages: { type?: string; orderId?: string }[] = [];
    const ws = new WebSocket(`${unlocked.replace('http', 'ws')}/api/admin/live?ticket=${await liveTicket(a.app, admin.auth)}`);
    await new Promise<void>((resolve, reject) => {
      ws.on('open', () => resolve());
      ws.on('error', (e) => reject(e as Error));
    });
    ws.on('message', (data) => messages.push(JSON.parse(String(data)) as { type?: string; orderId?: string }));
    const started = Date.now();
    const response = await fetch(`${locked}/api/orders`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...shopper.auth },
      body: JSON.stringify({ items: [{ productId: product.id, quantity: 1 }], payment_method: 'cod', ...SHIPPING }),
    });
    expect(response.status).toBe(201);
    const id = orderIdOf(await response.json());
    const found = await eventually(
      async () => messages.find((m) => m.type === 'order.placed' && m.orderId === id),
      (m) => Boolean(m),
      8000,
    );
    ws.close();
    expect(found).toBeDefined();
    const viaTwo = await fetch(`${unlocked}/api/orders/${id}`, { headers: shopper.auth });
    expect(viaTwo.status).toBe(200);
    console.log(`[scale-out] order placed on process 1 reached the admin feed on process 2 in ${Date.now() - started} ms`);
  }, 60_000);

  it('200 concurrent orders for the last 5 units across both: exactly 5 succeed, 195 get 409, stock by the log is 0', async () => {
    const admin = await loginAdmin(a.app);
    const product = await createProduct(a.app, a.runtime, admin.auth, { price: 1500, stock: 5 });
    const shoppers = await Promise.all(Array.from({ length: 10 }, () => signUp(a.app)));
    const responses = await Promise.all(
      Array.from({ length: 200 }, (_, i) =>
        post(i % 2 ? unlocked : locked, '/api/orders', shoppers[i % 10]!.auth, {
          ...SHIPPING,
          payment_method: 'cod',
          items: [{ productId: product.id, quantity: 1 }],
        }),
      ),
    );
    const codes = responses.map((r) => r.status);
    expect(codes.filter((c) => c !== 201 && c !== 409)).toEqual([]);
    expect(codes.filter((c) => c === 201)).toHaveLength(5);
    const placed = await a.runtime.pool.query<{ n: number }>(
      "select count(*)::int as n from events where type = 'OrderPlaced' and data->'items'->0->>'productId' = $1",
      [product.id],
    );
    expect(placed.rows[0]!.n).toBe(5);
    expect(await stockByLog(a.runtime.pool, product.id)).toMatchObject({ available: 0, reserved: 5 });
  }, 120_000);

  it('the browser’s verify-payment on one process and the webhook on the other, at once, for 16 orders: each is paid exactly once', async () => {
    const admin = await loginAdmin(a.app);
    const product = await createProduct(a.app, a.runtime, admin.auth, { price: 1300, stock: 500 });
    // One shopper per order: the servers run with the real stock-hoarding caps (3 open unpaid orders per shopper).
    const shoppers = await Promise.all(Array.from({ length: 16 }, () => signUp(a.app)));
    const proofs = await Promise.all(
      Array.from({ length: 16 }, async (_, i) => {
        const shopper = shoppers[i]!;
        const base = i % 2 ? unlocked : locked;
        const order = (
          await post(base, '/api/orders', shopper.auth, { ...SHIPPING, payment_method: 'razorpay', items: [{ productId: product.id, quantity: 1 }] })
        ).body.order as { id: string; totalAmount: number };
        const created = await post(base, '/api/razorpay/create-order', shopper.auth, { amount: order.totalAmount, currency: 'INR', orderId: order.id });
        expect(created.status).toBe(200);
        const paid = await post(base, '/api/payments/simulator/pay', shopper.auth, { razorpay_order_id: created.body.order_id, outcome: 'success' });
        const { success: _s, ...proof } = paid.body as Record<string, string>;
        return { order, proof, base, shopper };
      }),
    );
    const outcomes = await Promise.all(
      proofs.flatMap(({ order, proof, base, shopper }) => {
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
    const { rows } = await a.runtime.pool.query<{ stream_id: string; n: number }>(
      "select stream_id, count(*) filter (where type = 'PaymentConfirmed')::int as n from events where stream_id = any($1) group by stream_id",
      [proofs.map((p) => `order-${p.order.id}`)],
    );
    expect(rows).toHaveLength(16);
    expect(rows.filter((r) => r.n !== 1)).toEqual([]);
  }, 120_000);
});
