/**
 * Bytes the server allocates per GET /api/products/{id} under load, and which functions allocate them: a store of N
 * products (read model filled by SQL, full app), loaded by wrk (20 connections, a child process) while V8's sampling
 * heap profiler records every allocation, including objects a scavenge already collected. Allocation per request
 * sets how often the young generation fills, i.e. how many scavenge pauses a second of by-id reads costs; unlike
 * latency it does not depend on the machine's load. Needs wrk (`apt-get install wrk`).
 * Usage: node --import tsx bench/catalogue/by-id-allocation.ts [--products 2000] [--seconds 4] [--top 20]
 */
import { mkdtempSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { sampleAllocation } from '../lib/heap-sampling.js';
import { arg, createBenchApp, loadAverage, startBenchDatabase } from '../lib/harness.js';
import { fillCatalogueReadModel } from '../lib/catalogue-read-model.js';
import { benchProductId } from '../lib/catalogue-rows.js';
import { findWrk, runWrk } from '../lib/wrk-load.js';

const products = arg('products', 2000);
const seconds = arg('seconds', 4);
const top = arg('top', 20);
const wrk = findWrk();
if (!wrk) throw new Error('wrk is not installed (apt-get install wrk)');

const db = await startBenchDatabase();
try {
  const databaseUrl = await db.createDatabase();
  // One data folder for both starts (its data key must stay the same).
  const env = { DATA_DIR: mkdtempSync(path.join(os.tmpdir(), 'bench-by-id-allocation-')) };
  await (await createBenchApp({ databaseUrl, env })).close(); // migrations
  const pool = new pg.Pool({ connectionString: databaseUrl, max: 1 });
  await fillCatalogueReadModel(pool, 0, products);
  await pool.end();
  const bench = await createBenchApp({ databaseUrl, env });
  try {
    const url = await bench.app.listen({ host: '127.0.0.1', port: 0 });
    const requests = Array.from({ length: 500 }, (_, k) => ({ method: 'GET' as const, path: `/api/products/${benchProductId((k * 7919) % products)}` }));
    await runWrk(wrk, { url, connections: 20, seconds: 2, requests }); // warm-up
    const stop = await sampleAllocation(1024);
    const load = await runWrk(wrk, { url, connections: 20, seconds, requests });
    const { total, byFunction } = await stop();
    console.log(
      `by id, ${products} products, ${load.total} requests in ${seconds} s (${Math.round(load.rps)} req/s): ` +
        `${(total / load.total / 1024).toFixed(1)} KB allocated per request; ${loadAverage()}`,
    );
    for (const [name, bytes] of byFunction.slice(0, top)) {
      console.log(`  ${(bytes / load.total).toFixed(0).padStart(6)} B/request  ${name}`);
    }
  } finally {
    await bench.close();
  }
} finally {
  await db.stop();
}
