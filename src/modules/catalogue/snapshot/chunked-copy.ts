/**
 * Copies for a snapshot, a slice at a time with a turn of the event loop between slices: copying a 1,000,000-product
 * catalogue in one go held the loop for 12.6 s at load 30 (the copies and the collections they set off); in slices the
 * requests that arrive meanwhile are served between them. The catalogue must not change while its copy is taken (the
 * log follower awaits the copy before it applies the next batch).
 */
const SLICE = 65_536;

const yieldToLoop = () => new Promise<void>((resolve) => setImmediate(resolve));

type Typed = Float64Array | Int32Array | Uint32Array | Uint16Array | Uint8Array;

/** The first `n` elements of a typed column, copied. */
export async function copyTyped<T extends Typed>(column: T, n: number): Promise<T> {
  const copy = new (column.constructor as new (length: number) => T)(n);
  for (let from = 0; from < n; from += SLICE) {
    copy.set(column.subarray(from, Math.min(n, from + SLICE)) as never, from);
    await yieldToLoop();
  }
  return copy;
}

/** `map(column[i], i)` for the first `n` elements (a shallow copy by default). */
export async function copyList<T, U = T>(
  column: readonly T[],
  n: number,
  map: (value: T, index: number) => U = (value) => value as unknown as U,
): Promise<U[]> {
  const copy = new Array<U>(n);
  for (let from = 0; from < n; from += SLICE) {
    for (let i = from, to = Math.min(n, from + SLICE); i < to; i++) copy[i] = map(column[i]!, i);
    await yieldToLoop();
  }
  return copy;
}

/** [index, value] of the first `n` elements that are set. */
export async function copyPairs<T>(column: readonly (T | null)[], n: number): Promise<[number, T][]> {
  const found: [number, T][] = [];
  for (let from = 0; from < n; from += SLICE) {
    for (let i = from, to = Math.min(n, from + SLICE); i < to; i++) if (column[i] != null) found.push([i, column[i]!]);
    await yieldToLoop();
  }
  return found;
}
