import { describe, expect, it } from 'vitest';
import { copyList, copyPairs, copyTyped } from './chunked-copy.js';

const N = 65_536 * 2 + 7; // three slices, the last one short

describe('snapshot copies in slices', () => {
  it('copy exactly the first n elements of a column across slices, and the copy no longer follows the column', async () => {
    const column = Float64Array.from({ length: N + 100 }, (_, i) => i * 0.5);
    const typed = await copyTyped(column, N);
    expect(typed).toBeInstanceOf(Float64Array);
    expect(typed.length).toBe(N);
    expect(typed[0]).toBe(0);
    expect(typed[65_536]).toBe(65_536 * 0.5);
    expect(typed[N - 1]).toBe((N - 1) * 0.5);
    column[5] = -1;
    expect(typed[5]).toBe(2.5);

    const names = Array.from({ length: N + 3 }, (_, i) => `p${i}`);
    const list = await copyList(names, N);
    expect(list).toHaveLength(N);
    expect(list.every((name, i) => name === `p${i}`)).toBe(true);
    expect(await copyList([[1, 2], [3]], 2, (l) => l.length)).toEqual([2, 1]);

    const sparse = new Array<string | null>(N).fill(null);
    sparse[3] = 'a';
    sparse[65_536] = 'b';
    sparse[N - 1] = 'c';
    expect(await copyPairs(sparse, N)).toEqual([
      [3, 'a'],
      [65_536, 'b'],
      [N - 1, 'c'],
    ]);
  });

  it('lets other work run between slices', async () => {
    let ran = false;
    setImmediate(() => (ran = true));
    // A copy that never yields resolves before the callback queued ahead of it has run.
    const ranBeforeTheEnd = await copyTyped(new Uint8Array(N), N).then(() => ran);
    expect(ranBeforeTheEnd).toBe(true);
  });
});
