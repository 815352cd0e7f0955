/**
 * What refusing a zip-bomb .xlsx costs: a sheet of 60 MB of zeros packed into ~60 KB (under the 64 MB unpacked budget)
 * handed to the import's file reader, timed, with the process's peak RSS growth, over a few runs.
 * Usage: npx tsx --expose-gc bench/hardening/xlsx-bomb.ts [--runs 5]
 */
import { parseImportFile } from '../../src/modules/catalogue/import/import-file.js';
import { arg, loadAverage } from '../lib/harness.js';
import { zipOf } from '../../tests/helpers/zip-of.js';

const runs = arg('runs', 5);

const bomb = zipOf('xl/worksheets/sheet1.xml', Buffer.alloc(60 * 1024 * 1024));
console.log(`bomb: ${bomb.length} bytes packed, 62914560 unpacked; ${loadAverage()}`);
for (let i = 0; i < runs; i++) {
  (globalThis as { gc?: () => void }).gc?.();
  const before = process.memoryUsage().rss;
  let peak = before;
  const sampler = setInterval(() => (peak = Math.max(peak, process.memoryUsage().rss)), 5);
  const started = performance.now();
  const outcome = await parseImportFile('bomb.xlsx', bomb).then(
    () => 'read',
    (error: Error) => error.message,
  );
  const ms = performance.now() - started;
  peak = Math.max(peak, process.memoryUsage().rss);
  clearInterval(sampler);
  console.log(`run ${i + 1}: ${ms.toFixed(1)} ms, RSS +${((peak - before) / 1048576).toFixed(0)} MB: ${outcome}`);
}
