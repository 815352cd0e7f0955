import { describe, expect, it } from 'vitest';
import { decideReview, REVIEW_MESSAGES, type ReviewCommand, type ReviewEligibility } from './decide.js';
import { evolveReview, initialReviewState, productReviewedSchema } from './review.js';

const now = '2026-03-01T10:00:00.000Z';
const userId = '6f1c2a34-5b6d-4e7f-8a9b-0c1d2e3f4a5b';
const reviewId = '11111111-1111-4111-8111-111111111111';
const command = (overrides: Partial<ReviewCommand['data']> = {}): ReviewCommand => ({
  type: 'ReviewProduct',
  data: {
    reviewId,
    productId: 'p1',
    userId,
    userName: 'Asha Rao',
    rating: 4,
    comment: '  Lovely paint job  ',
    eligibility: { eligible: true, orderId: 'o1' },
    now,
    ...overrides,
  },
});

describe('review decider', () => {
  it('records ProductReviewed with exactly the contract fields, comment trimmed', () => {
    const events = decideReview(command(), initialReviewState());
    expect(events).toEqual([
      {
        type: 'ProductReviewed',
        data: { reviewId, productId: 'p1', userId, userName: 'Asha Rao', orderId: 'o1', rating: 4, comment: 'Lovely paint job', createdAt: now },
      },
    ]);
    expect(productReviewedSchema.parse(events[0]!.data)).toEqual(events[0]!.data);
  });

  it('keeps orderId null when none is given', () => {
    expect(decideReview(command({ eligibility: { eligible: true, orderId: null } }), initialReviewState())[0]!.data.orderId).toBeNull();
  });

  it.each([0, 6, 2.5, Number.NaN, -1])('refuses rating %s', (rating) => {
    expect(() => decideReview(command({ rating }), initialReviewState())).toThrow(REVIEW_MESSAGES.rating);
  });

  it.each([1, 5])('takes the edge rating %s', (rating) => {
    expect(decideReview(command({ rating }), initialReviewState())[0]!.data.rating).toBe(rating);
  });

  it('refuses a blank comment', () => {
    expect(() => decideReview(command({ comment: ' \n\t ' }), initialReviewState())).toThrow(REVIEW_MESSAGES.comment);
  });

  it.each<[ReviewEligibility, string, number]>([
    [{ eligible: false, reason: 'not_delivered' }, REVIEW_MESSAGES.notDelivered, 403],
    [{ eligible: false, reason: 'no_delivered_order' }, REVIEW_MESSAGES.notDelivered, 403],
    [{ eligible: false, reason: 'not_in_order' }, REVIEW_MESSAGES.notInOrder, 400],
  ])('refuses without a delivered order holding the product (%j)', (eligibility, message, status) => {
    expect(() => decideReview(command({ eligibility }), initialReviewState())).toThrow(message);
    try {
      decideReview(command({ eligibility }), initialReviewState());
    } catch (error) {
      expect((error as { statusCode: number }).statusCode).toBe(status);
    }
  });

  it('refuses a second review of the same product with 409', () => {
    const state = decideReview(command(), initialReviewState()).reduce(evolveReview, initialReviewState());
    expect(() => decideReview(command({ reviewId: '22222222-2222-4222-8222-222222222222' }), state)).toThrow(REVIEW_MESSAGES.alreadyReviewed);
  });

  it('the event schema refuses extra or malformed fields', () => {
    const data = decideReview(command(), initialReviewState())[0]!.data;
    expect(productReviewedSchema.safeParse({ ...data, extra: 1 }).success).toBe(false);
    expect(productReviewedSchema.safeParse({ ...data, rating: 6 }).success).toBe(false);
    expect(productReviewedSchema.safeParse({ ...data, createdAt: 'yesterday' }).success).toBe(false);
  });
});
