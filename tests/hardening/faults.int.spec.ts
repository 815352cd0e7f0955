import type { ChildProcess } from 'node:child_process';
import { chmodSync, mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it, vi } from 'vitest';
import type { Projector } from '../../projections/projector.js';
import { ProjectionRunner } from '../../projections/runner.js';
import { buildApp } from '../../src/app.js';
import { startEmbeddedPostgres, type EmbeddedDatabase } from '../../src/db/embedded-postgres.js';
import { createTestApp, loginAdmin, signUp, type TestContext } from '../helpers/test-runtime.js';
import { caughtUp, consistency, stockByLog } from './consistency.js';
import { createProduct, orderIdOf, SHIPPING } from './fixtures.js';
import { freePort, startServer } from './processes.js';

const silent = { info: () => undefined, warn: () => undefined, error: () => undefined };
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
const signupPayload = (tag: string) => ({
  email: `${tag}-${Date.now()}-${Math.random().toString(36).slice(2, 8)}@example.in`,
  password: 'secret123',
  full_name: 'Fault Tester',
  phone: '9876543210',
  pincode: '400001',
  address: '1 Marine Drive',
  city: 'Mumbai',
  state: 'Maharashtra',
});

describe('a projector that throws on one event is isolated', () => {
  it('the others continue, /api/health shows degraded with its lastError, and it catches up once fixed', async () => {
    const ctx = await createTestApp();
    const { pool } = ctx.runtime;
    await pool.query('create table h_seen_good (event_id uuid primary key); create table h_seen_flaky (event_id uuid primary key)');
    let poisoned = true;
    const good: Projector = {
      name: 'hardening-good',
      handles: ['CustomerRegistered'],
      tables: ['h_seen_good'],
      apply: async (client, event) => void (await client.query('insert into h_seen_good values ($1)', [event.id])),
    };
    const flaky: Projector = {
      name: 'hardening-flaky',
      handles: ['CustomerRegistered'],
      tables: ['h_seen_flaky'],
      apply: async (client, event) => {
        if (poisoned && JSON.stringify(event.data).includes('poison')) throw new Error('boom: cannot project poison');
        await client.query('insert into h_seen_flaky values ($1)', [event.id]);
      },
    };
    const logged: { projector?: string; msg?: string }[] = [];
    const log = { ...silent, error: (obj: object, msg?: string) => void logged.push({ ...(obj as { projector?: string }), msg }) };
    const runner = new ProjectionRunner(ctx.runtime.store, pool, [...ctx.runtime.projections.projectors, good, flaky], log);
    const runtime = { ...ctx.runtime, projections: runner };
    await ctx.runtime.projections.stop();
    await runner.start();
    const app = await buildApp(runtime);
    try {
      await signUp(app);
      await signUp(app, { email: `poison-${Date.now()}@example.in` });
      await signUp(app);
      const count = async (table: string) => Number((await pool.query(`select count(*)::int as n from ${table}`)).rows[0].n);
      const registered = async () => Number((await pool.query(`select count(*)::int as n from events where type = 'CustomerRegistered'`)).rows[0].n);
      const everyRegistration = await registered();
      await expect.poll(() => count('h_seen_good')).toBe(everyRegistration);
      expect(await count('customers')).toBe(await registered()); // the store's own projectors continue too

      const health = await app.inject({ method: 'GET', url: '/api/health' });
      expect(health.statusCode).toBe(200);
      const body = health.json() as { status: string; projections: { name: string; lastError: string | null }[] };
      expect(body.status).toBe('degraded');
      expect(body.projections.find((p) => p.name === 'hardening-flaky')?.lastError).toContain('boom');
      expect(body.projections.find((p) => p.name === 'hardening-good')?.lastError).toBeNull();
      // The events before the poison went in; the poison and everything after wait (the batch rolled back).
      expect(await count('h_seen_flaky')).toBeLessThan(await registered());
      expect(logged.some((l) => l.projector === 'hardening-flaky')).toBe(true); // and in the logs
      expect(logged.every((l) => l.projector === 'hardening-flaky')).toBe(true);
      const stored = await pool.query(`select last_error from projection_checkpoints where name = 'hardening-flaky'`);
      expect(stored.rows[0].last_error).toContain('boom');

      poisoned = false; // "deploy the fix": the runner retries by itself
      await expect.poll(() => count('h_seen_flaky')).toBe(everyRegistration);
      const healed = (await app.inject({ method: 'GET', url: '/api/health' })).json() as { status: string };
      expect(healed.status).toBe('ok');
    } finally {
      await app.close();
      await runner.stop();
      await ctx.close();
    }
  });
});

