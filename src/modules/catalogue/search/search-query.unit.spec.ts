import { describe, expect, it } from 'vitest';
import { SearchIndex, type SearchOptions } from './search-index.js';

const CATEGORY_WORDS = [
  { code: 0, words: ['anime', 'figures'] },
  { code: 1, words: ['keychains'] },
];
const SERIES = ['Sasuke', 'Luffy', 'Goku', 'Tanjiro', 'Gojo', 'Levi', 'Deku'];

/**
 * 6,000 products indexed oldest first. "naruto" is in the name of only a few of the oldest products and in the
 * description of many newer ones, so the best matches are read last: a walk that stopped at the first full page would
 * return the wrong page. "luffy" and "zoro" never share a product.
 */
function catalogue() {
  const n = 6000;
  const category: number[] = [];
  const price: number[] = [];
  const index = new SearchIndex((slot) => category[slot]!);
  for (let slot = 0; slot < n; slot++) {
    category[slot] = slot % 3 === 0 ? 1 : 0;
    price[slot] = 100 + ((slot * 7919) % 5000);
    const series = SERIES[slot % SERIES.length]!;
    const name =
      slot < 40 && slot % 2 === 0 ? `Naruto Rare Figure ${slot}` : `${series} ${slot % 5 === 0 && slot % SERIES.length !== 1 ? 'Zoro' : 'Figure'} ${slot}`;
    const description = slot % 4 === 0 ? `A naruto fan favourite, number ${slot}` : `Collector piece ${slot}`;
    index.add(slot, name, description);
  }
  const all = (text: string, filter: (slot: number) => boolean = () => true) => index.search(text, CATEGORY_WORDS, { filter, start: 0, limit: 1_000_000 });
  return { index, n, category, price, all };
}

describe('search top-k with early termination', () => {
  const { index, n, category, price, all } = catalogue();
  const search = (text: string, options: Partial<SearchOptions> = {}) =>
    index.search(text, CATEGORY_WORDS, { filter: () => true, start: 0, limit: 24, ...options });

  it.each(['naruto', 'narutoo', 'naruto figure', 'luffy zoro', 'goku', 'deku figure', 'figure'])(
    '"%s": every page equals the same page of the full ranking',
    (text) => {
      const full = all(text);
      expect(full.approximate).toBe(false);
      for (const start of [0, 24, 96]) {
        const page = search(text, { start });
        expect(page.slots).toEqual(full.slots.slice(start, start + 24));
        expect(page.scores).toEqual(full.scores.slice(start, start + 24));
      }
    },
  );

  it('ranks the old products with the word in their name first, then the newest', () => {
    const { slots, scores } = search('naruto', { limit: 30 });
    // 20 names (slots 0, 2, … 38; 0, 4, … 36 also in the description, so those score more).
    expect(slots.slice(0, 10)).toEqual([36, 32, 28, 24, 20, 16, 12, 8, 4, 0]);
    expect(slots.slice(10, 20)).toEqual([38, 34, 30, 26, 22, 18, 14, 10, 6, 2]);
    expect(slots[20]).toBe(n - 4);
    expect(scores[0]).toBeGreaterThan(scores[10]!);
    expect(scores[10]).toBeGreaterThan(scores[20]!);
  });

  it('a broad query stops early and estimates its total (flagged); a narrow one counts exactly', () => {
    const truth = all('figure').total;
    const broad = search('figure');
    expect(broad.approximate).toBe(true);
    expect(broad.total).toBeGreaterThan(truth * 0.7);
    expect(broad.total).toBeLessThan(truth * 1.3);
    const narrow = search('naruto rare');
    expect(narrow).toMatchObject({ approximate: false, total: 20 });
    const filtered = search('naruto', { filter: (slot) => slot < 100 });
    expect(filtered).toMatchObject({ approximate: false, total: all('naruto', (slot) => slot < 100).total });
  });

  it('needs every word when some product has them all, else any word (also when asked again)', () => {
    expect(all('luffy zoro').total).toBe(all('luffy').total + all('zoro').total);
    expect(search('luffy zoro').slots).toEqual(all('luffy zoro').slots.slice(0, 24));
    expect(all('goku zoro').total).toBe(all('goku zoro').slots.length);
    expect(all('goku zoro').slots.every((slot) => slot % SERIES.length === 2 && slot % 5 === 0)).toBe(true);
  });

  it('filters and other sorts: the same products as filtering and sorting the full match list', () => {
    const byPrice = (a: number, b: number) => price[a]! - price[b]! || a - b;
    const order = { slots: Int32Array.from([...Array(n).keys()].sort(byPrice)), compare: byPrice };
    const keychains = (slot: number) => category[slot] === 1;
    for (const text of ['naruto', 'figure', 'luffy zoro', 'naruto rare']) {
      const expected = all(text, keychains).slots.sort(byPrice);
      for (const start of [0, 24]) {
        const page = search(text, { filter: keychains, order, start });
        expect(page.slots).toEqual(expected.slice(start, start + 24));
      }
    }
  });

  it('a product whose text changed is found by its new text only, in its new place', () => {
    const { index: fresh, all: everything } = catalogue();
    fresh.add(5, 'Naruto Hokage Edition', 'naruto naruto');
    const page = fresh.search('naruto', CATEGORY_WORDS, { filter: () => true, start: 0, limit: 1 });
    expect(page.slots).toEqual([5]);
    fresh.remove(5);
    expect(everything('hokage').total).toBe(0);
  });
});
