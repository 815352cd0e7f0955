import { describe, expect, it } from 'vitest';
import { PostingPool } from './posting-pool.js';

const contents = (pool: PostingPool) => Array.from({ length: pool.size }, (_, id) => Array.from(pool.view(id)));

/** Pushes in an interleaving where some lists grow long and most stay short (a fixed, repeatable sequence). */
function fill(pool: PostingPool, model: number[][], pushes: number) {
  for (let k = 0; k < pushes; k++) {
    // Every 7th push opens a new list; the others go to list k mod 5 (long lists) or to the newest (short ones).
    if (k % 7 === 0) {
      model.push([]);
      pool.append();
    }
    const id = k % 3 === 0 ? model.length - 1 : (k % 5) % model.length;
    model[id]!.push(k * 4 + 1);
    pool.push(id, k * 4 + 1);
  }
}

describe('PostingPool', () => {
  it('keeps every list in order through growth of the buffer, moves of full lists and compactions', () => {
    const pool = new PostingPool(16);
    const model: number[][] = [];
    fill(pool, model, 20_000);
    expect(pool.size).toBe(model.length);
    expect(contents(pool)).toEqual(model);
    for (let id = 0; id < model.length; id++) expect(pool.length(id)).toBe(model[id]!.length);
    // Grown far past the 16 values it started with, but moved lists' old regions were reclaimed: at most ~3× the data.
    expect(pool.allocated).toBeGreaterThan(20_000);
    expect(pool.allocated).toBeLessThan(3 * 20_000);
  });

  it('a list that is the last region doubles in place; an earlier one moves to the end', () => {
    const pool = new PostingPool(16);
    const a = pool.append([1, 2]);
    const b = pool.append([3]);
    pool.push(b, 4); // last region: grows in place
    pool.push(a, 5); // full and not last: moves
    pool.push(b, 6);
    expect(contents(pool)).toEqual([
      [1, 2, 5],
      [3, 4, 6],
    ]);
    expect(Array.from(pool.view(a))).toEqual([1, 2, 5]);
  });

  it('a capture keeps the lists as they were while the pool goes on growing, moving and compacting', async () => {
    const pool = new PostingPool(16);
    const model: number[][] = [];
    fill(pool, model, 3_000);
    const before = model.map((list) => [...list]);
    const captured = await pool.capture(async (column, n) => column.slice(0, n));
    fill(pool, model, 30_000);
    expect(contents(pool)).toEqual(model);
    const read = Array.from(captured.lengths, (length, i) => Array.from(captured.values.subarray(captured.starts[i]!, captured.starts[i]! + length)));
    expect(read).toEqual(before);
  });

  it('from and rebuild give tight pools with the same lists (transformed)', () => {
    const pool = PostingPool.from([[1, 2, 3], [], [4]]);
    expect(contents(pool)).toEqual([[1, 2, 3], [], [4]]);
    expect(pool.allocated).toBeGreaterThanOrEqual(16);
    const odd = pool.rebuild((list) => list.filter((v) => v % 2 === 1));
    expect(contents(odd)).toEqual([[1, 3], [], []]);
    odd.push(1, 9);
    odd.push(0, 5);
    expect(contents(odd)).toEqual([[1, 3, 5], [9], []]);
    expect(contents(pool)).toEqual([[1, 2, 3], [], [4]]);
  });
});
