import { describe, expect, it } from 'vitest';
import { SearchIndex } from './search-index.js';

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
});
