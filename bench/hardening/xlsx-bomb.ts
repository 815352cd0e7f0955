/**
 * What refusing a zip-bomb .xlsx costs: a sheet of 60 MB of zeros packed into ~60 KB (under the 64 MB unpacked budget)
 * handed to the import's file reader, timed, with the process's peak RSS growth, over a few runs.
 * Usage: npx tsx --expose-gc bench/hardening/xlsx-bomb.ts [--runs 5]
 */
import zlib from 'node:zlib';
import { parseImportFile } from '../../src/modules/catalogue/import/import-file.js';
import { arg, loadAverage } from '../lib/harness.js';

const runs = arg('runs', 5);

/** A one-entry zip holding `data` as xl/worksheets/sheet1.xml, with honest sizes. */
function zipOf(name: string, data: Buffer): Buffer {
  const compressed = zlib.deflateRawSync(data);
  const nameBytes = Buffer.from(name);
  const local = Buffer.alloc(30);
  local.writeUInt32LE(0x04034b50, 0);
  local.writeUInt16LE(20, 4);
  local.writeUInt16LE(8, 8);
  local.writeUInt32LE(zlib.crc32(data) >>> 0, 14);
  local.writeUInt32LE(compressed.length, 18);
  local.writeUInt32LE(data.length, 22);
  local.writeUInt16LE(nameBytes.length, 26);
  const central = Buffer.alloc(46);
  central.writeUInt32LE(0x02014b50, 0);
  central.writeUInt16LE(20, 4);
  central.writeUInt16LE(20, 6);
  central.writeUInt16LE(8, 10);
  central.writeUInt32LE(zlib.crc32(data) >>> 0, 16);
  central.writeUInt32LE(compressed.length, 20);
  central.writeUInt32LE(data.length, 24);
  central.writeUInt16LE(nameBytes.length, 28);
  const localPart = Buffer.concat([local, nameBytes, compressed]);
  const centralPart = Buffer.concat([central, nameBytes]);
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(1, 8);
  end.writeUInt16LE(1, 10);
  end.writeUInt32LE(centralPart.length, 12);
  end.writeUInt32LE(localPart.length, 16);
  return Buffer.concat([localPart, centralPart, end]);
}

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
