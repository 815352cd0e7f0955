import { z } from 'zod';
import { registerEvents } from '../../core/event-registry.js';

/**
 * The reviews feature's events: their schemas (validated at append through the registry) and types, nothing else.
 * The write side folds them; the read side (projections/reviews and the catalogue projector) imports only this file.
 */
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
