/**
 * The storefront at catalogue scale. The store runs as its own process (bench/lib/store-process.ts) on a fresh
 * database; N products are seeded through the admin's bulk import in files of at most 50,000 rows, and for each N it
 * prints:
 *   - the bytes of each storefront page's API calls (as sent: brotli, and decoded) for home, a category page, a product
 *     page and a search page;
 *   - the API process's RSS growth per product (after a full GC) over its RSS with an empty catalogue;
 *   - typo search and by-id p99 under 20 connections (autocannon from a worker thread);
 *   - how long each import file took until its last row was searchable;
 *   - how long a restart takes until the store serves again, and the RSS per product after it (without what the
 *     import left behind);
 *   - Lighthouse mobile performance / LCP / TBT / CLS / total bytes of the four pages (`pageVitals`, bench/storefront/lighthouse.ts;
 *     needs the built storefront, `node scripts/build-frontends.mjs`).
 * Usage: npx tsx bench/catalogue/storefront-scale.ts [--million] [--sizes 80,10000,100000] [--seconds 5] [--no-lighthouse]
 */
import autocannon from 'autocannon';
import { spawn, type ChildProcess } from 'node:child_process';
import { readFileSync } from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { DEMO_ADMIN } from '../../src/config/env.js';
import { freePort } from '../../tests/hardening/processes.js';
import { percentile, startBenchDatabase } from '../lib/harness.js';
import { lighthouseStorefront } from '../storefront/lighthouse.js';
import { catalogueCsv, SEARCH_TERMS } from '../lib/catalogue-rows.js';

const flag = (name: string) => process.argv.includes(`--${name}`);
const option = (name: string) => {
  const i = process.argv.indexOf(`--${name}`);
  return i > 0 ? process.argv[i + 1] : undefined;
};
const sizes = (option('sizes') ?? '80,10000,100000')
  .split(',')
  .map(Number)
  .concat(flag('million') ? [1_000_000] : []);
const seconds = Number(option('seconds') ?? 5);
const FILE_ROWS = 50_000;
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** Lighthouse mobile figures of the four shopper pages at `baseUrl` (bench/storefront/lighthouse.ts; `--no-lighthouse` skips them). */
export async function pageVitals(
  baseUrl: string,
): Promise<Record<string, { performance: number; lcpMs: number; tbtMs: number; cls: number; bytes: number }> | null> {
  if (flag('no-lighthouse')) return null;
  const rows = await lighthouseStorefront(baseUrl);
  return Object.fromEntries(rows.map((r) => [r.page, { performance: r.performance, lcpMs: r.lcpMs, tbtMs: r.tbtMs, cls: r.cls, bytes: r.totalBytes }]));
}

interface Store {
  child: ChildProcess;
  url: string;
  startedMs: number;
}

