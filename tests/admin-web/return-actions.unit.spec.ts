import { describe, expect, it } from 'vitest';
import { REJECTION_REASON_REQUIRED, RETURN_REASON_MAX, RETURN_REASON_TOO_LONG } from '../../src/contract/return-rules.js';
import {
  actionsFor,
  allResellable,
  canRetryPayout,
  clampResellable,
  itemsSummary,
  pagesOf,
  payoutLabel,
  payoutOf,
  receivePayload,
  refundDestination,
  rejectionReasonProblem,
  resellableSummary,
  RETURN_STATUSES,
  returnStatusTone,
  type ReturnDto,
} from '../../admin-web/src/features/returns/components/return-actions.js';

const items: ReturnDto['items'] = [
  { lineNo: 0, productId: 'p1', name: 'Goku Statue', quantity: 2, refund: 2998 },
  { lineNo: 1, productId: 'p2', name: 'Nami Figure', quantity: 1, refund: 899 },
];

describe('the admin Returns view', () => {
  it('offers Approve and Reject on a requested return, Receive on an approved one, nothing once settled', () => {
    expect(RETURN_STATUSES.map((s) => [s, actionsFor(s)])).toEqual([
      ['requested', ['approve', 'reject']],
      ['approved', ['receive']],
      ['rejected', []],
      ['received', []],
      ['refunded', []],
    ]);
    expect(actionsFor('lost')).toEqual([]);
    expect(RETURN_STATUSES.map(returnStatusTone)).toEqual(['amber', 'blue', 'red', 'indigo', 'green']);
  });

  it("refuses an empty or too long rejection reason with the server's words", () => {
    expect(rejectionReasonProblem('')).toBe(REJECTION_REASON_REQUIRED);
    expect(rejectionReasonProblem('   ')).toBe(REJECTION_REASON_REQUIRED);
    expect(rejectionReasonProblem('x'.repeat(RETURN_REASON_MAX + 1))).toBe(RETURN_REASON_TOO_LONG);
    expect(rejectionReasonProblem(` ${'x'.repeat(RETURN_REASON_MAX)} `)).toBeNull();
    expect(rejectionReasonProblem('Box opened and used')).toBeNull();
  });

  it('receives every unit as resellable unless told otherwise, per product, within 0..quantity', () => {
    const ret = { items };
    expect(allResellable(ret)).toEqual({ 0: 2, 1: 1 });
    expect(receivePayload(ret, allResellable(ret))).toEqual({
      items: [
        { productId: 'p1', resellable: 2 },
        { productId: 'p2', resellable: 1 },
      ],
    });
    expect(receivePayload(ret, { 0: 1, 1: 0 }).items).toEqual([
      { productId: 'p1', resellable: 1 },
      { productId: 'p2', resellable: 0 },
    ]);
    // Out of range or not a number: kept to what came back.
    expect(receivePayload(ret, { 0: 7, 1: -3 }).items.map((i) => i.resellable)).toEqual([2, 0]);
    expect([clampResellable(Number.NaN, 2), clampResellable(1.7, 2), clampResellable(3, 2)]).toEqual([0, 1, 2]);
    // Two lines of one product: one entry, their units summed.
    const twoLines = { items: [...items, { lineNo: 2, productId: 'p1', name: 'Goku Statue', quantity: 1, refund: 1499 }] };
    expect(receivePayload(twoLines, { 0: 1, 1: 1, 2: 1 }).items).toEqual([
      { productId: 'p1', resellable: 2 },
      { productId: 'p2', resellable: 1 },
    ]);
  });

  it("shows a UPI refund's payout and offers to send a failed one again", () => {
    expect(payoutOf({})).toBeNull();
    expect(payoutOf({ payout: null })).toBeNull();
    expect(payoutLabel(null)).toBeNull();
    expect(payoutLabel({ status: 'pending', reference: null, reason: null })).toBe('Payout pending');
    expect(payoutLabel({ status: 'paid', reference: 'pout_1', reason: null })).toBe('Paid out (pout_1)');
    expect(payoutLabel({ status: 'failed', reference: null, reason: 'Invalid VPA' })).toBe('Payout failed: Invalid VPA');
    expect(canRetryPayout({ payout: { status: 'failed', reference: null, reason: 'Invalid VPA' } })).toBe(true);
    expect(canRetryPayout({ payout: { status: 'paid', reference: 'pout_1', reason: null } })).toBe(false);
    expect(canRetryPayout({ payout: null })).toBe(false);
  });

  it('says what came back, where the refund goes, and how many pages there are', () => {
    expect(itemsSummary({ items })).toBe('Goku Statue × 2, Nami Figure × 1');
    expect(refundDestination({ refundTo: 'original-payment', upiId: null })).toBe('Original payment');
    expect(refundDestination({ refundTo: 'upi', upiId: 'asha@okaxis' })).toBe('UPI asha@okaxis');
    expect(resellableSummary(null)).toBeNull();
    expect(
      resellableSummary([
        { productId: 'p1', quantity: 2, resellable: 1 },
        { productId: 'p2', quantity: 1, resellable: 0 },
      ]),
    ).toBe('1 of 3 units back on sale');
    expect(resellableSummary([{ productId: 'p1', quantity: 1, resellable: 1 }])).toBe('1 of 1 unit back on sale');
    expect([pagesOf(0, 20), pagesOf(20, 20), pagesOf(21, 20)]).toEqual([1, 1, 2]);
  });
});
