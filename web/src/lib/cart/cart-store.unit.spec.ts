import { describe, expect, it } from 'vitest';
import type { Product } from '../product';
import { addLine, addToCartRefusal, cartKey, lineLimit, mergeCarts, readStoredCart, setLineQuantity, stockRefusal, writeStoredCart } from './cart-store';

const product = (id: string, stockQuantity?: number): Product => ({
  id,
  name: `P${id}`,
  price: 500,
  image: '',
  images: [],
  category: 'Keychains',
  isNew: false,
  isOnSale: false,
  description: '',
  inStock: true,
  stockQuantity,
  rating: 0,
});

describe('cart rules', () => {
  it('keys the cart by user, or as guest', () => {
    expect(cartKey('u1')).toBe('cart_u1');
    expect(cartKey(null)).toBe('cart_guest');
  });

  it('adds a new product with quantity 1 and raises an existing one by 1', () => {
    const once = addLine([], product('a'));
    expect(once).toEqual([expect.objectContaining({ id: 'a', quantity: 1 })]);
    expect(addLine(once, product('a'))[0]!.quantity).toBe(2);
  });

  it('never goes above min(stock, 10)', () => {
    let items = addLine([], product('a', 3), 2);
    items = addLine(items, product('a', 3), 5);
    expect(items[0]!.quantity).toBe(3);
    expect(addLine([], product('b'), 25)[0]!.quantity).toBe(10);
    expect(lineLimit(product('c', 40))).toBe(10);
    expect(lineLimit(product('d'))).toBe(10);
  });

  it('clamps an update at 0 and removes the line there', () => {
    const items = addLine([], product('a'), 2);
    expect(setLineQuantity(items, 'a', -4)).toEqual([]);
    expect(setLineQuantity(items, 'a', 0)).toEqual([]);
    expect(setLineQuantity(items, 'a', 4)[0]!.quantity).toBe(4);
  });

  it("merges a guest's cart into the user's", () => {
    const merged = mergeCarts(addLine([], product('a')), addLine(addLine([], product('a')), product('b')));
    expect(merged.map((i) => [i.id, i.quantity])).toEqual([
      ['a', 2],
      ['b', 1],
    ]);
  });
});

describe('stored cart lifetime: 24 hours from the last change (fake clock)', () => {
  const HOUR = 3_600_000;
  const t0 = Date.parse('2026-11-23T08:00:00Z');
  function memoryStorage(): Storage {
    const data = new Map<string, string>();
    return {
      getItem: (k: string) => data.get(k) ?? null,
      setItem: (k: string, v: string) => void data.set(k, v),
      removeItem: (k: string) => void data.delete(k),
    } as Storage;
  }
  /** A page load: the provider reads the cart and writes the same items back. */
  const visit = (storage: Storage, now: number) => {
    const items = readStoredCart('cart_u1', now, storage);
    writeStoredCart('cart_u1', items, now, storage);
    return items;
  };

  it('visits do not renew it: a cart last changed 24 hours ago is gone even if visited every hour', () => {
    const storage = memoryStorage();
    writeStoredCart('cart_u1', addLine([], product('a')), t0, storage);
    for (let h = 1; h <= 24; h++) expect(visit(storage, t0 + h * HOUR)).toHaveLength(1);
    expect(visit(storage, t0 + 24 * HOUR + 1)).toEqual([]);
    expect(storage.getItem('cart_u1')).toBeNull();
  });

  it('a change renews it: 24 hours count again from the change', () => {
    const storage = memoryStorage();
    const items = addLine([], product('a'));
    writeStoredCart('cart_u1', items, t0, storage);
    writeStoredCart('cart_u1', addLine(items, product('b')), t0 + 20 * HOUR, storage);
    expect(visit(storage, t0 + 43 * HOUR)).toHaveLength(2);
    expect(visit(storage, t0 + 44 * HOUR + 1)).toEqual([]);
  });
});

describe('adding from the wishlist respects stock', () => {
  it("refuses an out-of-stock product with the spec's toast, and a line past its stock or 10", () => {
    expect(stockRefusal([], { ...product('a', 0), inStock: false })).toEqual({ title: 'Out of Stock', description: 'This product is currently out of stock.' });
    expect(stockRefusal([], product('z', 0))).toMatchObject({ title: 'Out of Stock' });
    const two = product('b', 2);
    expect(stockRefusal([], two)).toBeNull();
    expect(stockRefusal(addLine([], two, 1), two)).toBeNull();
    expect(stockRefusal(addLine([], two, 2), two)).toEqual({ title: 'Insufficient Stock', description: 'Only 2 items available for Pb.' });
    expect(stockRefusal(addLine([], product('c'), 10), product('c'))).toMatchObject({ title: 'Insufficient Stock' });
  });
});

describe('ADD TO CART and BUY NOW count what the cart already holds', () => {
  it("with stock 2 and 2 in the cart, one more is refused in the product page's words, not silently capped", () => {
    const two = product('b', 2);
    const full = addLine([], two, 2);
    expect(addToCartRefusal(full, two, 1)).toEqual({ title: 'Insufficient Stock', description: 'Only 2 items available. Please reduce quantity.' });
    expect(addToCartRefusal(addLine([], two, 1), two, 2)).toMatchObject({ title: 'Insufficient Stock' });
    expect(addToCartRefusal(addLine([], two, 1), two, 1)).toBeNull();
    expect(addToCartRefusal([], two, 2)).toBeNull();
    expect(addToCartRefusal([], two, 3)).toEqual({ title: 'Insufficient Stock', description: 'Only 2 items available. Please reduce quantity.' });
  });

  it("an unknown stock stops at the line's 10; out of stock takes the button's own title", () => {
    expect(addToCartRefusal(addLine([], product('c'), 9), product('c'), 1)).toBeNull();
    expect(addToCartRefusal(addLine([], product('c'), 10), product('c'), 1)).toEqual({
      title: 'Insufficient Stock',
      description: 'Only 10 items available. Please reduce quantity.',
    });
    const gone = { ...product('d', 0), inStock: false };
    expect(addToCartRefusal([], gone)).toEqual({ title: 'Out of Stock', description: 'This product is currently out of stock.' });
    expect(addToCartRefusal([], gone, 1, 'Out of stock')).toEqual({ title: 'Out of stock', description: 'This product is currently out of stock.' });
  });
});
