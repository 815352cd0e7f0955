/**
 * CPU time per operation of this process (process.cpuUsage: the API, its projectors and the client side, not
 * PostgreSQL), for the three hot paths a refactor must not slow down: an event append, a cash-on-delivery
 * checkout (POST /api/orders, answered once the orders read model has it) and catalogue reads (GET /api/products/{id},
 * GET /api/products/search). Operations run one at a time, so the figure depends little on what else the machine runs;
 * wall-clock rates are printed beside it with the load average. It uses only the bench harness and HTTP routes, so the
 * same file runs on an older checkout for a before/after (copy it into that tree's bench/).
 * Usage: npx tsx bench/orders/command-cpu.ts [--appends 2000 --checkouts 300 --reads 3000 --products 200]
 */
import { randomUUID } from 'node:crypto';
import os from 'node:os';
import { z } from 'zod';
import { registerEvents } from '../../src/core/event-registry.js';
import { PostgresEventStore } from '../../src/event-store/postgres.js';
import { arg, benchAdmin, benchSignUp, createBenchApp, startBenchDatabase } from '../lib/harness.js';

const appends = arg('appends', 2000);
const checkouts = arg('checkouts', 300);
const reads = arg('reads', 3000);
const productCount = arg('products', 200);

const load = () => os.loadavg()[0]!.toFixed(1);

/** Runs `op` n times one after another; prints CPU µs per operation (user + system) and operations per second. */
async function measure(label: string, n: number, op: (i: number) => Promise<void>): Promise<number> {
  for (let i = 0; i < Math.min(50, n); i++) await op(-1 - i); // warm-up (JIT, pools, caches)
  const cpu = process.cpuUsage();
  const started = performance.now();
  for (let i = 0; i < n; i++) await op(i);
  const seconds = (performance.now() - started) / 1000;
  const used = process.cpuUsage(cpu);
  const perOp = (used.user + used.system) / n;
  console.log(`${label.padEnd(36)} ${perOp.toFixed(0).padStart(7)} µs CPU/op   ${(n / seconds).toFixed(0).padStart(6)} /s   n=${n}   load ${load()}`);
  return perOp;
}

async function main(): Promise<void> {
  const db = await startBenchDatabase();
  const bench = await createBenchApp({ databaseUrl: await db.createDatabase() });
  try {
    const { app, runtime } = bench;
    const admin = await benchAdmin(app);
    const shopper = await benchSignUp(app);

    registerEvents({ CpuBenchEvent: z.object({ i: z.number() }) });
    const store = new PostgresEventStore(runtime.pool);
    await measure('event append (one event, new stream)', appends, (i) =>
      store
        .append(
          `cpu-bench-${randomUUID()}`,
          [{ type: 'CpuBenchEvent', data: { i }, metadata: { correlationId: 'bench', timestamp: new Date().toISOString() } }],
          {
            expectedVersion: 'no_stream',
          },
        )
        .then(() => undefined),
    );

    const ids: string[] = [];
    for (let i = 0; i < productCount; i++) {
      const response = await app.inject({
        method: 'POST',
        url: '/api/admin/products',
        headers: admin.auth,
        payload: {
          name: `Bench figure ${i} Gojo Satoru`,
          price: 1500,
          category: 'Anime Figures',
          stock_quantity: 1_000_000,
          images: ['https://images.unsplash.com/photo-1.jpg'],
        },
      });
      if (response.statusCode >= 300) throw new Error(`product create failed: ${response.statusCode} ${response.body}`);
      ids.push(String((response.json() as { product: { id: string } }).product.id));
    }
    // The catalogue follows the log: wait until this instance serves the last product.
    for (const deadline = Date.now() + 60_000; ;) {
      if ((await app.inject({ method: 'GET', url: `/api/products/${ids[ids.length - 1]}` })).statusCode === 200) break;
      if (Date.now() > deadline) throw new Error('catalogue did not catch up');
      await new Promise((r) => setTimeout(r, 50));
    }

    const address = {
      shipping_address: '1 Marine Drive',
      shipping_city: 'Mumbai',
      shipping_state: 'Maharashtra',
      shipping_pincode: '400001',
      shipping_phone: '',
    };
    await measure('COD checkout (POST /api/orders)', checkouts, async (i) => {
      const response = await app.inject({
        method: 'POST',
        url: '/api/orders',
        headers: shopper.auth,
        payload: { ...address, payment_method: 'cod', items: [{ id: ids[Math.abs(i) % ids.length], quantity: 1 }] },
      });
      if (response.statusCode !== 201) throw new Error(`checkout failed: ${response.statusCode} ${response.body}`);
    });

    await measure('GET /api/products/{id}', reads, async (i) => {
      const response = await app.inject({ method: 'GET', url: `/api/products/${ids[Math.abs(i) % ids.length]}` });
      if (response.statusCode !== 200) throw new Error(`read failed: ${response.statusCode}`);
    });
    await measure('GET /api/products/search?q=gojo', reads, async () => {
      const response = await app.inject({ method: 'GET', url: '/api/products/search?q=gojo' });
      if (response.statusCode !== 200) throw new Error(`search failed: ${response.statusCode}`);
    });
  } finally {
    await bench.close();
    await db.stop();
  }
}

// (not the harness's runBench: this file also runs on checkouts older than it)
main().catch((error) => {
  console.error(error);
  process.exit(1);
});
