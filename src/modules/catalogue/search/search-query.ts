/**
 * The walk behind one search page (top-k with early termination). Every posting list is sorted by the write sequence
 * (see search-index.ts), so the lists can be read newest first all at once, a product at a time. A query needs every
 * word when some product has them all: then only the word with the fewest postings (the driver) is read, and each
 * product it names is checked against the other words by binary search. The best `start + limit` are kept; the walk
 * stops once they are certain — the page is full with scores no product can beat (an equal score read later ranks
 * after) — and then counts on within a small budget: the total is exact when the lists end within it, otherwise an
 * estimate from the part read. Other sorts (price, rating, newest) read every match when that is cheap, otherwise walk
 * the sort order and check each product until the page is full.
 */

/** A posting: `seq · SEQ_UNIT + slot · 4 + fields`. */
export const SEQ_UNIT = 2 ** 26;
/** Weight of a word by the fields it is in (IN_NAME = 1, IN_DESCRIPTION = 2): name 3, description 1, both 4. */
export const FIELD_WEIGHT = [0, 3, 1, 4] as const;
/** A word naming a product's category counts 1.5 (times how well it matches the category's word). */
export const CATEGORY_WEIGHT = 1.5;
/** Postings read in all before the total is estimated instead of counted. */
export const EXACT_BUDGET = 1_000;

export const postingSeq = (posting: number): number => Math.floor(posting / SEQ_UNIT);
export const postingSlot = (posting: number): number => Math.floor((posting % SEQ_UNIT) / 4);

export interface QueryWord {
  /** The word's terms (itself, prefixes, typos) with their weights. */
  terms: { list: Float64Array; weight: number }[];
  /** Per category code: how well the word names that category (0: not at all). */
  codes: Float64Array;
  /** Every posting list a product matching this word is in (its terms' and its categories'). */
  lists: Float64Array[];
  /** Postings in `lists`. */
  size: number;
  /** The most this word can add to a product's score. */
  bound: number;
}

export interface SearchOptions {
  /** The query's filters (category, price, featured) as a test on a slot. */
  filter: (slot: number) => boolean;
  start: number;
  limit: number;
  /** Another sort than relevance: every live slot in that order, and the comparison that order uses. */
  order?: { slots: Int32Array; compare: (a: number, b: number) => number };
}

export interface SearchResult {
  slots: number[];
  /** Relevance of each slot (empty for other sorts). */
  scores: number[];
  total: number;
  /** `total` is an estimate (the walk stopped before the end of the lists). */
  approximate: boolean;
  /** No product has every word (so any word was enough). */
  noneHasAll?: boolean;
}

export interface IndexView {
  /** The live write sequence of each slot (0: not indexed). */
  seqs: Uint32Array;
  categoryOf: (slot: number) => number;
}

const EMPTY: SearchResult = { slots: [], scores: [], total: 0, approximate: false };

/** Reads several posting lists as one, newest first, each live product once. */
class Stream {
  private readonly pos: number[];
  private last = Infinity;
  readonly size: number;
  consumed = 0;
  done = false;
  slot = -1;
  seq = 0;

  constructor(
    private readonly lists: Float64Array[],
    private readonly seqs: Uint32Array,
  ) {
    this.pos = lists.map((list) => list.length - 1);
    this.size = lists.reduce((n, list) => n + list.length, 0);
  }

  next(): boolean {
    const { lists, pos } = this;
    for (;;) {
      let best = -1;
      let from = -1;
      for (let i = 0; i < lists.length; i++) {
        const at = pos[i]!;
        if (at >= 0 && lists[i]![at]! > best) {
          best = lists[i]![at]!;
          from = i;
        }
      }
      if (from < 0) {
        this.done = true;
        return false;
      }
      pos[from]!--;
      this.consumed++;
      const seq = Math.floor(best / SEQ_UNIT);
      if (seq >= this.last) continue;
      const slot = Math.floor((best - seq * SEQ_UNIT) / 4);
      if (this.seqs[slot] !== seq) continue;
      this.last = seq;
      this.seq = seq;
      this.slot = slot;
      return true;
    }
  }
}

