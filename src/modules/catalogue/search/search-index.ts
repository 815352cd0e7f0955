import MiniSearch from 'minisearch';
import SearchableMap from 'minisearch/SearchableMap';
import { PostingPool } from './posting-pool.js';
import { copyList, copyTyped } from '../snapshot/chunked-copy.js';
import type { DecodedSection, SectionValue } from '../snapshot/snapshot-format.js';
import {
  CATEGORY_WEIGHT,
  FIELD_WEIGHT,
  postingSeq,
  postingSlot,
  SEQ_UNIT,
  topK,
  type QueryWord,
  type SearchOptions,
  type SearchResult,
} from './search-query.js';

export type { SearchOptions, SearchResult } from './search-query.js';

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
const IN_NAME = 1;
const IN_DESCRIPTION = 2;
/** Postings pack the slot in 24 bits (16.7 million products) and the write sequence above it (134 million writes). */
const MAX_SLOT = 2 ** 24;
const MAX_SEQ = 2 ** 27;

/** Per ASCII code: 1 when MiniSearch's tokenizer splits there (its own function decides, so the two cannot differ). */
const ASCII_SEPARATOR = Uint8Array.from({ length: 128 }, (_, code) => (tokenize(`a${String.fromCharCode(code)}a`).length > 1 ? 1 : 0));
const NON_ASCII = /[^\0-\x7f]/;

function pushWord(words: string[], token: string): void {
  const word = token.toLowerCase();
  if (word !== '' && !STOP_WORDS.has(word)) words.push(word);
}

/**
 * A text's search words, lower-cased, stop words left out, in text order: MiniSearch's default tokenizer (a split on a
 * Unicode class regex), with ASCII text (every product the import writes, as a rule) scanned by a table instead: the
 * same words without the regex or its array of every token.
 */
export function searchWords(text: string): string[] {
  const words: string[] = [];
  if (NON_ASCII.test(text)) {
    for (const token of tokenize(text)) pushWord(words, token);
    return words;
  }
  let start = 0;
  for (let i = 0; i < text.length; i++) {
    if (ASCII_SEPARATOR[text.charCodeAt(i)] === 1) {
      if (i > start) pushWord(words, text.slice(start, i));
      start = i + 1;
    }
  }
  if (text.length > start) pushWord(words, start === 0 ? text : text.slice(start));
  return words;
}

/**
 * Typo-tolerant full-text index over the product table's slots, built for a million products and answering one page
 * without scoring every match. The vocabulary lives in MiniSearch's radix tree (SearchableMap: the fuzzy and prefix
 * lookups MiniSearch itself uses); each word's postings are one list of doubles, `seq · 2^26 + slot · 4 + fields`,
 * in one shared buffer (posting-pool.ts: no heap object per word), appended as products are indexed, so every list is sorted by the write sequence `seq` — the static rank: the most
 * recently indexed product first (the catalogue is indexed oldest first at start, so at start that is the catalogue
 * order, newest first). A product whose text changes gets a new seq; its old postings no longer count and are swept
 * out once they make up half of the index. Each category also keeps a list of its products' postings, so a word that
 * names a category can drive a search like any other word. The walk itself is in search-query.ts.
 */
export class SearchIndex {
  private readonly vocabulary = new SearchableMap<number>();
  private postings = new PostingPool();
  /** Each term id's word (what the vocabulary maps to the id), so a snapshot need not walk the tree. */
  private terms: string[] = [];
  /** Per term: the fields (IN_NAME | IN_DESCRIPTION) any of its postings has, for the term's score bound. */
  private fields: number[] = [];
  /** Per category code: a list in this pool (ids given in code order as codes appear). */
  private categories = new PostingPool(256);
  private seqs = new Uint32Array(0);
  private postingsOf = new Uint16Array(0);
  private nextSeq = 1;
  private live = 0;
  private stale = 0;
  /** Moves with every add and remove. */
  private version = 0;
  /**
   * Word sets no product has all of, as of `version`. Learning that means reading the driver word's whole list, the
   * one walk that cannot stop early; a repeat of such a query skips it until the index changes.
   */
  private noneHasAll = new Map<string, number>();

