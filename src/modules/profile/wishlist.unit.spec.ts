import { describe, expect, it } from 'vitest';
import { deciderSpec } from '../../../tests/helpers/decider-spec.js';
import { MAX_WISHLIST, WISHLIST_FULL, wishlistDecider, type WishlistEvent } from './wishlist.js';

const customerId = '6f1c2a34-5b6d-4e7f-8a9b-0c1d2e3f4a5b';
const now = '2026-03-01T10:00:00.000Z';
const added = (productId: string): WishlistEvent => ({ type: 'WishlistItemAdded', data: { customerId, productId, addedAt: now } });
const { given } = deciderSpec(wishlistDecider);

describe('wishlist decider', () => {
  it('adds a product once: adding it again does nothing', () => {
    given([])
      .when({ type: 'AddToWishlist', data: { customerId, productIds: ['p1'], now } })
      .then([added('p1')]);
    given([added('p1')])
      .when({ type: 'AddToWishlist', data: { customerId, productIds: ['p1'], now } })
      .thenNothingHappened();
  });

  it('merges a guest list: only new products, each once, in the given order', () => {
    const merge = given([added('p1')]).when({ type: 'AddToWishlist', data: { customerId, productIds: ['p3', 'p1', 'p2', 'p3'], now } });
    merge.then([added('p3'), added('p2')]);
    expect(merge.state().productIds).toEqual(['p1', 'p3', 'p2']);
  });

  it('removes a present product; removing an absent one emits nothing', () => {
    given([added('p1')])
      .when({ type: 'RemoveFromWishlist', data: { customerId, productId: 'p1', now } })
      .then([{ type: 'WishlistItemRemoved', data: { customerId, productId: 'p1', removedAt: now } }]);
    given([added('p1')])
      .when({ type: 'RemoveFromWishlist', data: { customerId, productId: 'p2', now } })
      .thenNothingHappened();
  });

  it('refuses to grow beyond the cap', () => {
    given(Array.from({ length: MAX_WISHLIST }, (_, i) => added(`p${i}`)))
      .when({ type: 'AddToWishlist', data: { customerId, productIds: ['new'], now } })
      .thenThrows(WISHLIST_FULL);
  });
});