describe('PostgreSQL stops for a few seconds', () => {
  let db: EmbeddedDatabase | null = null;
  let ctx: TestContext | null = null;
  const dir = mkdtempSync(path.join(os.tmpdir(), 'hardening-outage-pg-'));
  chmodSync(dir, 0o755);
  afterAll(async () => {
    await ctx?.close().catch(() => undefined);
    await db?.stop().catch(() => undefined);
    rmSync(dir, { recursive: true, force: true });
  });

  it('the API answers 503 meanwhile, recovers by itself, projections catch up and nothing is applied twice', async () => {
    const port = await freePort(); // the OS hands out a free one (a random pick could collide with another worker's)
    const start = () => startEmbeddedPostgres({ dataDir: path.join(dir, 'pg'), port });
    db = await start();
    ctx = await createTestApp({ databaseUrl: db.connectionString });
    const { app, runtime } = ctx;
    expect((await app.inject({ method: 'POST', url: '/api/auth/signup', payload: signupPayload('before') })).statusCode).toBe(201);

    await db.stop();
    const during: number[] = [];
    for (const payload of [signupPayload('during'), signupPayload('during')]) {
      const r = await app.inject({ method: 'POST', url: '/api/auth/signup', payload });
      during.push(r.statusCode);
      if (r.statusCode === 503) {
        expect(r.json()).toEqual({ success: false, error: 'Service temporarily unavailable' });
        expect(r.headers['retry-after']).toBeDefined();
      }
    }
    const login = await app.inject({ method: 'POST', url: '/api/auth/login', payload: { email: 'nobody@example.in', password: 'secret123' } });
    const health = await app.inject({ method: 'GET', url: '/api/health' });
    expect(during).toEqual([503, 503]);
    expect(login.statusCode).toBe(503);
    expect(health.statusCode).toBe(503);
    expect(health.json()).toMatchObject({ status: 'unavailable', database: 'unavailable' });

    await sleep(2000); // the outage itself (a few seconds down in all), not a wait for anything
    db = await start();
    const restartedAt = Date.now();
    const meanwhile: number[] = [];
    await vi.waitFor(
      async () => {
        const r = await app.inject({ method: 'POST', url: '/api/auth/signup', payload: signupPayload('after') });
        if (r.statusCode !== 201) {
          meanwhile.push(r.statusCode);
          throw new Error(`not recovered yet: ${r.statusCode}`);
        }
      },
      { timeout: 30_000, interval: 250 },
    );
    const recovered = Date.now() - restartedAt;
    expect(meanwhile.filter((status) => status !== 503)).toEqual([]); // until then, only 503s
    for (let i = 0; i < 5; i++) expect((await app.inject({ method: 'POST', url: '/api/auth/signup', payload: signupPayload('after') })).statusCode).toBe(201);
    await caughtUp(runtime);
    const c = await consistency(runtime.pool);
    expect(c.customers.events).toBe(1 + 1 + 6); // admin, before, six after; the refused ones left nothing
    expect(c.customers.rows).toBe(c.customers.events);
    expect(c.customers.duplicateEmails).toBe(0);
    expect(c.checkpointsBehind).toEqual([]);
    await expect.poll(async () => (await app.inject({ method: 'GET', url: '/api/health' })).json().status).toBe('ok');
    expect((await app.inject({ method: 'GET', url: '/api/health' })).json()).toMatchObject({ status: 'ok', database: 'ok' });
    console.log(`[faults] PostgreSQL outage: answers during ${JSON.stringify(during)}, first 201 ${recovered} ms after restart`);
  }, 180_000);
});

