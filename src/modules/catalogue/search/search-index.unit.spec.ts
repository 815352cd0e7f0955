import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import MiniSearch from 'minisearch';
import { SearchIndex, searchWords } from './search-index.js';
import { readSnapshot, writeSnapshot } from '../snapshot/snapshot-format.js';

/** A tiny table: slot -> [name, description, category code]. */
function indexOf(products: [string, string, number][]) {
  const categories = products.map((p) => p[2]);
  const index = new SearchIndex((slot) => categories[slot]!);
  products.forEach(([name, description], slot) => index.add(slot, name, description));
  const find = (
    text: string,
    categoryWords = [
      { code: 0, words: ['anime', 'figures'] },
      { code: 1, words: ['keychains'] },
    ],
  ) => {
    const hits = index.search(text, categoryWords, { filter: () => true, start: 0, limit: 200 });
    const score = new Map(hits.slots.map((slot, i) => [slot, hits.scores[i]!]));
    const slots = [...hits.slots].sort((a, b) => score.get(b)! - score.get(a)! || a - b);
    const count = hits.total;
    const scores = slots.map((slot) => score.get(slot)!);
    return { slots, count, scores };
  };
  return { index, categories, find };
}

describe('searchWords', () => {
  const tokenize = MiniSearch.getDefault('tokenize') as (text: string) => string[];
  const STOP = new Set(['a', 'an', 'and', 'the', 'of', 'from', 'for', 'with', 'in', 'on', 'to', 'by', 'at', 'is']);
  /** What the index used before its ASCII scan: MiniSearch's tokenizer, lower-cased, stop words and '' left out. */
  const reference = (text: string) =>
    tokenize(text)
      .map((t) => t.toLowerCase())
      .filter((w) => w !== '' && !STOP.has(w));

  it("gives MiniSearch's tokenizer's words for every ASCII character and for Unicode text", () => {
    const ascii = Array.from({ length: 128 }, (_, code) => String.fromCharCode(code));
    const texts = [
      '',
      ' ',
      'Naruto',
      'Naruto Uzumaki Sage Mode Figure',
      '  PVC figure, from Naruto: Shippuden!  ',
      'Gojo\tSatoru\u000bfigure\fx',
      'Luffy\'s Gear-5 (1/7) figure_set #12 ~50% $99+tax <new> a=b ^x `y` |z| @home [A] {B} \\ "q" ;.?',
      'ÉDITION Limitée — 鬼滅の刃 Tanjiro\u00a0Figure',
      'emoji 🎉 Goku\u2003Super\u2014Saiyan',
      ...ascii.map((ch) => `Word${ch}Next`),
      ...ascii.map((ch) => `${ch}Lead and Trail${ch}`),
      ascii.join(''),
    ];
    for (const text of texts) expect(searchWords(text), JSON.stringify(text)).toEqual(reference(text));
  });
});