async function startStore(databaseUrl: string, dataDir: string): Promise<Store> {
  const port = await freePort();
  const started = performance.now();
  const child = spawn(process.execPath, ['--expose-gc', '--import', 'tsx', 'bench/lib/store-process.ts'], {
    env: {
      ...process.env,
      DATABASE_URL: databaseUrl,
      DATA_DIR: dataDir,
      PORT: String(port),
      JWT_SECRET: 'bench-storefront-scale-secret-000000000',
      SEED_DEMO: 'false',
      NODE_ENV: 'development',
      ADMIN_EMAIL: DEMO_ADMIN.email,
      ADMIN_PASSWORD: DEMO_ADMIN.password,
      LOG_LEVEL: 'error',
    },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const url = `http://127.0.0.1:${port}`;
  for (;;) {
    if (child.exitCode !== null) throw new Error('store process exited');
    try {
      if ((await fetch(`${url}/api/health`)).status === 200) return { child, url, startedMs: performance.now() - started };
    } catch {
      // not listening yet
    }
    await sleep(100);
  }
}

const stopStore = async (store: Store) => {
  store.child.kill('SIGTERM');
  if (store.child.exitCode === null) await new Promise((r) => store.child.once('exit', r));
};

interface Memory {
  rss: number;
  heapTotal: number;
  heapUsed: number;
  external: number;
}
const memory = async (url: string) => (await (await fetch(`${url}/bench/memory`, { method: 'POST' })).json()) as Memory;
const perProduct = (now: number, before: number, n: number) => `${((now - before) / n / 1024).toFixed(2)} KB`;

/** Bytes on the wire (brotli, as a browser asks) and decoded, of one GET. */
function bytesOf(url: string): Promise<{ wire: number; status: number }> {
  return new Promise((resolve, reject) => {
    http
      .get(url, { headers: { 'accept-encoding': 'br, gzip' } }, (res) => {
        let wire = 0;
        res.on('data', (chunk: Buffer) => (wire += chunk.length));
        res.on('end', () => resolve({ wire, status: res.statusCode ?? 0 }));
      })
      .on('error', reject);
  });
}
const decodedBytes = async (url: string) => (await (await fetch(url)).arrayBuffer()).byteLength;

/** The API calls each storefront page makes (home: featured page, keychain sample, hero carousel; …). */
function pageCalls(id: string): Record<string, string[]> {
  return {
    home: ['/api/products?featured=true&limit=8', '/api/products/sample?category=Keychains&count=3', '/api/carousels/hero'],
    category: ['/api/products/category/anime-figures', '/api/carousels/anime-figures'],
    product: [`/api/products/${id}`, `/api/products/${id}/related?limit=4`, `/api/products/${id}/reviews`],
    search: ['/api/products/search?q=naruto'],
  };
}

async function pageBytes(url: string, id: string) {
  const out: Record<string, string> = {};
  for (const [page, calls] of Object.entries(pageCalls(id))) {
    let wire = 0;
    let decoded = 0;
    for (const call of calls) {
      const result = await bytesOf(`${url}${call}`);
      if (result.status >= 500) throw new Error(`${call} answered ${result.status}`);
      wire += result.wire;
      decoded += await decodedBytes(`${url}${call}`);
    }
    out[page] = `${(wire / 1024).toFixed(1)} KB (${(decoded / 1024).toFixed(1)} KB decoded)`;
  }
  return out;
}

/** CPU time (user + system, ms) the process has used: on a machine others load, CPU per request is the steady figure. */
function cpuMs(pid: number): number {
  const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
  return ((Number(fields[11]) + Number(fields[12])) * 1000) / 100;
}

async function load(store: Store, requests: autocannon.Request[]) {
  const before = cpuMs(store.child.pid!);
  const result = await new Promise<autocannon.Result>((resolve, reject) => {
    autocannon({ url: store.url, connections: 20, duration: seconds, workers: 1, requests }, (error, r) => (error ? reject(error) : resolve(r)));
  });
  const requestsDone = result.requests.average * seconds;
  const figure = `p99 ${result.latency.p99} ms, ${result.requests.average.toFixed(0)}/s, ${((cpuMs(store.child.pid!) - before) / requestsDone).toFixed(2)} ms CPU/request${result.non2xx ? `, ${result.non2xx} non-2xx` : ''}`;
  return figure;
}

/** Ids from random pages of the catalogue (the import gives products fresh ids). */
async function randomIds(url: string, n: number): Promise<string[]> {
  const ids: string[] = [];
  for (let i = 0; i < 5; i++) {
    const page = 1 + Math.floor(Math.random() * Math.ceil(n / 200));
    const body = (await (await fetch(`${url}/api/products?limit=200&page=${page}`)).json()) as { products: { id: string }[] };
    ids.push(...body.products.map((p) => p.id));
  }
  return ids.sort(() => Math.random() - 0.5);
}

async function importFile(url: string, token: string, from: number, count: number) {
  const form = new FormData();
  form.append('mode', 'add');
  form.append('file', new Blob([catalogueCsv(from, count)], { type: 'text/csv' }), `bench-${from}.csv`);
  const started = performance.now();
  const res = await fetch(`${url}/api/admin/products/bulk`, { method: 'POST', headers: { authorization: `Bearer ${token}` }, body: form });
  const body = (await res.json()) as { created?: number; errors?: unknown[]; error?: string };
  if (res.status !== 200 || body.created !== count) throw new Error(`import answered ${res.status}: ${JSON.stringify(body).slice(0, 300)}`);
  const answeredMs = performance.now() - started;
  // Searchable: the last row of the file is found by its name.
  const last = from + count - 1;
  for (;;) {
    const found = (await (await fetch(`${url}/api/products/search?q=${encodeURIComponent(`#${last}`)}&limit=1`)).json()) as { products: { name: string }[] };
    if (found.products[0]?.name.endsWith(`#${last}`)) break;
    await sleep(20);
  }
  return { answeredMs, searchableMs: performance.now() - started };
}

async function main() {
  const db = await startBenchDatabase();
  const databaseUrl = await db.createDatabase();
  const dataDir = path.join(db.dir, 'data');
  let store = await startStore(databaseUrl, dataDir);
  const rows: Record<string, unknown>[] = [];
  try {
    const login = await fetch(`${store.url}/api/auth/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(DEMO_ADMIN),
    });
    const { token } = (await login.json()) as { token: string };
    await sleep(1000);
    const empty = await memory(store.url);
    console.log(
      `empty catalogue: RSS ${(empty.rss / 1_048_576).toFixed(0)} MB, heap ${(empty.heapUsed / 1_048_576).toFixed(0)} MB (load average ${os.loadavg()[0]!.toFixed(1)} on ${os.cpus().length} cores)`,
    );
    let seeded = 0;
    for (const n of sizes) {
      const imports: number[] = [];
      while (seeded < n) {
        const count = Math.min(FILE_ROWS, n - seeded);
        const timing = await importFile(store.url, token, seeded, count);
        seeded += count;
        imports.push(timing.searchableMs);
        console.log(
          `  imported ${count.toLocaleString('en-IN')} rows (now ${seeded.toLocaleString('en-IN')}): answered ${(timing.answeredMs / 1000).toFixed(2)} s, searchable ${(timing.searchableMs / 1000).toFixed(2)} s`,
        );
      }
      const used = await memory(store.url);
      // The same catalogue after a restart: what the loaded catalogue holds, without what the import left behind
      // (freed memory the allocator keeps) — and how long the store takes to serve again.
      await stopStore(store);
      store = await startStore(databaseUrl, dataDir);
      await sleep(500);
      const restarted = await memory(store.url);
      const known = await randomIds(store.url, n);
      const bytes = await pageBytes(store.url, known[0]!);
      const ids = Array.from({ length: 500 }, (_, i) => ({ method: 'GET' as const, path: `/api/products/${known[i % known.length]}` }));
      const byId = await load(store, ids);
      const search = await load(
        store,
        SEARCH_TERMS.map((t) => ({ method: 'GET' as const, path: `/api/products/search?q=${encodeURIComponent(t)}` })),
      );
      const load1 = os.loadavg()[0]!.toFixed(1);
      const vitals = await pageVitals(store.url);
      const row = {
        products: n,
        ...bytes,
        'RSS MB after import / restart': `${(used.rss / 1_048_576).toFixed(0)} / ${(restarted.rss / 1_048_576).toFixed(0)}`,
        'RSS/product after import': perProduct(used.rss, empty.rss, n),
        'RSS/product after restart': perProduct(restarted.rss, empty.rss, n),
        'heap/product': perProduct(restarted.heapUsed, empty.heapUsed, n),
        'restart serves after': `${(store.startedMs / 1000).toFixed(1)} s`,
        'typo search (20 connections)': search,
        'by-id (20 connections)': byId,
        'load average': load1,
        'import → searchable (last file)': imports.length ? `${(imports[imports.length - 1]! / 1000).toFixed(2)} s` : '-',
        'import p50 per file': imports.length ? `${(percentile(imports, 50) / 1000).toFixed(2)} s` : '-',
        ...(vitals ? { lighthouse: JSON.stringify(vitals) } : {}),
      };
      rows.push(row);
      console.log(row);
    }
    console.table(rows);
  } finally {
    await stopStore(store);
    await db.stop();
  }
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
