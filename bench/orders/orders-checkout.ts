/**
 * Checkout benchmark, one run on a fresh embedded PostgreSQL:
 *  1. baseline: single-event appends per second at the same concurrency (the cheapest possible write);
 *  2. concurrent cash-on-delivery checkouts per second through HTTP (POST /api/orders: pricing, stock reservation,
 *     order number and order events in one atomic append, answered after the read model shows the order);
 *  3. projection lag (append committed -> orders read model has it) and append -> admin websocket message latency,
 *     p50/p99, measured on orders placed while the feed is connected.
 * Usage: npx tsx bench/orders/orders-checkout.ts [--seconds 5 --connections 16 --samples 300]
 */
import { randomBytes, randomUUID } from 'node:crypto';
import { chmodSync, mkdtempSync, rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';
import { z } from 'zod';
import { buildApp } from '../../src/app.js';
import { loadEnv, DEMO_ADMIN } from '../../src/config/env.js';
import { NO_LIMITS } from '../../src/config/limits.js';
import { registerEvents } from '../../src/core/event-registry.js';
import { startEmbeddedPostgres } from '../../src/db/embedded-postgres.js';
import { placeOrder } from '../../src/modules/orders/index.js';
import { UNCAPPED_HOLDS } from '../../src/modules/orders/holds.js';
import { createTestProduct } from '../../tests/helpers/test-products.js';
import { createRuntime } from '../../src/runtime.js';
import { arg, percentile, runBench, silent } from '../lib/harness.js';

const seconds = arg('seconds', 5);
const connections = arg('connections', 16);
const samples = arg('samples', 300);

interface WsClient {
  on(event: 'open', cb: () => void): void;
  on(event: 'message', cb: (data: Buffer) => void): void;
  on(event: 'error', cb: (error: Error) => void): void;
  close(): void;
}
const WebSocket = createRequire(import.meta.url)('ws') as new (url: string) => WsClient;

async function forDuration(worker: (c: number) => Promise<boolean>): Promise<{ ok: number; failed: number }> {
  const deadline = Date.now() + seconds * 1000;
  let ok = 0;
  let failed = 0;
  await Promise.all(
    Array.from({ length: connections }, async (_, c) => {
      while (Date.now() < deadline) {
        if (await worker(c)) ok++;
        else failed++;
      }
    }),
  );
  return { ok, failed };
}

async function main() {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'bench-checkout-'));
  chmodSync(dir, 0o755);
  const db = await startEmbeddedPostgres({ dataDir: path.join(dir, 'pg'), port: 56000 + Math.floor(Math.random() * 1000) });
  const env = loadEnv({ NODE_ENV: 'development', DATA_DIR: path.join(dir, 'data'), JWT_SECRET: randomBytes(24).toString('hex'), SEED_DEMO: 'false' });
  const runtime = await createRuntime({ env, log: silent, connectionString: db.connectionString, limits: NO_LIMITS });
  const app = await buildApp(runtime);
  try {
    await app.listen({ port: 0, host: '127.0.0.1' });
    const base = `http://127.0.0.1:${(app.server.address() as { port: number }).port}`;
    const post = (url: string, body: unknown, token?: string) =>
      fetch(`${base}${url}`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
        body: JSON.stringify(body),
      });

    const admin = (await (await post('/api/auth/login', DEMO_ADMIN)).json()) as { token: string };
    const shoppers: { token: string; id: string }[] = [];
    for (let i = 0; i < connections; i++) {
      const body = (await (
        await post('/api/auth/signup', {
          email: `bench${i}-${randomUUID()}@example.in`,
          password: 'secret123',
          full_name: `Bench ${i}`,
          pincode: '400001',
          city: 'Mumbai',
          state: 'Maharashtra',
        })
      ).json()) as { token: string; user: { id: string } };
      shoppers.push({ token: body.token, id: body.user.id });
    }
    const products = await Promise.all(Array.from({ length: 20 }, () => createTestProduct(runtime, { price: 1500, stock: 1_000_000 })));
    const address = {
      shipping_address: '1 Marine Drive',
      shipping_city: 'Mumbai',
      shipping_state: 'Maharashtra',
      shipping_pincode: '400001',
      shipping_phone: '',
    };
    console.log(`connections=${connections} seconds=${seconds} samples=${samples} (server, load and PostgreSQL on one machine)`);

    // 1. baseline
    registerEvents({ BenchAppended: z.object({ i: z.number() }) });
    let i = 0;
    const baseline = await forDuration(async () => {
      await runtime.store.append(
        `bench-${randomUUID()}`,
        [{ type: 'BenchAppended', data: { i: i++ }, metadata: { correlationId: 'bench', timestamp: new Date().toISOString() } }],
        { expectedVersion: 'no_stream' },
      );
      return true;
    });
    const baselineRate = baseline.ok / seconds;
    console.log(`baseline single-event append        ${baselineRate.toFixed(0).padStart(7)} /s`);

    // 2. HTTP checkouts
    let n = 0;
    const checkout = await forDuration(async (c) => {
      const product = products[n++ % products.length]!;
      const response = await post('/api/orders', { ...address, payment_method: 'cod', items: [{ id: product.id, quantity: 1 }] }, shoppers[c]!.token);
      await response.arrayBuffer();
      return response.status === 201;
    });
    const checkoutRate = checkout.ok / seconds;
    console.log(
      `COD checkouts via POST /api/orders  ${checkoutRate.toFixed(0).padStart(7)} /s  (${checkout.failed} failed)  ratio to baseline ${(checkoutRate / baselineRate).toFixed(2)}`,
    );

    // 3. projection lag and websocket latency
    const arrivals = new Map<string, number>();
    const { ticket } = (await (
      await fetch(`${base}/api/admin/live/ticket`, { method: 'POST', headers: { authorization: `Bearer ${admin.token}` } })
    ).json()) as { ticket: string };
    const socket = new WebSocket(`${base.replace('http', 'ws')}/api/admin/live?ticket=${ticket}`);
    await new Promise<void>((resolve, reject) => {
      socket.on('open', resolve);
      socket.on('error', reject);
    });
    socket.on('message', (data) => {
      const message = JSON.parse(data.toString()) as { type: string; orderId?: string };
      if (message.type === 'order.placed' && message.orderId) arrivals.set(message.orderId, performance.now());
    });
    await new Promise((r) => setTimeout(r, 200));
    const lags: number[] = [];
    const committedAt = new Map<string, number>();
    let placed = 0;
    await Promise.all(
      Array.from({ length: Math.min(connections, 8) }, async (_, c) => {
        while (placed < samples) {
          placed++;
          const product = products[placed % products.length]!;
          const { order, result } = await placeOrder(
            { store: runtime.store, pool: runtime.pool, holdCaps: UNCAPPED_HOLDS },
            {
              customerId: shoppers[c]!.id,
              lines: [{ productId: product.id, quantity: 1 }],
              paymentMethod: 'cod',
              shippingAddress: { name: '', address: '1 Marine Drive', addressLine2: '', city: 'Mumbai', state: 'Maharashtra', pincode: '400001', phone: '' },
            },
            { userId: shoppers[c]!.id },
          );
          const t0 = performance.now();
          committedAt.set(order.orderId, t0);
          await runtime.projections.waitFor(result.position, ['orders']);
          lags.push(performance.now() - t0);
        }
      }),
    );
    const deadline = Date.now() + 5000;
    while ([...committedAt.keys()].some((id) => !arrivals.has(id)) && Date.now() < deadline) await new Promise((r) => setTimeout(r, 20));
    const wsLatencies = [...committedAt].filter(([id]) => arrivals.has(id)).map(([id, t0]) => arrivals.get(id)! - t0);
    socket.close();
    console.log(
      `projection lag (append -> orders read model)   p50 ${percentile(lags, 50).toFixed(1)} ms  p99 ${percentile(lags, 99).toFixed(1)} ms  (target p99 < 50 ms, n=${lags.length})`,
    );
    console.log(
      `append -> admin websocket message             p50 ${percentile(wsLatencies, 50).toFixed(1)} ms  p99 ${percentile(wsLatencies, 99).toFixed(1)} ms  (target p99 < 100 ms, n=${wsLatencies.length}, missing ${committedAt.size - wsLatencies.length})`,
    );
  } finally {
    await app.close();
    await runtime.close();
    await db.stop();
    rmSync(dir, { recursive: true, force: true });
  }
}

runBench(main);
