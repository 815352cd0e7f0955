/**
 * A restart at catalogue scale: how long a store with N products in its read model takes to serve again.
 * The `products` read model is filled directly with SQL (the rows the catalogue projector would have written for the
 * generated catalogue of bench/lib/catalogue-rows.ts; no events, so nothing is replayed), then a full runtime
 * and app start on it, as `npm start` would after a restart: migrations, modules (the in-memory catalogue loads every
 * row in keyset pages, sorts, indexes), the HTTP server; until a search finds the newest product.
 * Measured twice: from the read model (no snapshot file: every row read and indexed; that start writes the catalogue
 * snapshot), then from that snapshot (DATA_DIR/catalogue-snapshot.bin, then the log followed from its position).
 * A baseline in the same run: a restart on the same database with an empty read model (after a first start that
 * applies the migrations and records one event, so the snapshot has a log position to name).
 * Usage: npx tsx bench/catalogue/catalogue-restart.ts [--products 1000000]
 */
import { existsSync, rmSync, statSync } from 'node:fs';
import path from 'node:path';
import pg from 'pg';
import { buildApp } from '../../src/app.js';
import { NO_LIMITS } from '../../src/config/limits.js';
import { createRuntime } from '../../src/runtime.js';
import { arg, benchEnv, loadAverage, startBenchDatabase } from '../lib/harness.js';
import { fillCatalogueReadModel } from '../lib/catalogue-read-model.js';

const n = arg('products', 1_000_000);

const db = await startBenchDatabase();
const databaseUrl = await db.createDatabase();
const env = benchEnv(path.join(db.dir, 'data'));

const snapshotFile = path.join(env.DATA_DIR, 'catalogue-snapshot.bin');

async function start(label: string, newest: string, afterFirstSearch?: (url: string) => Promise<void>) {
  const logged: string[] = [];
  const log = {
    info: (obj: object | string, msg?: string) => {
      if (msg === 'catalogue loaded' || msg === 'catalogue snapshot written') logged.push(`${msg} ${JSON.stringify(obj)}`);
    },
    warn: () => undefined,
    error: () => undefined,
  };
  const before = loadAverage();
  const started = performance.now();
  const runtime = await createRuntime({ env, log, connectionString: databaseUrl, limits: NO_LIMITS });
  const app = await buildApp(runtime);
  const url = await app.listen({ host: '127.0.0.1', port: 0 });
  const listening = performance.now() - started;
  const found = (await (await fetch(`${url}/api/products/search?q=${encodeURIComponent(newest)}&limit=1`)).json()) as {
    products: { name: string }[];
    total: number;
  };
  const serving = performance.now() - started;
  const rss = process.memoryUsage().rss / 2 ** 20;
  await afterFirstSearch?.(url);
  console.log(
    `${label}: listening after ${(listening / 1000).toFixed(1)} s, first search answered after ${(serving / 1000).toFixed(1)} s ` +
      `(found "${found.products[0]?.name ?? 'nothing'}"); catalogue ${logged.join(' ')}; RSS ${rss.toFixed(0)} MB; ${before} → ${loadAverage()}`,
  );
  await app.close();
  await runtime.close();
  return serving;
}

try {
  await start('first start (migrations)', 'anything', async (url) => {
    const signup = await fetch(`${url}/api/auth/signup`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({
        email: 'bench@example.in',
        password: 'secret123',
        full_name: 'Bench',
        phone: '9876543210',
        pincode: '400001',
        address: '1 Marine Drive',
        city: 'Mumbai',
        state: 'Maharashtra',
      }),
    });
    if (signup.status !== 201) throw new Error(`signup: ${signup.status}`);
  });
  const empty = await start('restart with an empty read model (baseline)', 'anything');
  const pool = new pg.Pool({ connectionString: databaseUrl, max: 1 });
  const started = performance.now();
  await fillCatalogueReadModel(pool, 0, n);
  console.log(`${n.toLocaleString('en-IN')} rows written to the read model in ${((performance.now() - started) / 1000).toFixed(1)} s`);
  await pool.end();
  rmSync(snapshotFile, { force: true });
  const full = await start(`${n.toLocaleString('en-IN')} products from the read model`, `#${n - 1}`);
  const bytes = existsSync(snapshotFile) ? statSync(snapshotFile).size : 0;
  const fast = await start(`${n.toLocaleString('en-IN')} products from the snapshot (${(bytes / 2 ** 20).toFixed(0)} MB)`, `#${n - 1}`);
  console.log(
    `restart serving after: from the read model ${(full / 1000).toFixed(1)} s, from the snapshot ${(fast / 1000).toFixed(1)} s (${(full / fast).toFixed(1)} x faster), ` +
      `empty store ${(empty / 1000).toFixed(1)} s (target ≤ 60 s at 1,000,000)`,
  );
} finally {
  await db.stop();
}
