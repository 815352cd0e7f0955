import { describe, expect, it } from 'vitest';
import type { Product } from '../products/types';
import { addLine, cartKey, lineLimit, mergeCarts, setLineQuantity } from './cart-store';

const product = (id: string, stockQuantity?: number): Product => ({
  id, name: `P${id}`, price: 500, image: '', images: [], category: 'Keychains', isNew: false, isOnSale: false, description: '', inStock: true, stockQuantity, rating: 0,
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
    expect(merged.map((i) => [i.id, i.quantity])).toEqual([['a', 2], ['b', 1]]);
  });
});
