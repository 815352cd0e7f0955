import { PerformanceObserver, constants } from 'node:perf_hooks';
import { CatalogueMemory } from '../src/modules/catalogue/catalogue-memory.js';
import { silent } from './harness.js';
import { benchProductId, catalogueProductRows, SEARCH_TERMS } from './storefront/catalogue-rows.js';

const gcs = { minor: 0, minorMs: 0, major: 0, majorMs: 0, inc: 0, incMs: 0 };
new PerformanceObserver((l) => {
  for (const e of l.getEntries()) {
    const k = (e as any).detail.kind;
    if (k === constants.NODE_PERFORMANCE_GC_MINOR) { gcs.minor++; gcs.minorMs += e.duration; }
    else if (k === constants.NODE_PERFORMANCE_GC_MAJOR) { gcs.major++; gcs.majorMs += e.duration; }
    else { gcs.inc++; gcs.incMs += e.duration; }
  }
}).observe({ entryTypes: ['gc'] });

async function fill(n: number) {
  const m = new CatalogueMemory({} as any, { subscribe() {} } as any, silent as any);
  function* pages() { for (let at = 0; at < n; at += 50_000) yield catalogueProductRows(at, Math.min(50_000, n - at)); }
  await m.load(pages());
  return m;
}
function perTerm(m: CatalogueMemory, label: string) {
  for (const term of SEARCH_TERMS) {
    for (let i = 0; i < 200; i++) JSON.stringify(m.searchPage(term, {}, 0, 24));
    const c = process.cpuUsage();
    let r;
    for (let i = 0; i < 1000; i++) r = m.searchPage(term, {}, 0, 24);
    const u = process.cpuUsage(c);
    console.log(`${label} '${term}': ${((u.user + u.system) / 1000).toFixed(1)} µs, total ${r!.total}${r!.approximate ? '~' : ''}`);
  }
}
function run(m: CatalogueMemory, n: number, label: string) {
  perTerm(m, label);
  for (const what of ['byid', 'search'] as const) {
    const iters = what === 'byid' ? 300_000 : 20_000;
    // warm
    for (let i = 0; i < iters / 10; i++) what === 'byid' ? JSON.stringify({ success: true, product: m.getProduct(benchProductId((i * 7919) % n)) }) : JSON.stringify(m.searchPage(SEARCH_TERMS[i % 8]!, {}, 0, 24));
    Object.assign(gcs, { minor: 0, minorMs: 0, major: 0, majorMs: 0, inc: 0, incMs: 0 });
    const c = process.cpuUsage();
    for (let i = 0; i < iters; i++) what === 'byid' ? JSON.stringify({ success: true, product: m.getProduct(benchProductId((i * 7919) % n)) }) : JSON.stringify(m.searchPage(SEARCH_TERMS[i % 8]!, {}, 0, 24));
    const u = process.cpuUsage(c);
    console.log(`${label} ${what}: ${((u.user + u.system) / iters).toFixed(1)} µs/op; GC minor ${gcs.minor}× ${(gcs.minorMs).toFixed(0)} ms (${(gcs.minorMs / Math.max(1, gcs.minor)).toFixed(2)} avg), major ${gcs.major}× ${gcs.majorMs.toFixed(0)} ms, incr ${gcs.inc}× ${gcs.incMs.toFixed(0)} ms`);
  }
}
const n = Number(process.argv[2] ?? 80);
const small = await fill(80);
run(small, 80, '80');
await new Promise((r) => setTimeout(r, 10));
if (n > 80) {
  const t = performance.now();
  const big = await fill(n);
  (globalThis as any).gc?.();
  console.log(`filled ${n} in ${((performance.now() - t) / 1000).toFixed(1)} s, heap ${(process.memoryUsage().heapUsed / 2 ** 20).toFixed(0)} MB`);
  run(big, n, String(n));
  run(small, 80, '80 again (big heap alive)');
}
