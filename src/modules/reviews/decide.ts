import type { Decider } from '../../core/decider.js';
import { ConflictError, ForbiddenError, ValidationError } from '../../core/errors.js';
import { evolveReview, initialReviewState, type ReviewEvent, type ReviewState } from './review.js';

export const REVIEW_MESSAGES = {
  rating: 'Please select a rating before submitting your review.',
  comment: 'Please write a comment for your review.',
  notDelivered: 'You can only review products from delivered orders',
  notInOrder: 'This product is not part of this order',
  alreadyReviewed: 'You have already reviewed this product',
} as const;

/**
 * What the read side found about the shopper's right to review, looked up before deciding so that decide stays pure:
 * a delivered order of theirs containing the product, or why not.
 */
export type ReviewEligibility =
  { eligible: true; orderId: string | null } | { eligible: false; reason: 'not_delivered' | 'not_in_order' | 'no_delivered_order' };

export type ReviewCommand = {
  type: 'ReviewProduct';
  data: {
    reviewId: string;
    productId: string;
    userId: string;
    userName: string;
    rating: number;
    comment: string;
    eligibility: ReviewEligibility;
    now: string;
  };
};

export function decideReview(command: ReviewCommand, state: ReviewState): ReviewEvent[] {
  switch (command.type) {
    case 'ReviewProduct': {
      const { reviewId, productId, userId, userName, rating, eligibility, now } = command.data;
      if (!Number.isInteger(rating) || rating < 1 || rating > 5) throw new ValidationError(REVIEW_MESSAGES.rating);
      const comment = command.data.comment.trim();
      if (!comment) throw new ValidationError(REVIEW_MESSAGES.comment);
      if (!eligibility.eligible) {
        if (eligibility.reason === 'not_in_order') throw new ValidationError(REVIEW_MESSAGES.notInOrder);
        throw new ForbiddenError(REVIEW_MESSAGES.notDelivered);
      }
      if (state.status === 'reviewed') throw new ConflictError(REVIEW_MESSAGES.alreadyReviewed);
      return [
        {
          type: 'ProductReviewed',
          data: { reviewId, productId, userId, userName, orderId: eligibility.orderId, rating, comment, createdAt: now },
        },
      ];
    }
    default: {
      const exhaustive: never = command.type;
      return exhaustive;
    }
  }
}

export const reviewDecider: Decider<ReviewState, ReviewCommand, ReviewEvent> = {
  initialState: initialReviewState,
  evolve: evolveReview,
  decide: decideReview,
};
