import MiniSearch from 'minisearch';
import SearchableMap from 'minisearch/SearchableMap';

/** Words in nearly every description that no shopper searches for: not indexed (each would cost a posting per product). */
const STOP_WORDS = new Set(['a', 'an', 'and', 'the', 'of', 'from', 'for', 'with', 'in', 'on', 'to', 'by', 'at', 'is']);
const tokenize = MiniSearch.getDefault('tokenize') as (text: string) => string[];

/** MiniSearch's defaults, as the catalogue searched before: fuzzy 0.2 of the word's length (≤ 6 edits), prefixes. */
const FUZZY = 0.2;
const MAX_FUZZY = 6;
const PREFIX_WEIGHT = 0.375;
const FUZZY_WEIGHT = 0.45;
/** A short prefix ("g") could expand to most of the vocabulary: the longest-matching expansions are plenty. */
const MAX_PREFIX_TERMS = 64;
/** Field weights: a word in the name counts 3, in the category 1.5, in the description 1 (as the MiniSearch boost did). */
const IN_NAME = 1;
const IN_DESCRIPTION = 2;
const NAME_WEIGHT = 3;
const CATEGORY_WEIGHT = 1.5;

/** One posting per (word, product) as one double: slot · 2^26 + generation · 4 + fields. */
const SLOT_UNIT = 2 ** 26;
const GENERATIONS = 2 ** 24;

export function searchWords(text: string): string[] {
  const words: string[] = [];
  for (const token of tokenize(text)) {
    const word = token.toLowerCase();
    if (word !== '' && !STOP_WORDS.has(word)) words.push(word);
  }
  return words;
}

/** The products a query matched. Valid until `release()`, which must be called before the next search. */
export interface SearchHits {
  /** True for a slot that matched (every word, or any word when no product matched every word). */
  matched(slot: number): boolean;
  score(slot: number): number;
  count: number;
  /** The matched slots, in no particular order. */
  slots(): number[];
  release(): void;
}

/**
 * Typo-tolerant full-text index over the product table's slots, compact enough for a million products: the
 * vocabulary lives in MiniSearch's radix tree (SearchableMap, which gives the fuzzy and prefix lookups MiniSearch
 * itself uses), and each word's postings are one array of doubles (8 bytes per product that has the word) instead of
 * MiniSearch's map entry per posting. A product whose text changes gets a new generation; its old postings no longer
 * count and are swept out once they make up half of the index. Category words are matched against the few category
 * names, not indexed per product.
 */
export class SearchIndex {
  private readonly vocabulary = new SearchableMap<number>();
  private postings: number[][] = [];
  private generation = new Uint32Array(0);
  private postingsOf = new Uint16Array(0);
  private live = 0;
  private stale = 0;
  // Scratch space of one query (queries run one at a time on the event loop).
  private scores = new Float32Array(0);
  private words = new Uint8Array(0);
  private lastWord = new Uint8Array(0);

  constructor(
    private readonly categoryOf: (slot: number) => number,
    private readonly slotCount: () => number,
  ) {}

  private ensure(slot: number): void {
    if (slot < this.generation.length) return;
    const size = Math.max(1024, this.generation.length * 2, slot + 1);
    const grow = <T extends Uint32Array | Uint16Array | Uint8Array | Float32Array>(from: T, make: (n: number) => T) => {
      const to = make(size);
      to.set(from);
      return to;
    };
    this.generation = grow(this.generation, (n) => new Uint32Array(n));
    this.postingsOf = grow(this.postingsOf, (n) => new Uint16Array(n));
    this.scores = new Float32Array(size);
    this.words = new Uint8Array(size);
    this.lastWord = new Uint8Array(size);
  }

  /** Indexes a product's text (replacing what the slot had). */
  add(slot: number, name: string, description: string): void {
    this.remove(slot);
    const generation = this.generation[slot]!;
    const fields = new Map<string, number>();
    for (const word of searchWords(name)) fields.set(word, IN_NAME);
    for (const word of searchWords(description)) fields.set(word, (fields.get(word) ?? 0) | IN_DESCRIPTION);
    for (const [word, flags] of fields) {
      let id = this.vocabulary.get(word);
      if (id === undefined) {
        id = this.postings.length;
        this.postings.push([]);
        this.vocabulary.set(word, id);
      }
      this.postings[id]!.push(slot * SLOT_UNIT + generation * 4 + flags);
    }
    this.postingsOf[slot] = Math.min(fields.size, 65535);
    this.live += fields.size;
  }

  /** Forgets a slot's text: its postings stop counting at once. */
  remove(slot: number): void {
    this.ensure(slot);
    const had = this.postingsOf[slot]!;
    this.generation[slot] = (this.generation[slot]! + 1) % GENERATIONS;
    if (had === 0) return;
    this.postingsOf[slot] = 0;
    this.live -= had;
    this.stale += had;
    if (this.stale > 10_000 && this.stale > this.live) this.sweep();
  }

