import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { readSnapshot, writeSnapshot, type SectionValue } from './snapshot-format.js';

const dir = mkdtempSync(path.join(os.tmpdir(), 'snapshot-format-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const long = '鬼滅の刃 '.repeat(40);
const sections = (): Record<string, SectionValue> => ({
  meta: { json: { n: 3, names: ['a', 'ü'] } },
  price: { typed: Float64Array.from({ length: 100 }, (_, i) => i * 1.25) },
  flags: { typed: Uint8Array.from({ length: 33 }, (_, i) => i % 3) },
  names: { strings: ['', 'Gojo Satoru Keychain', long, 'naïve ₹1,299 🎌', long.slice(3)] },
  // Only the first `lengths[i]` entries of each list are written (lists only grow at their end).
  postings: { lists: [[], [1, 2, 3], Array.from({ length: 50 }, (_, i) => i / 7), [9, 8]], lengths: Uint32Array.from([0, 2, 50, 2]) },
});

describe('catalogue snapshot format', () => {
  it('reads back what it wrote, whatever the chunk size, byte for byte the same file', async () => {
    const big = path.join(dir, 'big.bin');
    const small = path.join(dir, 'small.bin');
    await writeSnapshot(big, { format: 1 }, sections());
    // Chunks smaller than a string, a typed column and a list: every piece crosses a flush.
    await writeSnapshot(small, { format: 1 }, sections(), { chunkBytes: 16 });
    expect(readFileSync(small).equals(readFileSync(big))).toBe(true);
    const { meta, sections: read } = await readSnapshot(small);
    expect(meta).toEqual({ format: 1 });
    expect(read.get('meta')).toEqual({ n: 3, names: ['a', 'ü'] });
    expect(Array.from(read.get('price') as Float64Array)).toEqual(Array.from({ length: 100 }, (_, i) => i * 1.25));
    expect(Array.from(read.get('flags') as Uint8Array)).toEqual(Array.from({ length: 33 }, (_, i) => i % 3));
    expect(read.get('names')).toEqual(['', 'Gojo Satoru Keychain', long, 'naïve ₹1,299 🎌', long.slice(3)]);
    expect(read.get('postings')).toEqual([[], [1, 2], Array.from({ length: 50 }, (_, i) => i / 7), [9, 8]]);
  });

  it('lists kept in one buffer (a posting pool) are written as the same lists section, byte for byte', async () => {
    const asLists = path.join(dir, 'lists.bin');
    const asPool = path.join(dir, 'pool.bin');
    const { postings, ...rest } = sections();
    await writeSnapshot(asLists, { format: 1 }, { ...rest, postings });
    // The same four lists at scattered places of one buffer, with unused room and waste between them.
    const values = new Float64Array(200).fill(-1);
    values.set([1, 2, 3], 10);
    values.set(
      Array.from({ length: 50 }, (_, i) => i / 7),
      100,
    );
    values.set([9, 8], 20);
    const pooled = { values, starts: Uint32Array.from([0, 10, 100, 20]), lengths: Uint32Array.from([0, 2, 50, 2]) };
    await writeSnapshot(asPool, { format: 1 }, { ...rest, postings: { pooled } }, { chunkBytes: 16 });
    expect(readFileSync(asPool).equals(readFileSync(asLists))).toBe(true);
  });

  it('a damaged file fails its checksum', async () => {
    const file = path.join(dir, 'damaged.bin');
    await writeSnapshot(file, { format: 1 }, sections(), { chunkBytes: 64 });
    const bytes = readFileSync(file);
    bytes[200] = bytes[200]! ^ 0xff;
    const { writeFileSync } = await import('node:fs');
    writeFileSync(file, bytes);
    await expect(readSnapshot(file)).rejects.toThrow('checksum mismatch');
  });
});
