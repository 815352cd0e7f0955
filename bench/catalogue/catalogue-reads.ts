/**
 * Catalogue reads next to Fastify's empty route, same process, same run (autocannon in-process):
 *   - import a 10,000-row CSV through POST /api/admin/products/bulk and time it until the rows are searchable;
 *   - GET /api/products/{id} (random ids), GET /api/products/search?q=..., GET /api/products (10,000 products);
 *   - an empty Fastify route as the baseline.
 * Usage: npx tsx bench/catalogue/catalogue-reads.ts [-- --seconds 5 --connections 20 --products 10000 --workers 1]
 */
import autocannon from 'autocannon';
import Fastify from 'fastify';
import { DEMO_ADMIN } from '../../src/config/env.js';
import { arg, createBenchApp, runBench, startBenchDatabase } from '../lib/harness.js';
import { catalogueCsv } from '../lib/catalogue-rows.js';

const seconds = arg('seconds', 5);
const connections = arg('connections', 20);
const productCount = arg('products', 10_000);
// Load comes from a worker thread by default, so the server's event loop does not also generate it (--workers 0: same thread).
const workers = arg('workers', 1);

function run(url: string, requests?: autocannon.Request[]) {
  return new Promise<autocannon.Result>((resolve, reject) => {
    autocannon({ url, connections, duration: seconds, ...(workers > 0 ? { workers } : {}), ...(requests ? { requests } : {}) }, (error, result) =>
      error ? reject(error) : resolve(result),
    );
  });
}

const line = (label: string, r: autocannon.Result, baseline?: autocannon.Result) =>
  console.log(
    `${label.padEnd(44)} ${r.requests.average.toFixed(0).padStart(7)} req/s  p99 ${String(r.latency.p99).padStart(4)} ms` +
      `${baseline ? `  ${(r.requests.average / baseline.requests.average).toFixed(2)} x empty` : ''}${r.non2xx ? `  (${r.non2xx} non-2xx!)` : ''}`,
  );

async function main() {
  const db = await startBenchDatabase();
  const bench = await createBenchApp({
    databaseUrl: await db.createDatabase(),
    env: { NODE_ENV: 'development', LOG_LEVEL: 'error' },
    // Second baseline: an empty route in the same app (helmet headers, hooks), outside the /api rate limiter.
    routes: (app) => app.get('/bench-empty', async () => ({ hello: 'world' })),
  });
  const address = await bench.app.listen({ host: '127.0.0.1', port: 0 });
  const empty = Fastify({ logger: false });
  empty.get('/', async () => ({ hello: 'world' }));
  const emptyAddress = await empty.listen({ host: '127.0.0.1', port: 0 });
  try {
    const login = await fetch(`${address}/api/auth/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(DEMO_ADMIN),
    });
    const { token } = (await login.json()) as { token: string };

    // 1. Import and project a 10,000-row CSV until it is searchable.
    const form = new FormData();
    form.append('mode', 'add');
    form.append('file', new Blob([catalogueCsv(0, productCount, { images: false })], { type: 'text/csv' }), 'bench.csv');
    const started = performance.now();
    const imported = (await (
      await fetch(`${address}/api/admin/products/bulk`, { method: 'POST', headers: { authorization: `Bearer ${token}` }, body: form })
    ).json()) as { created: number; errors: unknown[] };
    const answeredMs = performance.now() - started;
    const last = `Sukuna Naruto`;
    let found = 0;
    while (found === 0) {
      const res = (await (await fetch(`${address}/api/products/search?q=${encodeURIComponent(`${last} #${productCount - 1}`)}`)).json()) as {
        products: unknown[];
      };
      found = res.products.length;
      if (found === 0) await new Promise((r) => setTimeout(r, 20));
    }
    const importMs = performance.now() - started;
    console.log(
      `import + project ${productCount} CSV rows until searchable: ${(importMs / 1000).toFixed(2)} s (import request answered after ${(answeredMs / 1000).toFixed(2)} s; created ${imported.created}, errors ${imported.errors.length}; target < 5 s)`,
    );

    // Every id, a page of 200 at a time (no answer carries the whole catalogue).
    const ids: string[] = [];
    for (let page: number | null = 1; page !== null;) {
      const list = (await (await fetch(`${address}/api/products?limit=200&page=${page}`)).json()) as { products: { id: string }[]; nextPage: number | null };
      ids.push(...list.products.map((p) => p.id));
      page = list.nextPage;
    }
    console.log(
      `catalogue size ${ids.length}; connections=${connections} seconds=${seconds}; load from ${workers > 0 ? `${workers} worker thread(s)` : 'the server thread itself'}`,
    );

    // 2. Reads next to the empty route, measured in this run.
    const baseline = await run(emptyAddress);
    line('Fastify empty route (baseline)', baseline);
    const sameApp = await run(`${address}/bench-empty`);
    line('empty route inside the store app (helmet etc.)', sameApp, baseline);
    const oneId = await run(`${address}/api/products/${ids[ids.length >> 1]}`);
    line('GET /api/products/{id} (one id)', oneId, baseline);
    // Random ids, drawn up front (functions cannot be handed to autocannon's worker thread); each connection cycles
    // through 500 of them. The same number of random query strings on the empty route is the second baseline.
    const draw = () => Math.floor(Math.random() * ids.length);
    const emptyRandom = await run(
      emptyAddress,
      Array.from({ length: 500 }, () => ({ method: 'GET' as const, path: `/?r=${draw()}` })),
    );
    line('Fastify empty route, random query (baseline 2)', emptyRandom);
    const byId = await run(
      address,
      Array.from({ length: 500 }, () => ({ method: 'GET' as const, path: `/api/products/${ids[draw()]}` })),
    );
    line('GET /api/products/{id} (random id)', byId, baseline);
    console.log(`  random by-id vs empty route with random paths: ${(byId.requests.average / emptyRandom.requests.average).toFixed(2)} x`);
    const terms = ['naruto figre', 'gojo keychain', 'luffy statue', 'tanjro', 'levi attack titan', 'goku dragon'];
    const search = await run(
      address,
      terms.map((t) => ({ method: 'GET' as const, path: `/api/products/search?q=${encodeURIComponent(t)}` })),
    );
    line('GET /api/products/search?q=... (typo-tolerant)', search, baseline);
    const all = await run(`${address}/api/products`);
    line(`GET /api/products (first page of ${ids.length})`, all, baseline);
    console.log(
      `targets: by-id >= 0.5 x empty (one id ${(oneId.requests.average / baseline.requests.average).toFixed(2)}, random ${(byId.requests.average / emptyRandom.requests.average).toFixed(2)} vs baseline 2), ` +
        `by-id p99 < 20 ms (one id ${oneId.latency.p99}, random ${byId.latency.p99})`,
    );
  } finally {
    await empty.close();
    await bench.close();
    await db.stop();
  }
}

runBench(main);
