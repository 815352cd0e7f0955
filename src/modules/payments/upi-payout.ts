import { createHash } from 'node:crypto';
import { ConflictError, NotFoundError } from '../../core/errors.js';
import type { UpiPayoutEvent } from './events.js';

/**
 * A cash-on-delivery return's UPI payout, as a pure decider (docs/decisions/0021-upi-payouts.md). The stream is
 * claimed by appending UpiPayoutRequested at the version it was decided at, so of several instances only one sends an
 * attempt; the attempt's idempotency key lets a resumed or repeated call reach the provider as the same payout.
 */
export const upiPayoutStream = (returnId: string) => `upi-payout-${returnId}`;

export const PAYOUT_NOT_FOUND = 'This return has no UPI payout.';
export const PAYOUT_IN_FLIGHT = 'This payout is being sent; it can be retried only once it has failed.';
export const PAYOUT_ALREADY_PAID = 'This payout has already been paid.';

/**
 * The provider's idempotency key of one attempt (4–36 characters: letters, digits, hyphens): derived, so every instance
 * and every restart computes the same key for the same attempt.
 */
export const payoutIdempotencyKey = (returnId: string, attempt: number) =>
  `upi${attempt}-${createHash('sha256').update(`upi-payout:${returnId}`).digest('hex').slice(0, 28)}`;

export type UpiPayoutState =
  | { status: 'none' }
  | {
      /** requested: an attempt is claimed and being sent; retrying: an admin asked for another, not yet claimed. */
      status: 'requested' | 'paid' | 'failed' | 'retrying';
      returnId: string;
      orderId: string;
      amountPaise: number;
      attempt: number;
      idempotencyKey: string;
      /** The last failure was the provider's refusal (not a lost answer): the next attempt may use a new key. */
      refused: boolean;
      /** The provider's id of the payout issued (null until then). */
      payoutId: string | null;
    };

export type UpiPayoutCommand =
  | { type: 'ClaimUpiPayout'; data: { returnId: string; orderId: string; amountPaise: number; at: string } }
  | { type: 'RecordUpiPayout'; data: { attempt: number; outcome: { payoutId: string; status: string } | { reason: string; refused: boolean }; at: string } }
  | { type: 'RetryUpiPayout'; data: { by: string; at: string } }
  /** The provider reports an issued payout failed or reversed after all (its payout webhook). */
  | { type: 'ReverseUpiPayout'; data: { payoutId: string; reason: string; at: string } };

export const initialUpiPayoutState = (): UpiPayoutState => ({ status: 'none' });

export function evolveUpiPayout(state: UpiPayoutState, event: UpiPayoutEvent): UpiPayoutState {
  switch (event.type) {
    case 'UpiPayoutRequested': {
      const d = event.data;
      return {
        status: 'requested',
        returnId: d.returnId,
        orderId: d.orderId,
        amountPaise: d.amountPaise,
        attempt: d.attempt,
        idempotencyKey: d.idempotencyKey,
        refused: false,
        payoutId: null,
      };
    }
    case 'UpiPayoutIssued':
      return state.status === 'none' ? state : { ...state, status: 'paid', payoutId: event.data.payoutId };
    case 'UpiPayoutFailed':
      return state.status === 'none' ? state : { ...state, status: 'failed', refused: event.data.refused };
    case 'UpiPayoutRetryRequested':
      return state.status === 'none' ? state : { ...state, status: 'retrying' };
    default: {
      const exhaustive: never = event;
      return exhaustive;
    }
  }
}

export function decideUpiPayout(command: UpiPayoutCommand, state: UpiPayoutState): UpiPayoutEvent[] {
  switch (command.type) {
    case 'ClaimUpiPayout': {
      const d = command.data;
      if (state.status === 'none') {
        return [
          {
            type: 'UpiPayoutRequested',
            data: { ...d, attempt: 1, idempotencyKey: payoutIdempotencyKey(d.returnId, 1) },
          },
        ];
      }
      if (state.status !== 'retrying') return []; // claimed already, here or by another instance
      const attempt = state.attempt + 1;
      // After a refusal the provider holds that key as failed: a new attempt needs a new key. After a lost answer the
      // first call may still have paid, so the same key goes again and the provider answers with that payout.
      const idempotencyKey = state.refused ? payoutIdempotencyKey(state.returnId, attempt) : state.idempotencyKey;
      return [
        {
          type: 'UpiPayoutRequested',
          data: { returnId: state.returnId, orderId: state.orderId, amountPaise: state.amountPaise, attempt, idempotencyKey, at: d.at },
        },
      ];
    }
    case 'RecordUpiPayout': {
      const d = command.data;
      // Another instance recorded this attempt first, or it is not the attempt in flight: nothing to add.
      if (state.status !== 'requested' || state.attempt !== d.attempt) return [];
      const ref = { returnId: state.returnId, orderId: state.orderId, attempt: d.attempt };
      if ('payoutId' in d.outcome) {
        return [
          { type: 'UpiPayoutIssued', data: { ...ref, amountPaise: state.amountPaise, payoutId: d.outcome.payoutId, status: d.outcome.status, at: d.at } },
        ];
      }
      return [{ type: 'UpiPayoutFailed', data: { ...ref, reason: d.outcome.reason, refused: d.outcome.refused, at: d.at } }];
    }
    case 'ReverseUpiPayout': {
      const d = command.data;
      // Only the payout this stream issued, once: a repeated delivery or another payout's report changes nothing.
      if (state.status !== 'paid' || state.payoutId !== d.payoutId) return [];
      return [
        {
          type: 'UpiPayoutFailed',
          data: { returnId: state.returnId, orderId: state.orderId, attempt: state.attempt, reason: d.reason, refused: true, at: d.at },
        },
      ];
    }
    case 'RetryUpiPayout': {
      if (state.status === 'none') throw new NotFoundError(PAYOUT_NOT_FOUND);
      if (state.status === 'paid') throw new ConflictError(PAYOUT_ALREADY_PAID);
      if (state.status !== 'failed') throw new ConflictError(PAYOUT_IN_FLIGHT);
      return [
        {
          type: 'UpiPayoutRetryRequested',
          data: { returnId: state.returnId, orderId: state.orderId, attempt: state.attempt + 1, by: command.data.by, at: command.data.at },
        },
      ];
    }
    default: {
      const exhaustive: never = command;
      return exhaustive;
    }
  }
}

export const upiPayoutDecider = { initialState: initialUpiPayoutState, evolve: evolveUpiPayout, decide: decideUpiPayout };