  constructor(private readonly categoryOf: (slot: number) => number) {}

  private ensure(slot: number): void {
    if (slot < this.seqs.length) return;
    if (slot >= MAX_SLOT) throw new Error('search index: too many products');
    const size = Math.max(1024, this.seqs.length * 2, slot + 1);
    const seqs = new Uint32Array(size);
    seqs.set(this.seqs);
    this.seqs = seqs;
    const counts = new Uint16Array(size);
    counts.set(this.postingsOf);
    this.postingsOf = counts;
  }

  /** Indexes a product's text (replacing what the slot had); it becomes the most recently indexed product. */
  add(slot: number, name: string, description: string): void {
    this.remove(slot);
    this.version++;
    if (this.nextSeq >= MAX_SEQ) this.renumber();
    const seq = this.nextSeq++;
    const base = seq * SEQ_UNIT + slot * 4;
    const fields = new Map<string, number>();
    for (const word of searchWords(name)) fields.set(word, IN_NAME);
    for (const word of searchWords(description)) fields.set(word, (fields.get(word) ?? 0) | IN_DESCRIPTION);
    for (const [word, flags] of fields) {
      let id = this.vocabulary.get(word);
      if (id === undefined) {
        id = this.postings.append();
        this.terms.push(word);
        this.fields.push(0);
        this.vocabulary.set(word, id);
      }
      this.postings.push(id, base + flags);
      this.fields[id]! |= flags;
    }
    const code = this.categoryOf(slot);
    while (this.categories.size <= code) this.categories.append();
    this.categories.push(code, base);
    this.seqs[slot] = seq;
    this.postingsOf[slot] = Math.min(fields.size + 1, 65535);
    this.live += fields.size + 1;
  }

  /** Forgets a slot's text: its postings stop counting at once. */
  remove(slot: number): void {
    this.ensure(slot);
    const had = this.postingsOf[slot]!;
    this.seqs[slot] = 0;
    this.version++;
    if (had === 0) return;
    this.postingsOf[slot] = 0;
    this.live -= had;
    this.stale += had;
    if (this.stale > 10_000 && this.stale > this.live) this.sweep();
  }

  private readonly valid = (posting: number): boolean => this.seqs[postingSlot(posting)] === postingSeq(posting);

  private sweep(): void {
    this.postings = this.postings.rebuild((list) => list.filter(this.valid));
    for (let id = 0; id < this.postings.size; id++) this.fields[id] = this.postings.view(id).reduce((flags, p) => flags | (p % 4), 0);
    this.categories = this.categories.rebuild((list) => list.filter(this.valid));
    this.stale = 0;
  }

  /** Renumbers the live postings 1, 2, … keeping their order (after 134 million writes). */
  private renumber(): void {
    this.sweep();
    const live = this.seqs.filter((s) => s > 0).sort();
    const next = new Map<number, number>();
    live.forEach((seq, i) => next.set(seq, i + 1));
    const re = (p: number) => next.get(postingSeq(p))! * SEQ_UNIT + (p % SEQ_UNIT);
    this.postings = this.postings.rebuild((list) => list.map(re));
    this.categories = this.categories.rebuild((list) => list.map(re));
    this.seqs = this.seqs.map((s) => (s > 0 ? next.get(s)! : 0));
    this.nextSeq = live.length + 1;
  }

  /**
   * The index as it is now, for a snapshot. Posting lists only grow at their end and a pool never writes inside what
   * a list holds (a sweep or a renumbering makes a new pool), so the pools' buffers are kept with their lists' starts
   * and lengths now, not copied; what changes in place is copied, in slices (snapshot/chunked-copy.ts): the index
   * must not change until this resolves.
   */
  async capture(): Promise<Record<string, SectionValue>> {
    const terms = this.postings.size;
    return {
      'index.meta': { json: { nextSeq: this.nextSeq, live: this.live, stale: this.stale, version: this.version } },
      'index.terms': { strings: await copyList(this.terms, terms) },
      'index.postings': { pooled: await this.postings.capture(copyTyped) },
      'index.fields': { typed: Uint8Array.from(await copyList(this.fields, terms)) },
      'index.categories': { pooled: await this.categories.capture(copyTyped) },
      'index.seqs': { typed: await copyTyped(this.seqs, this.seqs.length) },
      'index.postingsOf': { typed: await copyTyped(this.postingsOf, this.postingsOf.length) },
    };
  }

