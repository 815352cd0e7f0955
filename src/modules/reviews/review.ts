import { z } from 'zod';
import { registerEvents } from '../../core/event-registry.js';

/**
 * One stream per (product, reviewer): appending the review with expectedVersion 'no_stream' makes
 * "once per product" hold across concurrent requests and API instances. userId is a fixed-length uuid, so the
 * name is unambiguous even when a product id contains dashes.
 */
export const reviewStream = (productId: string, userId: string) => `review-${productId}-${userId}`;

/**
 * The contract with the catalogue projector (product ratings) and the orders read side (an order's reviews).
 * Exactly these fields.
 */
export const productReviewedSchema = z.strictObject({
  reviewId: z.uuid(),
  productId: z.string().min(1),
  userId: z.uuid(),
  userName: z.string(),
  orderId: z.string().min(1).nullable(),
  rating: z.number().int().min(1).max(5),
  comment: z.string().min(1),
  createdAt: z.iso.datetime(),
});
export type ProductReviewed = z.infer<typeof productReviewedSchema>;

export const reviewEvents = { ProductReviewed: productReviewedSchema } as const;
registerEvents(reviewEvents);

export type ReviewEvent = { type: 'ProductReviewed'; data: ProductReviewed };

export type ReviewState = { status: 'none' } | { status: 'reviewed'; review: ProductReviewed };
export const initialReviewState = (): ReviewState => ({ status: 'none' });

export function evolveReview(state: ReviewState, event: ReviewEvent): ReviewState {
  switch (event.type) {
    case 'ProductReviewed':
      return { status: 'reviewed', review: event.data };
    default: {
      const exhaustive: never = event.type;
      return exhaustive;
    }
  }
}
