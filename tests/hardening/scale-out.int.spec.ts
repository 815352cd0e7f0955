import { afterAll, describe, expect, it } from 'vitest';
import { createTestApp, loginAdmin, signUp } from '../helpers/test-runtime.js';
import { caughtUp, consistency, stockByLog } from './consistency.js';
import { createProduct, orderIdOf, placeOrder, SHIPPING } from './fixtures.js';
import { startServer } from './processes.js';
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
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

async function eventually<T>(probe: () => Promise<T>, ok: (v: T) => boolean, timeoutMs = 5000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  let value = await probe();
  while (!ok(value) && Date.now() < deadline) {
    await sleep(50);
    value = await probe();
  }
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

  it(
    'a product created through A appears in B’s in-memory catalogue (each instance follows the log)',
    async () => {
      const admin = await loginAdmin(a.app);
      const product = await createProduct(a.app, a.runtime, admin.auth, { stock: 7 });
      const seen = await eventually(
        () => b.app.inject({ method: 'GET', url: `/api/products/${product.id}` }),
        (r) => r.statusCode === 200,
      );
      expect(seen.statusCode).toBe(200);
      expect(JSON.stringify(seen.json())).toContain(product.id);
    },
  );

  it('an order placed through A is readable through B, and concurrent writes on both apply once', async () => {
    const admin = await loginAdmin(a.app);
    const product = await createProduct(a.app, a.runtime, admin.auth, { stock: 200, price: 1100 });
    const shoppers = await Promise.all([signUp(a.app), signUp(b.app), signUp(a.app), signUp(b.app)]);
    const first = await placeOrder(a.app, shoppers[0]!.auth, product.id);
    expect(first.statusCode).toBe(201);
    const id = orderIdOf(first.json())!;
    const viaB = await eventually(() => b.app.inject({ method: 'GET', url: `/api/orders/${id}`, headers: shoppers[0]!.auth }), (r) => r.statusCode === 200);
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
    const ws = new WebSocket(`${address.replace('http', 'ws')}/api/admin/live?token=${admin.token}`);
    await new Promise<void>((resolve, reject) => {
      ws.on('open', () => resolve());
      ws.on('error', (e) => reject(e as Error));
    });
    ws.on('message', (data) => messages.push(JSON.parse(String(data)) as { type?: string; orderId?: string }));
    try {
      const order = await placeOrder(a.app, shopper.auth, product.id);
      expect(order.statusCode).toBe(201);
      const id = orderIdOf(order.json());
      const found = await eventually(async () => messages.find((m) => m.type === 'order.placed' && m.orderId === id), (m) => Boolean(m), 8000);
      expect(found).toBeDefined();
    } finally {
      ws.close();
    }
  });

  it('two API processes on one PostgreSQL: an admin on process 2 sees an order placed through process 1', async () => {
    const admin = await loginAdmin(a.app);
    const product = await createProduct(a.app, a.runtime, admin.auth, { stock: 20, price: 1500 });
    const shopper = await signUp(a.app);
    const env = { DATABASE_URL: a.databaseUrl, JWT_SECRET: a.runtime.env.JWT_SECRET!, DATA_DIR: mkdtempSync(path.join(os.tmpdir(), 'hardening-two-')) };
    const children: ChildProcess[] = [];
    try {
      const [one, two] = await Promise.all([startServer(env), startServer(env)]);
      children.push(one.child, two.child);
      const WebSocket = await wsClass();
      const messages: { type?: string; orderId?: string }[] = [];
      const ws = new WebSocket(`${two.url.replace('http', 'ws')}/api/admin/live?token=${admin.token}`);
      await new Promise<void>((resolve, reject) => {
        ws.on('open', () => resolve());
        ws.on('error', (e) => reject(e as Error));
      });
      ws.on('message', (data) => messages.push(JSON.parse(String(data)) as { type?: string; orderId?: string }));
      const started = Date.now();
      const response = await fetch(`${one.url}/api/orders`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', ...shopper.auth },
        body: JSON.stringify({ items: [{ productId: product.id, quantity: 1 }], payment_method: 'cod', ...SHIPPING }),
      });
      expect(response.status).toBe(201);
      const id = orderIdOf(await response.json());
      const found = await eventually(async () => messages.find((m) => m.type === 'order.placed' && m.orderId === id), (m) => Boolean(m), 8000);
      ws.close();
      expect(found).toBeDefined();
      const viaTwo = await fetch(`${two.url}/api/orders/${id}`, { headers: shopper.auth });
      expect(viaTwo.status).toBe(200);
      console.log(`[scale-out] order placed on process 1 reached the admin feed on process 2 in ${Date.now() - started} ms`);
    } finally {
      for (const child of children) child.kill('SIGTERM');
    }
  }, 180_000);
});
