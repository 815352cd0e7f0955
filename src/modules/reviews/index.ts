import type { ModuleDeps, StoreModule } from '../module.js';
import { reviewsApi } from './api.js';
import './review.js';

export { productReviewedSchema, reviewStream, type ProductReviewed, type ReviewEvent } from './review.js';
export { REVIEW_MESSAGES } from './decide.js';
export { reviewsOfUser } from './queries.js';

export const startOrder = 55;

/** Product reviews: only for a delivered order's products, once per product and shopper. */
export function createModule(_deps: ModuleDeps): StoreModule {
  return { name: 'reviews', routes: reviewsApi };
}