describe('the server process is killed during a burst of writes', () => {
  it('after a restart every acknowledged signup and order is in the log and the read model exactly once; stock is exact', async () => {
    const observer = await createTestApp();
    const children: ChildProcess[] = [];
    try {
      const env = {
        DATABASE_URL: observer.databaseUrl,
        JWT_SECRET: observer.runtime.env.JWT_SECRET!,
        DATA_DIR: mkdtempSync(path.join(os.tmpdir(), 'hardening-kill-')),
      };
      const admin = await loginAdmin(observer.app);
      const product = await createProduct(observer.app, observer.runtime, admin.auth, { stock: 1000, price: 1200 });
      const shoppers = await Promise.all(Array.from({ length: 8 }, () => signUp(observer.app)));
      const first = await startServer(env);
      children.push(first.child);

      const acknowledged = { users: [] as string[], orders: [] as { id: string; quantity: number }[] };
      let unknown = 0;
      let sent = 0;
      const statuses: Record<number, number> = {};
      const post = async (pathName: string, body: unknown, headers: Record<string, string> = {}) => {
        sent++;
        return fetch(`${first.url}${pathName}`, { method: 'POST', headers: { 'content-type': 'application/json', ...headers }, body: JSON.stringify(body) });
      };
      const worker = async (w: number) => {
        for (let i = 0; ; i++) {
          try {
            if (i % 2 === 1) {
              const quantity = 1 + ((w + i) % 3);
              const shopper = shoppers[(w + i) % shoppers.length]!;
              const r = await post('/api/orders', { items: [{ productId: product.id, quantity }], payment_method: 'cod', ...SHIPPING }, shopper.auth);
              statuses[r.status] = (statuses[r.status] ?? 0) + 1;
              if (r.status === 201) acknowledged.orders.push({ id: orderIdOf(await r.json())!, quantity });
            } else {
              const r = await post('/api/auth/signup', signupPayload(`burst${w}`));
              statuses[r.status] = (statuses[r.status] ?? 0) + 1;
              if (r.status === 201) acknowledged.users.push(((await r.json()) as { user: { id: string } }).user.id);
            }
          } catch {
            unknown++; // the connection died with the server: outcome unknown, must be all-or-nothing
            return;
          }
        }
      };
      const burst = Promise.all(Array.from({ length: 12 }, (_, w) => worker(w)));
      // Kill it mid-burst: once a good number of writes were acknowledged (or after 10 s).
      await vi
        .waitFor(() => expect(acknowledged.users.length + acknowledged.orders.length).toBeGreaterThanOrEqual(30), { timeout: 10_000, interval: 20 })
        .catch(() => undefined);
      first.child.kill('SIGKILL');
      await burst;
      expect(acknowledged.users.length + acknowledged.orders.length, JSON.stringify(statuses)).toBeGreaterThan(3);

      const second = await startServer(env);
      children.push(second.child);
      // The restarted server works and its projections catch up.
      expect(await post('/api/auth/signup', signupPayload('after-restart')).catch(() => null)).toBeNull(); // old address is dead
      const again = await fetch(`${second.url}/api/auth/signup`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify(signupPayload('after-restart')),
      });
      expect(again.status).toBe(201);
      await caughtUp(observer.runtime);

      const { pool } = observer.runtime;
      for (const id of acknowledged.users) {
        const events = await pool.query(`select count(*)::int as n from events where stream_id = $1 and type = 'CustomerRegistered'`, [`customer-${id}`]);
        const rows = await pool.query('select count(*)::int as n from customers where id = $1', [id]);
        expect([events.rows[0].n, rows.rows[0].n], id).toEqual([1, 1]);
      }
      for (const order of acknowledged.orders) {
        const events = await pool.query(`select count(*)::int as n from events where stream_id = $1 and type = 'OrderPlaced'`, [`order-${order.id}`]);
        const rows = await pool.query('select count(*)::int as n from orders where id = $1', [order.id]);
        expect([events.rows[0].n, rows.rows[0].n], order.id).toEqual([1, 1]);
      }
      const c = await consistency(pool);
      expect(c.customers.rows).toBe(c.customers.events);
      expect(c.customers.streamsWithTwoRegistrations + c.customers.duplicateEmails).toBe(0);
      expect(c.orders.rows).toBe(c.orders.placed - c.orders.deleted);
      expect(c.orders.streamsWithTwoPlacements + c.orders.itemsMismatch).toBe(0);
      expect(acknowledged.orders.length).toBeGreaterThan(0);
      const stock = await stockByLog(pool, product.id);
      const placedQty = await pool.query(`select coalesce(sum(quantity), 0)::int as n from order_items where product_id = $1`, [product.id]);
      expect(stock.reserved - stock.released).toBe(placedQty.rows[0].n);
      expect(stock.available).toBe(1000 - placedQty.rows[0].n);
      expect(stock.reserved).toBeGreaterThanOrEqual(acknowledged.orders.reduce((s, o) => s + o.quantity, 0));
      console.log(
        `[faults] kill -9 during burst: ${sent} requests sent, ${acknowledged.users.length} signups + ${acknowledged.orders.length} orders acknowledged, ${unknown} cut off (answers ${JSON.stringify(statuses)}); all acknowledged found exactly once`,
      );
    } finally {
      for (const child of children) if (child.exitCode === null) child.kill('SIGKILL');
      await observer.close();
    }
  }, 180_000);
});
