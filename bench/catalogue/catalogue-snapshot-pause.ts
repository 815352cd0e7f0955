/**
 * Does writing the catalogue snapshot hold up the requests an instance serves meanwhile? The in-memory catalogue is
 * filled with N generated products through the start-up load path (no database), then a by-id lookup runs every
 * millisecond (a timer, as requests would arrive) while the snapshot is captured and written, and once more for the
 * same time with no snapshot being written (the baseline of the same run). It prints the lookups' latency from when
 * each was due (p50 / p99 / max: the event loop's stalls included), the longest stall, and the capture and write times.
 * Usage: node --expose-gc --import tsx bench/catalogue/catalogue-snapshot-pause.ts [--products 1000000]
 */
import { mkdtempSync, rmSync, statSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { CatalogueMemory } from '../../src/modules/catalogue/search/catalogue-memory.js';
import type { ProductRow } from '../../src/modules/catalogue/products/product-dto.js';
import { writeSnapshot } from '../../src/modules/catalogue/snapshot/snapshot-format.js';
import type { EventStore } from '../../src/core/event-store.js';
import { arg, loadAverage, percentile, silent } from '../lib/harness.js';
import { benchProductId, catalogueProductRows } from '../lib/catalogue-rows.js';

const n = arg('products', 1_000_000);

function* pages(): Generator<ProductRow[]> {
  for (let at = 0; at < n; at += 50_000) yield catalogueProductRows(at, Math.min(50_000, n - at));
}

/** Looks a random product up every millisecond until `done` settles; each latency counts from when it was due. */
async function lookups(memory: CatalogueMemory, done: Promise<unknown>) {
  const latencies: number[] = [];
  let finished = false;
  void done.finally(() => (finished = true));
  let due = performance.now();
  while (!finished) {
    due += 1;
    const wait = Math.max(0, due - performance.now());
    await new Promise((resolve) => setTimeout(resolve, wait));
    const started = performance.now();
    JSON.stringify(memory.getProduct(benchProductId(Math.floor(Math.random() * n))));
    const now = performance.now();
    latencies.push(now - Math.min(due, started));
    if (now - due > 1) due = now; // after a stall, measure from now on rather than firing a burst to catch up
  }
  const fmt = (v: number) => `${v.toFixed(1)} ms`;
  return `${latencies.length} lookups, p50 ${fmt(percentile(latencies, 50))}, p99 ${fmt(percentile(latencies, 99))}, max ${fmt(Math.max(...latencies))}`;
}

const memory = new CatalogueMemory(null as never, { subscribe: () => ({ close: async () => undefined }) } as unknown as EventStore, silent);
const fillStarted = performance.now();
await memory.load(pages());
console.log(`${n.toLocaleString('en-IN')} products filled in ${((performance.now() - fillStarted) / 1000).toFixed(1)} s; ${loadAverage()}`);
const dir = mkdtempSync(path.join(os.tmpdir(), 'bench-snapshot-pause-'));
const file = path.join(dir, 'catalogue-snapshot.bin');
try {
  let captureMs = 0;
  let writeMs = 0;
  const writing = (async () => {
    await new Promise((r) => setTimeout(r, 200));
    const started = performance.now();
    const sections = await memory.captureSnapshot();
    captureMs = performance.now() - started;
    const writeStarted = performance.now();
    await writeSnapshot(file, { bench: true }, sections);
    writeMs = performance.now() - writeStarted;
  })();
  const during = await lookups(memory, writing);
  console.log(
    `snapshot (${(statSync(file).size / 2 ** 20).toFixed(0)} MB): capture ${captureMs.toFixed(0)} ms, write ${(writeMs / 1000).toFixed(1)} s; ` +
      `by id during it: ${during}; ${loadAverage()}`,
  );
  const quiet = new Promise((r) => setTimeout(r, 200 + captureMs + writeMs));
  console.log(`by id with no snapshot written, same duration: ${await lookups(memory, quiet)}; ${loadAverage()}`);
} finally {
  rmSync(dir, { recursive: true, force: true });
}
