import { describe, expect, it } from 'vitest';
import { FIGURE_PRICE_RANGES, filterAndSort, KEYCHAIN_PRICE_RANGES } from './filters';
import { maxQuantity, normalizeProduct, type Product } from './types';

const p = (id: string, price: number, extra: Partial<Product> = {}): Product => ({
  id, name: `Figure ${id}`, price, image: '', images: [], category: 'Anime Figures', isNew: false, isOnSale: false, description: '', inStock: true, rating: 0, ...extra,
});

describe('catalogue filters and sorts', () => {
  const list = [p('a', 999), p('b', 1000, { rating: 4.8 }), p('c', 2999, { isNew: true }), p('d', 3000, { rating: 3 })];

  it("uses the spec's price ranges: lower bound inclusive, upper exclusive", () => {
    const pick = (range: string) => filterAndSort(list, { search: '', priceRange: range, sort: 'featured', ranges: FIGURE_PRICE_RANGES }).map((x) => x.id);
    expect(pick('under-1000')).toEqual(['a']);
    expect(pick('1000-2000')).toEqual(['b']);
    expect(pick('2000-3000')).toEqual(['c']);
    expect(pick('3000-plus')).toEqual(['d']);
    expect(KEYCHAIN_PRICE_RANGES.map((r) => [r.min, r.max])).toEqual([[0, 500], [500, 1000], [1000, Infinity]]);
  });

  it('sorts by price, rating and newest (new first)', () => {
    const order = (sort: 'price-low' | 'price-high' | 'rating' | 'newest') => filterAndSort(list, { search: '', priceRange: 'all', sort, ranges: FIGURE_PRICE_RANGES }).map((x) => x.id);
    expect(order('price-low')).toEqual(['a', 'b', 'c', 'd']);
    expect(order('price-high')).toEqual(['d', 'c', 'b', 'a']);
    expect(order('rating')[0]).toBe('b');
    expect(order('newest')[0]).toBe('c');
  });

  it('searches names case-insensitively', () => {
    expect(filterAndSort(list, { search: '  FIGURE C ', priceRange: 'all', sort: 'featured', ranges: [] }).map((x) => x.id)).toEqual(['c']);
  });
});

describe('product normalisation', () => {
  it('takes in_stock when boolean, else stock above 0, else true', () => {
    expect(normalizeProduct({ id: 1, in_stock: false, stock_quantity: 5 }).inStock).toBe(false);
    expect(normalizeProduct({ id: 1, stock_quantity: 0 }).inStock).toBe(false);
    expect(normalizeProduct({ id: 1, stock_quantity: 2 }).inStock).toBe(true);
    expect(normalizeProduct({ id: 1 }).inStock).toBe(true);
  });

  it('defaults the price to 0 and the id to text, and lists the main image first', () => {
    const product = normalizeProduct({ id: 7, price: 'x', image: 'a.png', images: ['b.png', 'a.png'] });
    expect(product).toMatchObject({ id: '7', price: 0, images: ['a.png', 'b.png'] });
  });

  it('offers quantities 1..min(stock, 10), 10 when stock is unknown', () => {
    expect(maxQuantity({ stockQuantity: 3 })).toBe(3);
    expect(maxQuantity({ stockQuantity: 40 })).toBe(10);
    expect(maxQuantity({ stockQuantity: undefined })).toBe(10);
  });
});
