/**
 * Typo search and by-id at catalogue scale, in-process and over HTTP, with a baseline from the same run.
 *
 * For each size N (80, 100,000, and 1,000,000 with --million; or --sizes 80,10000) the in-memory catalogue
 * (CatalogueMemory: product table, sort orders, search index) is filled directly with generated products
 * (bench/lib/catalogue-rows.ts) through the same load path the store uses at start — no database, no import —
 * and served by the store's own shopper routes on a bare Fastify. It prints:
 *   - heap and RSS per product (after a full GC, over the empty catalogue) and the fill time;
 *   - in-process: typo search (the 8 bench terms, first page of 24, DTOs built) and by-id p50/p99;
 *   - over HTTP, 20 connections (autocannon in a worker thread), 5 s each: typo search and by-id p50/p99 and req/s;
 *   - a 50,000-row batch applied on top (the catalogue's share of an import being searchable).
 * The 80-product figures are the baseline: every line also gives its ratio to them.
 * Usage: node --expose-gc --import tsx bench/catalogue/search-scale.ts [--million] [--sizes 80,100000] [--seconds 5]
 */
import autocannon from 'autocannon';
import Fastify from 'fastify';
import { serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import { shopperCatalogueRoutes } from '../../src/modules/catalogue/api.js';
import { CatalogueMemory } from '../../src/modules/catalogue/search/catalogue-memory.js';
import type { ProductRow } from '../../src/modules/catalogue/products/product-dto.js';
import { arg, loadAverage, percentile, silent } from '../lib/harness.js';
import { benchProductId, catalogueProductRows, SEARCH_TERMS } from '../lib/catalogue-rows.js';

const seconds = arg('seconds', 5);
const sizesArg = process.argv.indexOf('--sizes');
const sizes = sizesArg > 0 ? process.argv[sizesArg + 1]!.split(',').map(Number) : process.argv.includes('--million') ? [80, 100_000, 1_000_000] : [80, 100_000];
const FILE = 50_000;
const gc = (globalThis as { gc?: () => void }).gc as () => void;
if (typeof gc !== 'function') throw new Error('run with node --expose-gc --import tsx bench/catalogue/search-scale.ts');

const idOf = benchProductId;

const rowsOf = (from: number, count: number) => catalogueProductRows(from, count);

function* pages(from: number, to: number): Generator<ProductRow[]> {
  for (let at = from; at < to; at += FILE) yield rowsOf(at, Math.min(FILE, to - at));
}

const ms = (list: number[]) => `p50 ${percentile(list, 50).toFixed(2)} ms, p99 ${percentile(list, 99).toFixed(2)} ms`;

function inProcess(memory: CatalogueMemory, n: number) {
  const search: number[] = [];
  const byId: number[] = [];
  // Warm up, then measure.
  for (let round = 0; round < 25; round++) {
    for (const term of SEARCH_TERMS) {
      const t = performance.now();
      JSON.stringify(memory.searchPage(term, {}, 0, 24));
      if (round >= 5) search.push(performance.now() - t);
    }
    for (let k = 0; k < 40; k++) {
      const id = idOf(Math.floor(Math.random() * n));
      const t = performance.now();
      JSON.stringify({ success: true, product: memory.getProduct(id) });
      if (round >= 5) byId.push(performance.now() - t);
    }
  }
  return { search, byId };
}

function http(url: string, requests: autocannon.Request[]) {
  return new Promise<autocannon.Result>((resolve, reject) => {
    autocannon({ url, connections: 20, duration: seconds, workers: 1, requests }, (error, r) => (error ? reject(error) : resolve(r)));
  });
}

interface Figures {
  n: number;
  search: number[];
  byId: number[];
  httpSearch: autocannon.Result;
  httpById: autocannon.Result;
}

async function measure(n: number): Promise<Figures> {
  gc();
  const heap0 = process.memoryUsage().heapUsed;
  const rss0 = process.memoryUsage().rss;
  const memory = new CatalogueMemory(null as never, null as never, silent);
  const base = Math.max(0, n - FILE);
  let started = performance.now();
  const phases = await memory.load(pages(0, n > FILE ? base : n));
  const fillMs = performance.now() - started;
  let batch = '';
  if (n > FILE) {
    // The last 50,000 as one applied batch (what the catalogue does once the projector has committed an import),
    // then the next search and the next listing (which merges the sort orders).
    const rows = rowsOf(base, n - base);
    started = performance.now();
    memory.apply(rows);
    const applied = performance.now() - started;
    const found = memory.searchPage(`#${n - 1}`, {}, 0, 1).products[0]?.name.endsWith(`#${n - 1}`);
    const searchable = performance.now() - started;
    memory.page({ sort: 'price-low' }, 0, 24);
    batch = `50,000-row batch applied in ${(applied / 1000).toFixed(2)} s, searchable after ${(searchable / 1000).toFixed(2)} s (last row found: ${found}), sort orders merged by the next listing: ${((performance.now() - started - searchable) / 1000).toFixed(2)} s`;
  }
  gc();
  const heap = (process.memoryUsage().heapUsed - heap0) / n;
  const rss = (process.memoryUsage().rss - rss0) / n;
  console.log(`\n== ${n.toLocaleString('en-IN')} products (${loadAverage()})`);
  console.log(
    `filled in ${(fillMs / 1000).toFixed(1)} s (rows generated + table ${(phases.readMs / 1000).toFixed(1)} s, catalogue order ${(phases.sortMs / 1000).toFixed(1)} s, search index ${(phases.indexMs / 1000).toFixed(1)} s); heap ${(heap / 1024).toFixed(2)} KB/product, RSS ${(rss / 1024).toFixed(2)} KB/product (over the empty catalogue, after a full GC)`,
  );
  if (batch) console.log(batch);

  const { search, byId } = inProcess(memory, n);
  const app = Fastify({ logger: false });
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  await app.register(async (api) => shopperCatalogueRoutes(api, memory), { prefix: '/api' });
  const url = await app.listen({ port: 0, host: '127.0.0.1' });
  const httpSearch = await http(
    url,
    SEARCH_TERMS.map((term) => ({ path: `/api/products/search?q=${encodeURIComponent(term)}` })),
  );
  const ids = Array.from({ length: 500 }, () => idOf(Math.floor(Math.random() * n)));
  const httpById = await http(
    url,
    ids.map((id) => ({ path: `/api/products/${id}` })),
  );
  await app.close();
  return { n, search, byId, httpSearch, httpById };
}

const rows: Figures[] = [];
for (const n of sizes) {
  const f = await measure(n);
  rows.push(f);
  const b = rows[0]!;
  const ratio = (x: number, y: number) => (y > 0 ? ` (${(x / y).toFixed(1)} x ${b.n})` : '');
  console.log(`in-process typo search + page of 24: ${ms(f.search)}${ratio(percentile(f.search, 99), percentile(b.search, 99))}`);
  console.log(`in-process by id: ${ms(f.byId)}${ratio(percentile(f.byId, 99), percentile(b.byId, 99))}`);
  const line = (label: string, r: autocannon.Result, base: autocannon.Result) =>
    console.log(
      `HTTP ${label}, 20 connections, ${seconds} s: ${r.requests.average.toFixed(0)} req/s, p50 ${r.latency.p50} ms, p99 ${r.latency.p99} ms` +
        `${ratio(r.latency.p99, base.latency.p99)}${r.non2xx ? `, ${r.non2xx} non-2xx!` : ''}`,
    );
  line('typo search', f.httpSearch, b.httpSearch);
  line('by id', f.httpById, b.httpById);
}
console.log(`\n(${loadAverage()})`);
