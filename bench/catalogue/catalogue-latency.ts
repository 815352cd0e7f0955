/**
 * By-id and typo-search latency at catalogue scale over HTTP, without importing: the `products` read model is filled
 * directly with SQL (the generated catalogue of bench/lib/catalogue-rows.ts, row for row: names, descriptions,
 * categories, prices, flags), then a full runtime and app start on it as `npm start` would after a restart (the
 * in-memory catalogue loads every row, sorts, indexes, writes its snapshot), and the routes are loaded with 20
 * connections from a child process (bench/lib/http-latency.ts), while this process records its event-loop delay and GC
 * pauses. The baseline is the same routes on the same store at 80 products, measured first in the same run.
 * The end-to-end figure (1,000,000 products through the HTTP bulk import) stays bench/catalogue/import-freshness.ts --latency.
 * Usage: node --expose-gc --import tsx bench/catalogue/catalogue-latency.ts [--products 1000000] [--seconds 5] [--rounds 2] [--snapshot]
 *        [--generator wrk|autocannon|both]
 *   --generator: the load generator (default wrk when installed, else autocannon); both: every round with each, the
 *     same requests on the same server, figures side by side.
 *   --snapshot: also restart from the catalogue snapshot and measure again.
 *   --profile DIR: CPU profiles of the server's process during the first round at N (search.cpuprofile, by-id.cpuprofile).
 */
import path from 'node:path';
import pg from 'pg';
import { buildApp } from '../../src/app.js';
import { NO_LIMITS } from '../../src/config/limits.js';
import { createRuntime } from '../../src/runtime.js';
import { arg, benchEnv, loadAverage, startBenchDatabase } from '../lib/harness.js';
import { defaultGenerator, generatorLine, latencyLine, measureLatency, type Generator, type LatencyFigures } from '../lib/http-latency.js';
import { fillCatalogueReadModel } from '../lib/catalogue-read-model.js';
import { benchProductId, SEARCH_TERMS } from '../lib/catalogue-rows.js';

const n = arg('products', 1_000_000);
const seconds = arg('seconds', 5);
const rounds = arg('rounds', 2);
const BASELINE = 80;
const profileAt = process.argv.indexOf('--profile');
const profileDir = profileAt > 0 ? process.argv[profileAt + 1] : undefined;
const gc = (globalThis as { gc?: () => void }).gc;
const both = process.argv[process.argv.indexOf('--generator') + 1] === 'both' && process.argv.includes('--generator');
const generators: Generator[] = both ? ['wrk', 'autocannon'] : [defaultGenerator()];
for (const generator of generators) console.log(generatorLine(generator));
type Figures = Record<Generator, { search: LatencyFigures; byId: LatencyFigures }>;

const db = await startBenchDatabase();
const databaseUrl = await db.createDatabase();
const env = benchEnv(path.join(db.dir, 'data'));

const memory = () => {
  gc?.();
  const { rss, heapUsed } = process.memoryUsage();
  return `RSS ${(rss / 2 ** 20).toFixed(0)} MB, heap ${(heapUsed / 2 ** 20).toFixed(0)} MB${gc ? ' (after a full GC)' : ''}`;
};