/** The posting of product `seq` in a list, or -1 (binary search: for products in any order). */
function find(list: Float64Array, seq: number): number {
  const low = seq * SEQ_UNIT;
  let lo = 0;
  let hi = list.length;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if (list[mid]! < low) lo = mid + 1;
    else hi = mid;
  }
  return lo < list.length && list[lo]! < low + SEQ_UNIT ? list[lo]! : -1;
}

/** The last index at or below `at` whose posting is below `high`, or -1 (galloping down from `at`). */
function seek(list: Float64Array, at: number, high: number): number {
  if (at < 0 || list[at]! < high) return at;
  let above = at;
  let step = 1;
  let below = above - step;
  while (below >= 0 && list[below]! >= high) {
    above = below;
    step *= 2;
    below = above - step;
  }
  let lo = Math.max(below, -1);
  while (above - lo > 1) {
    const mid = (lo + above) >>> 1;
    if (list[mid]! < high) lo = mid;
    else above = mid;
  }
  return lo;
}

/**
 * Scores products against the query words. `next` takes products in falling seq order (a walk of the lists) and keeps
 * a cursor per term, so checking a word costs a step or a short gallop; `at` takes them in any order.
 */
class Scorer {
  /** Words the last product matched. */
  matched = 0;
  private readonly cursors: number[][];

  constructor(
    private readonly words: QueryWord[],
    private readonly view: IndexView,
    /** Stop at the first word that does not match (the score no longer matters). */
    private readonly all: boolean,
  ) {
    this.cursors = words.map((w) => w.terms.map((t) => t.list.length - 1));
  }

  get isMatch(): boolean {
    return this.all ? this.matched === this.words.length : this.matched > 0;
  }

  next(slot: number, seq: number): number {
    return this.score(slot, seq, true);
  }

  at(slot: number, seq: number): number {
    return this.score(slot, seq, false);
  }

  private score(slot: number, seq: number, walking: boolean): number {
    const code = this.view.categoryOf(slot);
    const low = seq * SEQ_UNIT;
    let score = 0;
    this.matched = 0;
    for (let w = 0; w < this.words.length; w++) {
      const word = this.words[w]!;
      const cursors = this.cursors[w]!;
      let best = 0;
      for (let t = 0; t < word.terms.length; t++) {
        const list = word.terms[t]!.list;
        let posting = -1;
        if (walking) {
          const at = seek(list, cursors[t]!, low + SEQ_UNIT);
          cursors[t] = at;
          if (at >= 0 && list[at]! >= low) posting = list[at]!;
        } else {
          posting = find(list, seq);
        }
        if (posting >= 0) {
          const points = word.terms[t]!.weight * FIELD_WEIGHT[(posting % 4) as 0 | 1 | 2 | 3];
          if (points > best) best = points;
        }
      }
      const category = word.codes[code]! * CATEGORY_WEIGHT;
      if (best > 0 || category > 0) {
        this.matched++;
        score += best + category;
      } else if (this.all) {
        return 0;
      }
    }
    return score;
  }
}

/** An estimate shown as a total: never below what was counted, rounded down to two significant digits. */
function estimate(counted: number, stream: Stream): number {
  const guess = stream.consumed === 0 ? counted : (counted * stream.size) / stream.consumed;
  if (guess < 100) return Math.max(counted, Math.floor(guess));
  const unit = 10 ** (Math.floor(Math.log10(guess)) - 1);
  return Math.max(counted, Math.floor(guess / unit) * unit);
}