  /** Fills an empty index from what `capture` wrote. */
  restore(sections: Map<string, DecodedSection>): void {
    if (this.postings.size > 0) throw new Error('restore needs an empty index');
    const get = <T>(name: string): T => {
      if (!sections.has(name)) throw new Error(`snapshot has no ${name}`);
      return sections.get(name) as T;
    };
    const meta = get<{ nextSeq: number; live: number; stale: number; version: number }>('index.meta');
    const terms = get<string[]>('index.terms');
    const postings = get<number[][]>('index.postings');
    const fields = get<Uint8Array>('index.fields');
    if (terms.length !== postings.length || fields.length !== postings.length) throw new Error('snapshot index sections disagree');
    for (let id = 0; id < terms.length; id++) this.vocabulary.set(terms[id]!, id);
    this.terms = terms;
    this.postings = PostingPool.from(postings);
    this.fields = Array.from(fields);
    this.categories = PostingPool.from(get<number[][]>('index.categories'));
    this.seqs = get<Uint32Array<ArrayBuffer>>('index.seqs');
    this.postingsOf = get<Uint16Array<ArrayBuffer>>('index.postingsOf');
    this.nextSeq = meta.nextSeq;
    this.live = meta.live;
    this.stale = meta.stale;
    this.version = meta.version;
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

  /** A query word as the walk needs it: its terms' posting lists and weights, the categories it names, its bound. */
  private compile(word: string, categoryWords: { code: number; words: string[] }[]): QueryWord {
    const terms: QueryWord['terms'] = [];
    let termBound = 0;
    let size = 0;
    for (const [id, weight] of this.expand(word)) {
      if (this.postings.length(id) === 0) continue;
      const list = this.postings.view(id);
      terms.push({ list, weight });
      termBound = Math.max(termBound, weight * FIELD_WEIGHT[this.fields[id]!]!);
      size += list.length;
    }
    const distance = Math.min(MAX_FUZZY, Math.round(word.length * FUZZY));
    const codes = new Float64Array(256);
    const lists: Float64Array[] = terms.map((t) => t.list);
    let categoryBound = 0;
    for (const { code, words: names } of categoryWords) {
      for (const name of names) {
        const weight = name === word ? 1 : name.startsWith(word) ? PREFIX_WEIGHT : editDistance(word, name, distance) <= distance ? FUZZY_WEIGHT : 0;
        if (weight > codes[code]!) codes[code] = weight;
      }
      const members = code < this.categories.size ? this.categories.view(code) : undefined;
      if (codes[code]! > 0 && members && members.length > 0) {
        lists.push(members);
        size += members.length;
        categoryBound = Math.max(categoryBound, codes[code]! * CATEGORY_WEIGHT);
      }
    }
    return { terms, codes, lists, size, bound: termBound + categoryBound };
  }

  /**
   * One page of the products matching `text`: a product matches a word when one of the word's terms is in its name or
   * description, or the word names its category. Products matching every word win; when none does, any word will do.
   * Ranked by relevance (ties: the most recently indexed first) unless `options.order` gives another sort. Stops as
   * soon as the page is certain; `total` is exact when the matches were all seen within a small budget, otherwise an
   * estimate from the part walked (`approximate`).
   */
  search(text: string, categoryWords: { code: number; words: string[] }[], options: SearchOptions): SearchResult {
    const unique = [...new Set(searchWords(text))].slice(0, 32);
    const words = unique.map((w) => this.compile(w, categoryWords));
    const key = unique.join(' ');
    const result = topK(words, { seqs: this.seqs, categoryOf: this.categoryOf }, options, this.noneHasAll.get(key) === this.version);
    if (result.noneHasAll && words.length > 1) {
      if (this.noneHasAll.size >= 1024) this.noneHasAll.clear();
      this.noneHasAll.set(key, this.version);
    }
    return result;
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