/** Starts the store on the database, waits until it serves (and its snapshot is written), measures, stops it. */
async function serve(label: string, products: number, baseline?: Figures) {
  let snapshotWritten: () => void = () => undefined;
  const written = new Promise<void>((resolve) => (snapshotWritten = resolve));
  const loaded: string[] = [];
  const log = {
    info: (obj: object | string, msg?: string) => {
      if (msg === 'catalogue loaded') loaded.push(JSON.stringify(obj));
      if (msg === 'catalogue snapshot written') snapshotWritten();
    },
    warn: () => undefined,
    error: () => undefined,
  };
  const started = performance.now();
  const runtime = await createRuntime({ env, log, connectionString: databaseUrl, limits: NO_LIMITS });
  const app = await buildApp(runtime);
  const url = await app.listen({ host: '127.0.0.1', port: 0 });
  const newest = `#${products - 1}`;
  const found = (await (await fetch(`${url}/api/products/search?q=${encodeURIComponent(newest)}&limit=1`)).json()) as { products: { name: string }[] };
  const serving = performance.now() - started;
  if (!found.products[0]?.name.endsWith(newest)) throw new Error(`the newest product ${newest} is not found`);
  // A start from the read model writes the snapshot in the background (10,000 products or more): measured after it.
  if (loaded.some((l) => l.includes('"read model"')) && products >= env.CATALOGUE_SNAPSHOT_MIN_PRODUCTS) await written;
  console.log(`${label}: serving after ${(serving / 1000).toFixed(1)} s (catalogue loaded ${loaded.join(' ')}); ${memory()}; ${loadAverage()}`);
  // Ids spread over the whole catalogue, the same every run.
  const byIdRequests = Array.from({ length: 500 }, (_, k) => ({ method: 'GET' as const, path: `/api/products/${benchProductId((k * 7919) % products)}` }));
  const searchRequests = SEARCH_TERMS.map((term) => ({ method: 'GET' as const, path: `/api/products/search?q=${encodeURIComponent(term)}&limit=24` }));
  // A short warm-up (JIT, first answers), not reported.
  await measureLatency(url, searchRequests, { seconds: 2, generator: generators[0] });
  await measureLatency(url, byIdRequests, { seconds: 1, generator: generators[0] });
  const figures: Figures[] = [];
  for (let round = 1; round <= rounds; round++) {
    const each = {} as Figures;
    for (const generator of generators) {
      const profile = (name: string) =>
        profileDir && baseline && round === 1 && generator === generators[0] ? { profile: path.join(profileDir, `${name}.cpuprofile`) } : {};
      const search = await measureLatency(url, searchRequests, { seconds, generator, ...profile('search') });
      console.log(`  ${latencyLine(`round ${round} typo search, ${generator}`, search, baseline?.[generator].search)}; ${loadAverage()}`);
      const byId = await measureLatency(url, byIdRequests, { seconds, generator, ...profile('by-id') });
      console.log(`  ${latencyLine(`round ${round} by id, ${generator}`, byId, baseline?.[generator].byId)}; ${loadAverage()}`);
      each[generator] = { search, byId };
    }
    figures.push(each);
  }
  await app.close();
  await runtime.close();
  // The round with the lower p99 (the other was more disturbed by the machine's other work).
  const best = (pick: (f: Figures) => LatencyFigures) => figures.map(pick).reduce((a, b) => (b.p99 < a.p99 ? b : a));
  const result = {} as Figures;
  for (const g of generators) result[g] = { search: best((f) => f[g].search), byId: best((f) => f[g].byId) };
  return { ...result, serving };
}

try {
  const pool = new pg.Pool({ connectionString: databaseUrl, max: 1 });
  // A first start applies the migrations; then the baseline catalogue.
  {
    const runtime = await createRuntime({
      env,
      log: { info: () => undefined, warn: () => undefined, error: () => undefined },
      connectionString: databaseUrl,
      limits: NO_LIMITS,
    });
    await runtime.close();
  }
  await fillCatalogueReadModel(pool, 0, BASELINE);
  const baseline = await serve(`${BASELINE} products (baseline)`, BASELINE);
  const filling = performance.now();
  await fillCatalogueReadModel(pool, BASELINE, n);
  console.log(`${(n - BASELINE).toLocaleString('en-IN')} more rows written to the read model in ${((performance.now() - filling) / 1000).toFixed(1)} s`);
  await pool.end();
  const full = await serve(`${n.toLocaleString('en-IN')} products from the read model`, n, baseline);
  const lines: string[] = [];
  for (const g of generators) {
    lines.push(
      `${g}, at ${n.toLocaleString('en-IN')} (best of ${rounds} rounds): typo search p99 ${full[g].search.p99} ms (baseline ${baseline[g].search.p99} ms, target ≤ 20 ms), ` +
        `by id p99 ${full[g].byId.p99} ms (baseline ${baseline[g].byId.p99} ms, target ≤ 5 ms)`,
    );
  }
  lines.push(`restart serving after ${(full.serving / 1000).toFixed(1)} s; ${loadAverage()}`);
  if (process.argv.includes('--snapshot')) {
    const fast = await serve(`${n.toLocaleString('en-IN')} products from the snapshot`, n, baseline);
    for (const g of generators) lines.push(`${g}, from the snapshot: typo search p99 ${fast[g].search.p99} ms, by id p99 ${fast[g].byId.p99} ms`);
    lines.push(`serving after ${(fast.serving / 1000).toFixed(1)} s`);
  }
  console.log(lines.join('\n'));
} finally {
  await db.stop();
}
