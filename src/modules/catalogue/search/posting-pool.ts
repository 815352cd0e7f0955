/**
 * Many growing lists of postings (doubles) in one Float64Array, so a vocabulary of a million words costs no heap
 * object per word's list (before: a JS array and its backing store each; at 1,000,000 products two million objects for
 * every major GC to mark). A list is a region `starts[id] … starts[id] + capacities[id]` of the buffer, its first
 * `lengths[id]` entries used. A full list doubles: in place when it is the last region, otherwise it moves to the end
 * (its old region becomes waste, dropped by the next compaction, when the buffer would grow while a third of it
 * is waste). Nothing ever writes inside a list's used entries again, and compaction and growth copy into a new buffer,
 * so a `capture` (the buffer and the lengths now) stays valid while the lists go on growing.
 */
export class PostingPool {
  private data: Float64Array<ArrayBuffer>;
  private top = 0;
  private wasted = 0;
  private count = 0;
  private starts = new Uint32Array(0);
  private lengths = new Uint32Array(0);
  private capacities = new Uint32Array(0);

  constructor(initialValues = 1024) {
    this.data = new Float64Array(Math.max(16, initialValues));
  }

  /** A pool holding these lists (ids 0, 1, … in order), each with no room to spare. */
  static from(lists: readonly ArrayLike<number>[]): PostingPool {
    const pool = new PostingPool(lists.reduce((n, list) => n + list.length, 0));
    for (const list of lists) pool.append(list);
    return pool;
  }

  /** Lists in the pool (ids 0 … size - 1). */
  get size(): number {
    return this.count;
  }

  /** Values the buffer holds room for (used, spare and waste): what the pool costs, 8 bytes each. */
  get allocated(): number {
    return this.data.length;
  }

  /** A new list holding `values` (none by default), with room for exactly those; its id. */
  append(values: ArrayLike<number> = []): number {
    const id = this.count++;
    if (id >= this.starts.length) {
      const size = Math.max(1024, this.starts.length * 2);
      this.starts = grown(this.starts, size);
      this.lengths = grown(this.lengths, size);
      this.capacities = grown(this.capacities, size);
    }
    this.reserve(values.length);
    this.starts[id] = this.top;
    this.lengths[id] = values.length;
    this.capacities[id] = values.length;
    this.data.set(values, this.top);
    this.top += values.length;
    return id;
  }

  length(id: number): number {
    return this.lengths[id]!;
  }

  /** Adds `value` at the end of list `id`. */
  push(id: number, value: number): void {
    const length = this.lengths[id]!;
    let capacity = this.capacities[id]!;
    if (length === capacity) {
      const more = Math.max(1, capacity);
      this.reserve(capacity + more);
      const start = this.starts[id]!;
      if (start + capacity === this.top) {
        this.top += more;
      } else {
        this.data.copyWithin(this.top, start, start + length);
        this.starts[id] = this.top;
        this.top += capacity + more;
        this.wasted += capacity;
      }
      capacity += more;
      this.capacities[id] = capacity;
    }
    this.data[this.starts[id]! + length] = value;
    this.lengths[id] = length + 1;
  }

  /** The used entries of list `id`, as a view (valid until the list's next push; copy to keep). */
  view(id: number): Float64Array<ArrayBuffer> {
    const start = this.starts[id]!;
    return this.data.subarray(start, start + this.lengths[id]!);
  }

  /** A new pool of `transform(list, id)` for every list (tight: no spare room, no waste). */
  rebuild(transform: (list: Float64Array<ArrayBuffer>, id: number) => ArrayLike<number>): PostingPool {
    const lists: ArrayLike<number>[] = [];
    for (let id = 0; id < this.count; id++) lists.push(transform(this.view(id), id));
    return PostingPool.from(lists);
  }

  /**
   * The lists as they are now, for a snapshot: the buffer itself (its used entries never change; a growth or a
   * compaction makes a new one) with copies of the starts and lengths. The pool must not change while `copy` runs.
   */
  async capture(copy: (column: Uint32Array<ArrayBuffer>, n: number) => Promise<Uint32Array<ArrayBuffer>>): Promise<PooledLists> {
    return { values: this.data, starts: await copy(this.starts, this.count), lengths: await copy(this.lengths, this.count) };
  }

  /**
   * Room for `extra` more values at the top: compacts when a third of the used buffer is waste (a list's moves leave
   * at most its capacity behind, so waste never outgrows what the lists hold), else grows the buffer by half.
   */
  private reserve(extra: number): void {
    if (this.top + extra <= this.data.length) return;
    if (this.wasted * 3 > this.top) this.compact();
    if (this.top + extra <= this.data.length) return;
    const data = new Float64Array(Math.max(this.top + extra, Math.floor(this.data.length * 1.5)));
    data.set(this.data.subarray(0, this.top));
    this.data = data;
  }

  /** Copies every list's region (with its spare room) into a new buffer, in id order, leaving the waste behind. */
  private compact(): void {
    const live = this.top - this.wasted;
    const data = new Float64Array(Math.max(16, Math.floor(live * 1.5)));
    let top = 0;
    const old = this.data;
    for (let id = 0; id < this.count; id++) {
      const start = this.starts[id]!;
      const length = this.lengths[id]!;
      // Most lists hold a value or two: copied by hand, as a view per list would be a million objects at 1,000,000.
      if (length > 64) data.set(old.subarray(start, start + length), top);
      else for (let k = 0; k < length; k++) data[top + k] = old[start + k]!;
      this.starts[id] = top;
      top += this.capacities[id]!;
    }
    this.data = data;
    this.top = top;
    this.wasted = 0;
  }
}

/** Lists held in one buffer: list i is `values[starts[i] … starts[i] + lengths[i]]`. */
export interface PooledLists {
  values: Float64Array;
  starts: Uint32Array;
  lengths: Uint32Array;
}

function grown(array: Uint32Array<ArrayBuffer>, size: number): Uint32Array<ArrayBuffer> {
  const next = new Uint32Array(size);
  next.set(array);
  return next;
}