/** One page of matches by relevance, or null when no product matches (every word, when `all`). */
function ranked(words: QueryWord[], lists: Float64Array[], all: boolean, view: IndexView, options: SearchOptions, maxScore: number): SearchResult | null {
  const want = options.start + options.limit;
  const stream = new Stream(lists, view.seqs);
  const scorer = new Scorer(words, view, all);
  const slots: number[] = [];
  const scores: number[] = [];
  let any = false;
  let total = 0;
  let certain = false;
  while (stream.next()) {
    const slot = stream.slot;
    const score = scorer.next(slot, stream.seq);
    if (!scorer.isMatch) continue;
    any = true;
    if (!options.filter(slot)) continue;
    total++;
    if (!certain) {
      if (slots.length < want || score > scores[slots.length - 1]!) {
        // After every score at least as high (those were read earlier, so they rank first).
        let lo = 0;
        let hi = scores.length;
        while (lo < hi) {
          const mid = (lo + hi) >>> 1;
          if (scores[mid]! >= score) lo = mid + 1;
          else hi = mid;
        }
        slots.splice(lo, 0, slot);
        scores.splice(lo, 0, score);
        if (slots.length > want) {
          slots.pop();
          scores.pop();
        }
      }
      certain = slots.length >= want && scores[want - 1]! >= maxScore - 1e-9;
    }
    if (certain && stream.consumed >= EXACT_BUDGET) break;
  }
  if (!any) return null;
  return {
    slots: slots.slice(options.start, want),
    scores: scores.slice(options.start, want),
    total: stream.done ? total : estimate(total, stream),
    approximate: !stream.done,
  };
}

/** One page of matches in `options.order`, or null when no product matches (every word, when `all`). */
function sorted(
  words: QueryWord[],
  lists: Float64Array[],
  all: boolean,
  view: IndexView,
  options: SearchOptions & Required<Pick<SearchOptions, 'order'>>,
): SearchResult | null {
  const want = options.start + options.limit;
  const stream = new Stream(lists, view.seqs);
  const scorer = new Scorer(words, view, all);
  const found: number[] = [];
  let any = false;
  const take = () => {
    const slot = stream.slot;
    scorer.next(slot, stream.seq);
    if (!scorer.isMatch) return;
    any = true;
    if (options.filter(slot)) found.push(slot);
  };
  while ((stream.consumed < EXACT_BUDGET || !any) && stream.next()) take();
  const exact = (): SearchResult => {
    found.sort(options.order.compare);
    return { slots: found.slice(options.start, want), scores: [], total: found.length, approximate: false };
  };
  if (stream.done) return any ? exact() : null;
  // Many postings: walk the sort order unless reading every match is cheaper.
  const expected = estimate(found.length, stream);
  const visits = (want * options.order.slots.length) / Math.max(1, expected);
  if (visits > stream.size - stream.consumed) {
    while (stream.next()) take();
    return exact();
  }
  const page: number[] = [];
  let visited = 0;
  for (const slot of options.order.slots) {
    visited++;
    if (!options.filter(slot)) continue;
    const seq = view.seqs[slot]!;
    if (seq === 0) continue;
    scorer.at(slot, seq);
    if (!scorer.isMatch) continue;
    page.push(slot);
    if (page.length >= want) break;
  }
  const whole = visited === options.order.slots.length;
  return { slots: page.slice(options.start, want), scores: [], total: whole ? page.length : Math.max(page.length, expected), approximate: !whole };
}

/** The page for compiled query words (see the file comment). */
export function topK(words: QueryWord[], view: IndexView, options: SearchOptions, knownNoneHasAll = false): SearchResult {
  if (words.length === 0) return EMPTY;
  const bounds = words.map((w) => w.bound);
  const sum = bounds.reduce((a, b) => a + b, 0);
  const run = (lists: Float64Array[], all: boolean, maxScore: number) =>
    options.order
      ? sorted(words, lists, all, view, options as SearchOptions & Required<Pick<SearchOptions, 'order'>>)
      : ranked(words, lists, all, view, options, maxScore);
  let noneHasAll = knownNoneHasAll || words.some((w) => w.size === 0);
  if (!noneHasAll) {
    const driver = words.reduce((a, b) => (b.size < a.size ? b : a));
    const every = run(driver.lists, true, sum);
    if (every) return every;
    noneHasAll = true;
  }
  // Any word will do. When no product has every word, none scores more than all the words but the weakest.
  const union = words.flatMap((w) => w.lists);
  const maxScore = noneHasAll ? sum - Math.min(...bounds) : sum;
  return { ...((union.length > 0 ? run(union, false, maxScore) : null) ?? EMPTY), noneHasAll: true };
}
