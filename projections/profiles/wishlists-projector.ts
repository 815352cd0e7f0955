import type pg from 'pg';
import type { RecordedEvent } from '../../src/core/event-store.js';
import type { WishlistEvent } from '../../src/modules/profile/events.js';
import { layersBy } from '../layers.js';
import { eraseFrom, holdingPersonalData } from '../personal-data-erased.js';
import { batchProjector } from '../projector.js';

/** The wishlists projector, set-based: two statements per layer (a layer holds at most one event per customer and product). */
async function applyWishlists(client: pg.PoolClient, events: RecordedEvent[]): Promise<void> {
  const key = (e: RecordedEvent) => {
    const d = e.data as { customerId: string; productId: string };
    return `${d.customerId}\n${d.productId}`;
  };
  for (const layer of layersBy(events, key)) {
    const added = layer.filter((e) => e.type === 'WishlistItemAdded');
    if (added.length > 0) {
      const data = added.map((e) => (e as unknown as Extract<WishlistEvent, { type: 'WishlistItemAdded' }>).data);
      await client.query(
        `insert into wishlist_items (customer_id, product_id, seq, added_at)
         select * from unnest($1::uuid[], $2::text[], $3::int[], $4::timestamptz[])
         on conflict (customer_id, product_id) do nothing`,
        [data.map((d) => d.customerId), data.map((d) => d.productId), added.map((e) => e.streamVersion), data.map((d) => d.addedAt)],
      );
    }
    const removed = layer.filter((e) => e.type === 'WishlistItemRemoved').map((e) => e.data as { customerId: string; productId: string });
    if (removed.length > 0) {
      await client.query(
        `delete from wishlist_items w using unnest($1::uuid[], $2::text[]) as u(customer_id, product_id)
          where w.customer_id = u.customer_id and w.product_id = u.product_id`,
        [removed.map((d) => d.customerId), removed.map((d) => d.productId)],
      );
    }
  }
}

/** wishlist_items: one row per (customer, product); product details are joined from `products` when read. */
export const wishlistsProjector = holdingPersonalData(
  eraseFrom.wishlists,
  batchProjector({ name: 'wishlists', handles: ['WishlistItemAdded', 'WishlistItemRemoved'], tables: ['wishlist_items'], applyMany: applyWishlists }),
);