  private sweep(): void {
    for (let id = 0; id < this.postings.length; id++) {
      this.postings[id] = this.postings[id]!.filter((p) => this.valid(p));
    }
    this.stale = 0;
  }

  private valid(posting: number): boolean {
    const slot = Math.floor(posting / SLOT_UNIT);
    return Math.floor((posting - slot * SLOT_UNIT) / 4) === this.generation[slot];
  }

  /** Terms a query word stands for, with their weights: itself, words it begins (prefix), words a few edits away. */
  private expand(word: string): Map<number, number> {
    const terms = new Map<number, number>();
    const exact = this.vocabulary.get(word);
    if (exact !== undefined) terms.set(exact, 1);
    let prefixes = 0;
    for (const [term, id] of this.vocabulary.atPrefix(word)) {
      if (prefixes++ >= MAX_PREFIX_TERMS) break;
      if (!terms.has(id)) terms.set(id, (PREFIX_WEIGHT * word.length) / term.length);
    }
    const distance = Math.min(MAX_FUZZY, Math.round(word.length * FUZZY));
    if (distance > 0) {
      for (const [term, [id, edits]] of this.vocabulary.fuzzyGet(word, distance)) {
        const weight = (FUZZY_WEIGHT * term.length) / (term.length + edits);
        if (weight > (terms.get(id) ?? 0)) terms.set(id, weight);
      }
    }
    return terms;
  }

  /**
   * Scores every product against `text`: a product matches a word when one of the word's terms is in its name or
   * description, or the word names its category. Products matching every word win; when none does, any word will do.
   */
  search(text: string, categoryWords: { code: number; words: string[] }[]): SearchHits {
    const queryWords = [...new Set(searchWords(text))].slice(0, 250);
    const touched: number[] = [];
    const { scores, words, lastWord } = this;
    queryWords.forEach((word, index) => {
      const mark = index + 1;
      const credit = (slot: number, points: number) => {
        if (words[slot] === 0) touched.push(slot);
        if (lastWord[slot] !== mark) {
          lastWord[slot] = mark;
          words[slot]!++;
        }
        scores[slot]! += points;
      };
      for (const [id, weight] of this.expand(word)) {
        for (const posting of this.postings[id]!) {
          const slot = Math.floor(posting / SLOT_UNIT);
          const low = posting - slot * SLOT_UNIT;
          if (Math.floor(low / 4) !== this.generation[slot]) continue;
          const flags = low & 3;
          credit(slot, weight * ((flags & IN_NAME ? NAME_WEIGHT : 0) + (flags & IN_DESCRIPTION ? 1 : 0)));
        }
      }
      const distance = Math.min(MAX_FUZZY, Math.round(word.length * FUZZY));
      const codes = new Float64Array(256);
      let anyCategory = false;
      for (const { code, words: names } of categoryWords) {
        for (const name of names) {
          const weight = name === word ? 1 : name.startsWith(word) ? PREFIX_WEIGHT : editDistance(word, name, distance) <= distance ? FUZZY_WEIGHT : 0;
          if (weight > codes[code]!) codes[code] = weight;
          anyCategory ||= weight > 0;
        }
      }
      if (anyCategory) {
        const end = Math.min(this.slotCount(), this.postingsOf.length);
        for (let slot = 0; slot < end; slot++) {
          const weight = codes[this.categoryOf(slot)]!;
          if (weight > 0 && this.postingsOf[slot]! > 0) credit(slot, weight * CATEGORY_WEIGHT);
        }
      }
    });
    const all = queryWords.length;
    let every = 0;
    for (const slot of touched) if (words[slot] === all) every++;
    const need = every > 0 ? all : 1;
    return {
      count: every > 0 ? every : touched.length,
      matched: (slot) => words[slot]! >= need,
      score: (slot) => scores[slot]!,
      slots: () => touched.filter((slot) => words[slot]! >= need),
      release: () => {
        for (const slot of touched) {
          scores[slot] = 0;
          words[slot] = 0;
          lastWord[slot] = 0;
        }
      },
    };
  }
}

/** Levenshtein distance, giving up (returning max + 1) once it exceeds `max`. */
function editDistance(a: string, b: string, max: number): number {
  if (Math.abs(a.length - b.length) > max) return max + 1;
  let previous = Array.from({ length: b.length + 1 }, (_, i) => i);
  for (let i = 1; i <= a.length; i++) {
    const current = [i];
    let best = i;
    for (let j = 1; j <= b.length; j++) {
      current[j] = Math.min(previous[j]! + 1, current[j - 1]! + 1, previous[j - 1]! + (a[i - 1] === b[j - 1] ? 0 : 1));
      best = Math.min(best, current[j]!);
    }
    if (best > max) return max + 1;
    previous = current;
  }
  return previous[b.length]!;
}
