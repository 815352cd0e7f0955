import type { ReviewEvent } from '../../src/modules/reviews/events.js';
import { eraseFrom, holdingPersonalData } from '../personal-data-erased.js';

/** product_reviews (migrations/040): one row per ProductReviewed; the (product, user) key makes a replay harmless. */
export const reviewsProjector = holdingPersonalData(eraseFrom.reviews, {
  name: 'reviews',
  handles: ['ProductReviewed'],
  tables: ['product_reviews'],
  async apply(client, recorded) {
    const event = recorded as unknown as ReviewEvent;
    if (event.type !== 'ProductReviewed') return;
    const d = event.data;
    await client.query(
      `insert into product_reviews (id, product_id, user_id, user_name, order_id, rating, comment, created_at, updated_at)
       values ($1, $2, $3, $4, $5, $6, $7, $8, $8) on conflict do nothing`,
      [d.reviewId, d.productId, d.userId, d.userName, d.orderId, d.rating, d.comment, d.createdAt],
    );
  },
});
