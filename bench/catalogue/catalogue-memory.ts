/**
 * The in-memory catalogue alone (no HTTP, no database), in this process: the product table, its sort orders and the
 * search index, filled with N generated products (bench/lib/catalogue-rows.ts) as the catalogue loads them.
 * Prints heap per product (after a full GC), the time to take in a 50,000-row import on top of N - 50,000 (the
 * catalogue's share of "imported → searchable"), the first and the merged sort, and typo search latency percentiles.
 * Usage: node --expose-gc --import tsx bench/catalogue/catalogue-memory.ts [--products 1000000] [--heap-objects]
 *   --heap-objects: also count the heap's objects per product by kind (two heap snapshots; use at 100,000).
 */
import { CatalogueOrders } from '../../src/modules/catalogue/search/sort-orders.js';
import type { ProductRow } from '../../src/modules/catalogue/products/product-dto.js';
import { ProductTable } from '../../src/modules/catalogue/search/product-table.js';
import { SearchIndex } from '../../src/modules/catalogue/search/search-index.js';
import { execSync } from 'node:child_process';
import { constants, PerformanceObserver } from 'node:perf_hooks';
import { arg, percentile } from '../lib/harness.js';
import { heapGrowthLines, heapObjects } from '../lib/heap-objects.js';
import { catalogueProductRows, SEARCH_TERMS } from '../lib/catalogue-rows.js';

const n = arg('products', 100_000);
const FILE = 50_000;
const gc = (globalThis as { gc?: () => void }).gc;
if (!gc) throw new Error('run with node --expose-gc --import tsx bench/catalogue/catalogue-memory.ts');

/** All rows of one batch share its creation time, as one import gives them. */
const rowsOf = (from: number, count: number) => catalogueProductRows(from, count, () => new Date(1_700_000_000_000 + from));

const table = new ProductTable();
const orders = new CatalogueOrders(table);
const index = new SearchIndex((slot) => table.category[slot]!);
const take = (rows: ProductRow[]) => {
  for (const row of rows) {
    const { slot } = table.put(row);
    index.add(slot, row.name, row.description);
    orders.changed(slot);
  }
};

const countObjects = process.argv.includes('--heap-objects');
const objectsBefore = countObjects ? heapObjects() : undefined;
gc();
const heapBefore = process.memoryUsage().heapUsed;
let loaded = 0;
while (loaded < n - FILE) {
  const count = Math.min(FILE, n - FILE - loaded);
  take(rowsOf(loaded, count));
  loaded += count;
}
let started = performance.now();
orders.order('price-low');
const firstSortMs = performance.now() - started;

// The last file as an import: rows in, then the orders merged by the next listing and a search finding the last row.
let last: ProductRow[] | undefined = rowsOf(loaded, Math.min(FILE, n - loaded));
const lastLength = last.length;
started = performance.now();
take(last);
last = undefined; // not counted in the heap figures
const takenMs = performance.now() - started;
started = performance.now();
orders.order('price-low');
const mergeMs = performance.now() - started;
const found = index.search(`#${n - 1}`, table.categoryWords(), { filter: () => true, start: 0, limit: 24 }).total;

gc();
const heapPerProduct = (process.memoryUsage().heapUsed - heapBefore) / n;

const timings: Record<string, number[]> = {};
for (let round = 0; round < 10; round++) {
  for (const term of SEARCH_TERMS) {
    const t = performance.now();
    index.search(term, table.categoryWords(), { filter: orders.matcher({}), start: 0, limit: 24 });
    (timings[term] ??= []).push(performance.now() - t);
  }
}
const all = Object.values(timings).flat();
console.log(`${n.toLocaleString('en-IN')} products in memory: heap ${(heapPerProduct / 1024).toFixed(2)} KB/product (table, orders, search index)`);
console.log(
  `last ${lastLength.toLocaleString('en-IN')}-row file taken in: ${(takenMs / 1000).toFixed(2)} s, orders merged on the next listing: ${mergeMs.toFixed(0)} ms (a first full sort: ${firstSortMs.toFixed(0)} ms); last row found: ${found > 0}`,
);
console.log(
  `typo search + first page, 10 rounds of ${SEARCH_TERMS.length} terms: p50 ${percentile(all, 50).toFixed(1)} ms, p99 ${percentile(all, 99).toFixed(1)} ms`,
);
for (const [term, list] of Object.entries(timings))
  console.log(`  ${term.padEnd(20)} p50 ${percentile(list, 50).toFixed(1)} ms, max ${Math.max(...list).toFixed(1)} ms`);
// Scavenges with the catalogue alive: by-id reads (a product's DTO and its JSON, the garbage a request makes) for a
// fixed count, every minor GC timed (PerformanceObserver 'gc').
const scavenges: number[] = [];
const observer = new PerformanceObserver((list) => {
  for (const entry of list.getEntries())
    if ((entry as PerformanceEntry & { detail?: { kind: number } }).detail?.kind === constants.NODE_PERFORMANCE_GC_MINOR) scavenges.push(entry.duration);
});
observer.observe({ entryTypes: ['gc'] });
let bytes = 0;
for (let k = 0; k < 300_000; k++) bytes += JSON.stringify(table.dto((k * 7919) % table.end)).length;
await new Promise((resolve) => setTimeout(resolve, 100)); // gc entries arrive asynchronously
observer.disconnect();
const uptime = execSync('uptime')
  .toString()
  .trim()
  .replace(/.*load average: /, 'load ');
console.log(
  `scavenges during 300,000 by-id reads (${(bytes / 2 ** 20).toFixed(0)} MB of JSON): ${scavenges.length}, p50 ${percentile(scavenges, 50).toFixed(2)} ms, ` +
    `p99 ${percentile(scavenges, 99).toFixed(2)} ms, max ${Math.max(...scavenges).toFixed(2)} ms, total ${scavenges.reduce((a, b) => a + b, 0).toFixed(0)} ms; ${uptime}`,
);

if (objectsBefore) for (const line of heapGrowthLines(objectsBefore, heapObjects(), n)) console.log(line);
