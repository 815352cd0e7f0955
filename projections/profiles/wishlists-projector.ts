import type { WishlistEvent } from '../../src/modules/profile/events.js';
import { applyWishlistsMany } from './wishlists-apply-many.js';
import { eraseFrom, holdingPersonalData } from '../personal-data-erased.js';

/** wishlist_items: one row per (customer, product); product details are joined from `products` when read. */
export const wishlistsProjector = holdingPersonalData(eraseFrom.wishlists, {
  name: 'wishlists',
  handles: ['WishlistItemAdded', 'WishlistItemRemoved'],
  tables: ['wishlist_items'],
  applyMany: applyWishlistsMany,
  async apply(client, recorded) {
    const event = recorded as unknown as WishlistEvent;
    switch (event.type) {
      case 'WishlistItemAdded': {
        const d = event.data;
        await client.query(
          `insert into wishlist_items (customer_id, product_id, seq, added_at) values ($1, $2, $3, $4)
           on conflict (customer_id, product_id) do nothing`,
          [d.customerId, d.productId, recorded.streamVersion, d.addedAt],
        );
        return;
      }
      case 'WishlistItemRemoved':
        await client.query('delete from wishlist_items where customer_id = $1 and product_id = $2', [event.data.customerId, event.data.productId]);
        return;
      default:
        return;
    }
  },
});
