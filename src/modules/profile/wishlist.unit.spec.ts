import { describe, expect, it } from 'vitest';
import { decideWishlist, evolveWishlist, initialWishlistState, MAX_WISHLIST, WISHLIST_FULL, type WishlistEvent } from './wishlist.js';

const customerId = '6f1c2a34-5b6d-4e7f-8a9b-0c1d2e3f4a5b';
const now = '2026-03-01T10:00:00.000Z';
const added = (productId: string): WishlistEvent => ({ type: 'WishlistItemAdded', data: { customerId, productId, addedAt: now } });
const given = (events: WishlistEvent[]) => events.reduce(evolveWishlist, initialWishlistState());

describe('wishlist decider', () => {
  it('adds a product once: adding it again does nothing', () => {
    expect(decideWishlist({ type: 'AddToWishlist', data: { customerId, productIds: ['p1'], now } }, given([]))).toEqual([added('p1')]);
    expect(decideWishlist({ type: 'AddToWishlist', data: { customerId, productIds: ['p1'], now } }, given([added('p1')]))).toEqual([]);
  });

  it('merges a guest list: only new products, each once, in the given order', () => {
    const events = decideWishlist({ type: 'AddToWishlist', data: { customerId, productIds: ['p3', 'p1', 'p2', 'p3'], now } }, given([added('p1')]));
    expect(events).toEqual([added('p3'), added('p2')]);
    expect(given([added('p1'), ...events]).productIds).toEqual(['p1', 'p3', 'p2']);
  });

  it('removes a present product; removing an absent one emits nothing', () => {
    const state = given([added('p1')]);
    expect(decideWishlist({ type: 'RemoveFromWishlist', data: { customerId, productId: 'p1', now } }, state)).toEqual([
      { type: 'WishlistItemRemoved', data: { customerId, productId: 'p1', removedAt: now } },
    ]);
    expect(decideWishlist({ type: 'RemoveFromWishlist', data: { customerId, productId: 'p2', now } }, state)).toEqual([]);
  });

  it('refuses to grow beyond the cap', () => {
    const state = given(Array.from({ length: MAX_WISHLIST }, (_, i) => added(`p${i}`)));
    expect(() => decideWishlist({ type: 'AddToWishlist', data: { customerId, productIds: ['new'], now } }, state)).toThrow(WISHLIST_FULL);
  });
});
