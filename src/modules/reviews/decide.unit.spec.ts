import { describe, expect, it } from 'vitest';
import { REVIEW_MESSAGES, reviewDecider, type ReviewCommand, type ReviewEligibility } from './decide.js';
import { deciderSpec } from '../../../tests/helpers/decider-spec.js';
import { productReviewedSchema } from './review.js';

const { given } = deciderSpec(reviewDecider);

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
    const events = given([])
      .when(command())
      .then([
        {
          type: 'ProductReviewed',
          data: { reviewId, productId: 'p1', userId, userName: 'Asha Rao', orderId: 'o1', rating: 4, comment: 'Lovely paint job', createdAt: now },
        },
      ]);
    expect(productReviewedSchema.parse(events[0]!.data)).toEqual(events[0]!.data);
  });

  it('keeps orderId null when none is given', () => {
    given([])
      .when(command({ eligibility: { eligible: true, orderId: null } }))
      .thenMatch([{ data: { orderId: null } }]);
  });

  it.each([0, 6, 2.5, Number.NaN, -1])('refuses rating %s', (rating) => {
    given([]).when(command({ rating })).thenRefuses(400, REVIEW_MESSAGES.rating);
  });

  it.each([1, 5])('takes the edge rating %s', (rating) => {
    given([])
      .when(command({ rating }))
      .thenMatch([{ data: { rating } }]);
  });

  it('refuses a blank comment', () => {
    given([])
      .when(command({ comment: ' \n\t ' }))
      .thenRefuses(400, REVIEW_MESSAGES.comment);
  });

  it.each<[ReviewEligibility, string, number]>([
    [{ eligible: false, reason: 'not_delivered' }, REVIEW_MESSAGES.notDelivered, 403],
    [{ eligible: false, reason: 'no_delivered_order' }, REVIEW_MESSAGES.notDelivered, 403],
    [{ eligible: false, reason: 'not_in_order' }, REVIEW_MESSAGES.notInOrder, 400],
  ])('refuses without a delivered order holding the product (%j)', (eligibility, message, status) => {
    given([]).when(command({ eligibility })).thenRefuses(status, message);
  });

  it('refuses a second review of the same product with 409', () => {
    given([])
      .and(command())
      .when(command({ reviewId: '22222222-2222-4222-8222-222222222222' }))
      .thenRefuses(409, REVIEW_MESSAGES.alreadyReviewed);
  });

  it('the event schema refuses extra or malformed fields', () => {
    const data = given([]).when(command()).events()[0]!.data;
    expect(productReviewedSchema.safeParse({ ...data, extra: 1 }).success).toBe(false);
    expect(productReviewedSchema.safeParse({ ...data, rating: 6 }).success).toBe(false);
    expect(productReviewedSchema.safeParse({ ...data, createdAt: 'yesterday' }).success).toBe(false);
  });
});
