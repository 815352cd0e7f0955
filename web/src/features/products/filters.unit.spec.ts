import { describe, expect, it } from 'vitest';
import { FIGURE_PRICE_RANGES, GENERAL_PRICE_RANGES, KEYCHAIN_PRICE_RANGES } from './filters';
import { maxQuantity, normalizeProduct } from '../../lib/product';

describe("the spec's price bands", () => {
  it('anime figures: under 1000, 1000 to under 2000, 2000 to under 3000, 3000 and above', () => {
    expect(FIGURE_PRICE_RANGES.map((r) => [r.value, r.min, r.max])).toEqual([
      ['under-1000', 0, 1000],
      ['1000-2000', 1000, 2000],
      ['2000-3000', 2000, 3000],
      ['3000-plus', 3000, Infinity],
    ]);
  });

  it('keychains: under 500, 500 to under 1000, 1000 and above; search covers every price', () => {
    expect(KEYCHAIN_PRICE_RANGES.map((r) => [r.value, r.min, r.max])).toEqual([
      ['under-500', 0, 500],
      ['500-1000', 500, 1000],
      ['1000-plus', 1000, Infinity],
    ]);
    const general = [...GENERAL_PRICE_RANGES].sort((a, b) => a.min - b.min);
    expect(general[0]!.min).toBe(0);
    general.slice(1).forEach((r, i) => expect(r.min).toBe(general[i]!.max));
    expect(general[general.length - 1]!.max).toBe(Infinity);
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
