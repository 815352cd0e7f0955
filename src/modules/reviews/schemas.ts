import { z } from 'zod';
import { answers, created, ok } from '../../contract/wire.js';
import { decimalText } from '../../core/decimal-text.js';
import { invisibleMessage, isVisibleText } from '../../core/visible-text.js';
import { REVIEW_MESSAGES } from './decide.js';

/** A number, or a form's numeric text ("4"); 0, missing and anything else get the spec's message. */
const rating = z.preprocess(
  (value) => decimalText(value, { trim: true }),
  z.number({ error: REVIEW_MESSAGES.rating }).int(REVIEW_MESSAGES.rating).min(1, REVIEW_MESSAGES.rating).max(5, REVIEW_MESSAGES.rating),
);
const comment = z
  .string({ error: REVIEW_MESSAGES.comment })
  .trim()
  .min(1, REVIEW_MESSAGES.comment)
  .max(2000, 'Your review is too long (at most 2000 characters)')
  .refine((v) => isVisibleText(v, { multiline: true }), invisibleMessage('Your review'));

export const productReviewBody = z.object({ rating, comment });
export const orderReviewBody = z.object({
  productId: z
    .union([z.string().trim().min(1, 'Product is required').max(100, 'Product not found'), z.number().int().nonnegative()], { error: 'Product is required' })
    .transform(String),
  rating,
  comment,
});
export const productParams = z.object({ id: z.string().min(1).max(100) });
export const reviewsPageQuery = z.object({
  page: z.coerce
    .number({ error: 'page must be a whole number from 1' })
    .int('page must be a whole number from 1')
    .min(1, 'page must be a whole number from 1')
    .max(1_000_000)
    .default(1),
  limit: z.coerce
    .number({ error: 'limit must be between 1 and 200' })
    .int('limit must be between 1 and 200')
    .min(1, 'limit must be between 1 and 200')
    .max(200, 'limit must be between 1 and 200')
    .default(200),
});
export const orderParams = z.object({ id: z.string().min(1).max(100) });

/** A review anyone may read (camelCase: `userName`): no account or order ids. */
export const publicReviewSchema = z.object({
  id: z.string(),
  productId: z.string(),
  /** The reviewer as a stable pseudonym (the same on every product), never an account id. */
  userId: z.string(),
  userName: z.string(),
  rating: z.number(),
  comment: z.string(),
  createdAt: z.string(),
  updatedAt: z.string(),
  /** True on the signed-in reader's own review. */
  mine: z.boolean(),
});
export const reviewsPageResponses = answers(
  ok({
    reviews: z.array(publicReviewSchema),
    average: z.number(),
    count: z.number().int(),
    page: z.number().int(),
    limit: z.number().int(),
    nextPage: z.number().int().nullable(),
  }),
);

/** The review just written, to its author: the ProductReviewed event's fields, `id` repeating `reviewId`. */
export const submittedReviewSchema = z.object({
  id: z.string(),
  reviewId: z.string(),
  productId: z.string(),
  userId: z.string(),
  userName: z.string(),
  orderId: z.string().nullable(),
  rating: z.number(),
  comment: z.string(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export const reviewSubmittedResponses = created(ok({ message: z.string(), review: submittedReviewSchema }));
