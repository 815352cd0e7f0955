import type { Decider } from '../../core/decider.js';
import { ValidationError } from '../../core/errors.js';
import { WishlistEvent } from './events.js';

export * from './events.js';

/** A signed-in shopper's wishlist: one stream per customer. */
export const wishlistStream = (customerId: string) => `wishlist-${customerId}`;
export const MAX_WISHLIST = 200;

export interface WishlistState {
  productIds: string[];
}
export const initialWishlistState = (): WishlistState => ({ productIds: [] });

export function evolveWishlist(state: WishlistState, event: WishlistEvent): WishlistState {
  switch (event.type) {
    case 'WishlistItemAdded':
      return state.productIds.includes(event.data.productId) ? state : { productIds: [...state.productIds, event.data.productId] };
    case 'WishlistItemRemoved':
      return { productIds: state.productIds.filter((id) => id !== event.data.productId) };
    default: {
      const exhaustive: never = event;
      return exhaustive;
    }
  }
}

export type WishlistCommand =
  /** One product (the heart on a card) or a guest's whole local list at sign-in: present ones are skipped. */
  | { type: 'AddToWishlist'; data: { customerId: string; productIds: string[]; now: string } }
  | { type: 'RemoveFromWishlist'; data: { customerId: string; productId: string; now: string } };

export const WISHLIST_FULL = `Your wishlist can hold at most ${MAX_WISHLIST} products`;

export function decideWishlist(command: WishlistCommand, state: WishlistState): WishlistEvent[] {
  switch (command.type) {
    case 'AddToWishlist': {
      const { customerId, now } = command.data;
      const fresh = [...new Set(command.data.productIds)].filter((id) => !state.productIds.includes(id));
      if (fresh.length === 0) return [];
      if (state.productIds.length + fresh.length > MAX_WISHLIST) throw new ValidationError(WISHLIST_FULL);
      return fresh.map((productId) => ({ type: 'WishlistItemAdded', data: { customerId, productId, addedAt: now } }));
    }
    case 'RemoveFromWishlist': {
      const { customerId, productId, now } = command.data;
      // Removing what is not there is not an error: the browser's heart may be out of date.
      if (!state.productIds.includes(productId)) return [];
      return [{ type: 'WishlistItemRemoved', data: { customerId, productId, removedAt: now } }];
    }
    default: {
      const exhaustive: never = command;
      return exhaustive;
    }
  }
}

export const wishlistDecider: Decider<WishlistState, WishlistCommand, WishlistEvent> = {
  initialState: initialWishlistState,
  evolve: evolveWishlist,
  decide: decideWishlist,
};
