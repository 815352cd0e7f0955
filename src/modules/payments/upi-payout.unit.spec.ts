import { describe, expect, it } from 'vitest';
import { deciderSpec } from '../../../tests/helpers/decider-spec.js';
import type { UpiPayoutEvent } from './events.js';
import { upiPayoutEvents } from './events.js';
import { payoutIdempotencyKey, PAYOUT_ALREADY_PAID, PAYOUT_IN_FLIGHT, PAYOUT_NOT_FOUND, upiPayoutDecider, type UpiPayoutCommand } from './upi-payout.js';

const { given } = deciderSpec(upiPayoutDecider);
const RETURN = 'ret-1';
const at = '2026-11-28T10:00:00.000Z';
const claim: UpiPayoutCommand = { type: 'ClaimUpiPayout', data: { returnId: RETURN, orderId: 'ord-1', amountPaise: 1200_00, at } };
const paid = (attempt = 1): UpiPayoutCommand => ({ type: 'RecordUpiPayout', data: { attempt, outcome: { payoutId: 'pout_1', status: 'processed' }, at } });
const failed = (refused: boolean, attempt = 1): UpiPayoutCommand => ({
  type: 'RecordUpiPayout',
  data: { attempt, outcome: { reason: 'no answer', refused }, at },
});
const retry: UpiPayoutCommand = { type: 'RetryUpiPayout', data: { by: 'admin-1', at } };
const ref = { returnId: RETURN, orderId: 'ord-1' };

describe('a UPI payout (decider)', () => {
  it('the first claim is attempt 1 with its derived key; a second claim (another instance) decides nothing', () => {
    given([])
      .when(claim)
      .then([{ type: 'UpiPayoutRequested', data: { ...ref, amountPaise: 1200_00, attempt: 1, idempotencyKey: payoutIdempotencyKey(RETURN, 1), at } }]);
    given([]).and(claim).when(claim).thenNothingHappened();
  });

  it('records the outcome of the attempt in flight once; a late or repeated recording adds nothing', () => {
    given([])
      .and(claim)
      .when(paid())
      .then([{ type: 'UpiPayoutIssued', data: { ...ref, attempt: 1, amountPaise: 1200_00, payoutId: 'pout_1', status: 'processed', at } }]);
    given([]).and(claim, paid()).when(paid()).thenNothingHappened();
    given([]).and(claim, paid()).when(failed(false)).thenNothingHappened();
    given([]).and(claim).when(paid(2)).thenNothingHappened();
    given([]).when(paid()).thenNothingHappened();
    given([])
      .and(claim)
      .when(failed(true))
      .then([{ type: 'UpiPayoutFailed', data: { ...ref, attempt: 1, reason: 'no answer', refused: true, at } }]);
  });

  it('only a failed payout may be retried; the retry is claimed as the next attempt', () => {
    given([]).when(retry).thenRefuses(404, PAYOUT_NOT_FOUND);
    given([]).and(claim).when(retry).thenRefuses(409, PAYOUT_IN_FLIGHT);
    given([]).and(claim, paid()).when(retry).thenRefuses(409, PAYOUT_ALREADY_PAID);
    given([])
      .and(claim, failed(false))
      .when(retry)
      .then([{ type: 'UpiPayoutRetryRequested', data: { ...ref, attempt: 2, by: 'admin-1', at } }]);
    given([]).and(claim, failed(false), retry).when(retry).thenRefuses(409, PAYOUT_IN_FLIGHT);
    given([])
      .and(claim, failed(false), retry)
      .when(claim)
      .thenMatch([{ type: 'UpiPayoutRequested', data: { attempt: 2, amountPaise: 1200_00 } }]);
    given([]).and(claim, failed(false), retry, claim).when(claim).thenNothingHappened();
  });

  it('after a lost answer the next attempt reuses the key (the provider may have paid); after a refusal it takes a new one', () => {
    const keyOf = (events: UpiPayoutEvent[]) => (events[0] as Extract<UpiPayoutEvent, { type: 'UpiPayoutRequested' }>).data.idempotencyKey;
    expect(keyOf(given([]).and(claim, failed(false), retry).when(claim).events())).toBe(payoutIdempotencyKey(RETURN, 1));
    expect(keyOf(given([]).and(claim, failed(true), retry).when(claim).events())).toBe(payoutIdempotencyKey(RETURN, 2));
    // Refused, retried, lost: attempt 3 goes again with attempt 2's key.
    expect(keyOf(given([]).and(claim, failed(true), retry, claim, failed(false, 2), retry).when(claim).events())).toBe(payoutIdempotencyKey(RETURN, 2));
  });

  it('a payout reported failed or reversed after it was issued becomes failed once (a refusal: the retry takes a new key)', () => {
    const reverse = (payoutId: string): UpiPayoutCommand => ({ type: 'ReverseUpiPayout', data: { payoutId, reason: 'Reversed by the bank', at } });
    given([])
      .and(claim, paid())
      .when(reverse('pout_1'))
      .then([{ type: 'UpiPayoutFailed', data: { ...ref, attempt: 1, reason: 'Reversed by the bank', refused: true, at } }]);
    given([]).and(claim, paid(), reverse('pout_1')).when(reverse('pout_1')).thenNothingHappened();
    given([]).and(claim, paid()).when(reverse('pout_other')).thenNothingHappened();
    given([]).and(claim).when(reverse('pout_1')).thenNothingHappened();
    given([]).when(reverse('pout_1')).thenNothingHappened();
    const retried = given([]).and(claim, paid(), reverse('pout_1'), retry).when(claim).events();
    expect(retried).toMatchObject([{ type: 'UpiPayoutRequested', data: { attempt: 2, idempotencyKey: payoutIdempotencyKey(RETURN, 2) } }]);
  });

  it('keys are what RazorpayX accepts (4–36 letters, digits, hyphens), differ per attempt and per return, and pass the event schema', () => {
    const keys = [payoutIdempotencyKey(RETURN, 1), payoutIdempotencyKey(RETURN, 2), payoutIdempotencyKey('ret-2', 1), payoutIdempotencyKey(RETURN, 999)];
    for (const key of keys) expect(key).toMatch(/^[A-Za-z0-9-]{4,36}$/);
    expect(new Set(keys).size).toBe(keys.length);
    const [requested] = given([]).when(claim).events();
    expect(upiPayoutEvents.UpiPayoutRequested.safeParse(requested!.data).success).toBe(true);
  });
});
