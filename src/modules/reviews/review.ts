import { ProductReviewed, ReviewEvent } from './events.js';

export * from './events.js';

/**
 * One stream per (product, reviewer): appending the review with expectedVersion 'no_stream' makes
 * "once per product" hold across concurrent requests and API instances. userId is a fixed-length uuid, so the
 * name is unambiguous even when a product id contains dashes.
 */
export const reviewStream = (productId: string, userId: string) => `review-${productId}-${userId}`;

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