describe('SearchIndex', () => {
  const products: [string, string, number][] = [
    ['Naruto Uzumaki Sage Mode Figure', 'PVC figure from Naruto Shippuden', 0],
    ['Kakashi Hatake Lightning Blade Statue', 'Statue of the copy ninja', 0],
    ['Akatsuki Cloud Metal Keychain', 'Naruto keychain', 1],
    ['鬼滅の刃 竈門炭治郎 Tanjiro Figure', 'Demon Slayer, 18 cm', 0],
  ];

  it('finds words with typos and by prefix, name matches first', () => {
    const { find } = indexOf(products);
    expect(find('naruto figre').slots[0]).toBe(0);
    expect(find('kakashy').slots).toEqual([1]);
    expect(find('light').slots).toEqual([1]);
    expect(find('竈門炭治郎').slots).toEqual([3]);
    expect(find('naruto').slots).toEqual([0, 2]);
  });

  it('needs every word when some product has them all, else any word', () => {
    const { find } = indexOf(products);
    expect(find('naruto keychain').slots).toEqual([2]);
    expect(find('kakashi tanjiro').count).toBe(2);
  });

  it('matches category words without indexing them per product', () => {
    const { find } = indexOf(products);
    expect(find('keychains').slots).toEqual([2]);
    expect(find('anime').slots.sort()).toEqual([0, 1, 3]);
  });

  it('a changed or removed product is found by its new text only, also after the stale postings are swept', () => {
    const { index, find, categories } = indexOf(products);
    index.add(1, 'Gojo Satoru Domain Expansion Statue', 'Jujutsu Kaisen');
    expect(find('kakashi').slots).toEqual([]);
    expect(find('gojo').slots).toEqual([1]);
    index.remove(0);
    expect(find('sage').slots).toEqual([]);
    expect(find('naruto').slots).toEqual([2]);
    // Enough churn to sweep: stale postings go, live ones stay.
    for (let round = 0; round < 3000; round++) {
      categories[10 + (round % 20)] = 0;
      index.add(10 + (round % 20), `Filler ${round} one two three four`, 'five six seven');
    }
    expect(find('gojo').slots).toEqual([1]);
    expect(find('filler').count).toBe(20);
  });

  it('leaves no score behind for the next query', () => {
    const { find } = indexOf(products);
    const first = find('naruto');
    expect(first.scores[0]).toBeGreaterThan(0);
    expect(find('naruto')).toEqual(first);
    expect(find('kakashi tanjiro')).toEqual(find('kakashi tanjiro'));
  });

  describe('posting lists in one pool, past its first capacity (1,024 lists, 1,024 values)', () => {
    /** Words no typo or prefix turns into one another. */
    const GROUPS = ['alpha', 'bravo', 'charlie', 'delta', 'echo', 'foxtrot', 'golf'];
    /** The newest `n` products below `below` whose group is `g`. */
    const newestOf = (g: number, below: number, n: number) =>
      Array.from({ length: below }, (_, i) => below - 1 - i)
        .filter((i) => i % 7 === g)
        .slice(0, n);
    /** Product i: a word of its own (`item<i>`), a word of one of 7 groups, a word every product has. */
    const many = (count: number) => {
      const categories: number[] = [];
      const index = new SearchIndex((slot) => categories[slot]!);
      for (let i = 0; i < count; i++) {
        categories[i] = i % 2;
        index.add(i, `Item${i} ${GROUPS[i % 7]}`, 'common');
      }
      const find = (text: string, limit = 5) => index.search(text, [{ code: 1, words: ['keychains'] }], { filter: () => true, start: 0, limit });
      return { index, categories, find };
    };

    it('finds each product by its own word and ranks equal scores newest first', () => {
      const { find } = many(5_000);
      // Its own word first (then typos of it: item1 for item10).
      for (const i of [0, 1, 1023, 1024, 2048, 4999]) expect(find(`item${i}`).slots[0]).toBe(i);
      expect(find('delta', 3).slots).toEqual(newestOf(3, 5_000, 3));
      expect(find('delta').total).toBe(714);
      expect(find('common keychains', 2).slots).toEqual([4999, 4997]);
    });

    it('an update after the load moves the product to its new words (and to the front), a removal drops it', () => {
      const { index, find, categories } = many(5_000);
      index.add(10, 'Renamed Foxtrot', 'common');
      expect(find('item10').slots).not.toContain(10);
      expect(find('renamed').slots).toEqual([10]);
      expect(find('delta').slots).not.toContain(10);
      expect(find('foxtrot', 2).slots).toEqual([10, ...newestOf(5, 5_000, 1)]);
      index.remove(4996);
      expect(find('item4996').slots).not.toContain(4996);
      expect(find('foxtrot', 2).slots).toEqual([10, ...newestOf(5, 4_996, 1)]);
      // A new product past the end, in a new category.
      categories[5_000] = 1;
      index.add(5_000, 'Brand New Keychain', '');
      expect(find('brand').slots).toEqual([5_000]);
      expect(find('keychains', 1).slots).toEqual([5_000]);
      // Churn enough to sweep the stale postings into new pools: the live ones stay findable.
      for (let round = 0; round < 30_000; round++) index.add(round % 40, `Churn${round % 40} ${GROUPS[round % 7]}`, 'common');
      expect(find('churn39').slots[0]).toBe(39);
      expect(find('item41').slots[0]).toBe(41);
      expect(find('renamed').slots).toEqual([]);
      expect(find('brand').slots).toEqual([5_000]);
    });

    it('restores from its snapshot what it held at capture, though it changed while the file was written', async () => {
      const { index, find, categories } = many(3_000);
      const captured = await index.capture();
      // Changes after the capture, before the file is written: more postings, a new category list, enough to grow.
      for (let i = 3_000; i < 6_000; i++) {
        categories[i] = 2;
        index.add(i, `Item${i} ${GROUPS[i % 7]}`, 'common');
      }
      const dir = mkdtempSync(path.join(os.tmpdir(), 'search-index-'));
      try {
        await writeSnapshot(path.join(dir, 'index.bin'), {}, captured);
        const { sections } = await readSnapshot(path.join(dir, 'index.bin'));
        const restored = new SearchIndex((slot) => categories[slot]!);
        restored.restore(sections);
        const search = (text: string) => restored.search(text, [{ code: 1, words: ['keychains'] }], { filter: () => true, start: 0, limit: 5 });
        expect(search('item2999').slots[0]).toBe(2999);
        expect(search('item3000').slots).not.toContain(3000);
        expect(search('delta').slots).toEqual(newestOf(3, 3_000, 5));
        expect(search('delta').total).toBe(429);
        expect(search('common keychains').slots).toEqual([2999, 2997, 2995, 2993, 2991]);
        // The live index has everything.
        expect(find('item5999').slots[0]).toBe(5999);
        // The restored one goes on growing after its load.
        categories[3_000] = 1;
        restored.add(3_000, 'After Restore', 'common');
        expect(search('common keychains').slots.slice(0, 2)).toEqual([3_000, 2999]);
      } finally {
        rmSync(dir, { recursive: true, force: true });
      }
    });
  });
});
