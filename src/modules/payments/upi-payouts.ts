import { randomUUID } from 'node:crypto';
import { handleCommand, loadState } from '../../core/command-handler.js';
import { START, type AppendResult, type RecordedEvent, type Subscription } from '../../core/event-store.js';
import type { AuthUser } from '../../plugins/auth.js';
import type { ModuleDeps } from '../module.js';
import { loadOrder } from '../orders/index.js';
import type { PayoutPort } from './payout-port.js';
import { PayoutRefusedError } from './razorpayx.js';
import { upiPayoutDecider, upiPayoutStream, type UpiPayoutCommand, type UpiPayoutState } from './upi-payout.js';

/** What a payout reads when the shopper's UPI id is gone (their personal data was erased before it was sent). */
export const PAYOUT_UPI_ERASED = 'The UPI ID of this return is no longer held (the shopper’s personal data was erased).';

/**
 * A refund older than this when first seen is not sent by itself: before payouts were automatic the shop paid UPI
 * refunds by hand, so a store upgraded with such refunds in its log would pay them twice.
 */
export const PAYOUT_TOO_OLD =
  'Not sent automatically: this refund was recorded more than 3 days before payouts ran (it may have been paid by hand). Retry to send it.';
const DEFAULT_MAX_AGE_MS = 3 * 86_400_000;

/** A claimed attempt with no outcome after this long is taken to be abandoned (its instance stopped) and sent again. */
const DEFAULT_RESUME_AFTER_MS = 120_000;

export interface UpiPayoutsOptions {
  /** How long a claimed attempt may stay without an outcome before another instance (or a restart) sends it again. */
  resumeAfterMs?: number;
  /** A refund seen first more than this long after it was made is recorded failed (PAYOUT_TOO_OLD), not sent. */
  maxAgeMs?: number;
}

/** A claimed attempt: the payout's state while it is requested. */
type Attempt = Exclude<UpiPayoutState, { status: 'none' }>;

const run = (runtime: ModuleDeps, returnId: string, command: UpiPayoutCommand, userId: string | null = null) =>
  handleCommand(runtime.store, upiPayoutStream(returnId), upiPayoutDecider, command, { userId, correlationId: randomUUID(), now: new Date() });

/** The UPI id and the payee's name of a return, from its order's own events (decrypted on read). */
async function payee(runtime: ModuleDeps, orderId: string, returnId: string): Promise<{ upiId: string; name: string }> {
  const { events } = await loadOrder(runtime.store, orderId);
  let upiId = '';
  let name = '';
  for (const e of events) {
    if (e.type === 'OrderPlaced') name = e.data.customerName;
    if (e.type === 'ReturnRequested' && e.data.returnId === returnId) upiId = e.data.upiId ?? '';
  }
  return { upiId, name: name || 'Customer' };
}

/** Sends one claimed attempt and records its outcome (once: a second recording of the same attempt adds nothing). */
async function send(runtime: ModuleDeps, port: PayoutPort, attempt: Attempt): Promise<void> {
  let outcome: { payoutId: string; status: string } | { reason: string; refused: boolean };
  const { upiId, name } = await payee(runtime, attempt.orderId, attempt.returnId);
  if (!upiId) {
    outcome = { reason: PAYOUT_UPI_ERASED, refused: true };
  } else {
    try {
      const paid = await port.payToUpi({
        referenceId: attempt.returnId,
        upiId,
        amountPaise: attempt.amountPaise,
        name,
        idempotencyKey: attempt.idempotencyKey,
      });
      outcome = paid.status === 'failed' ? { reason: paid.reason ?? 'The payout failed.', refused: true } : { payoutId: paid.id, status: paid.status };
    } catch (error) {
      runtime.log.warn({ err: error, returnId: attempt.returnId }, 'UPI payout failed');
      outcome = { reason: (error as Error).message || 'The payout provider did not answer.', refused: error instanceof PayoutRefusedError };
    }
  }
  await run(runtime, attempt.returnId, { type: 'RecordUpiPayout', data: { attempt: attempt.attempt, outcome, at: new Date().toISOString() } });
}

/**
 * Claims the next attempt of a return's payout (no_stream for the first) and sends it, or with `tooOld` records it
 * failed unsent; nothing when already claimed.
 */
async function claimAndSend(runtime: ModuleDeps, port: PayoutPort, claim: Extract<UpiPayoutCommand, { type: 'ClaimUpiPayout' }>['data'], tooOld = false) {
  const { state, events } = await run(runtime, claim.returnId, { type: 'ClaimUpiPayout', data: claim });
  if (events.length === 0 || state.status !== 'requested') return null; // another instance (or an earlier run) has it
  if (tooOld) {
    const outcome = { reason: PAYOUT_TOO_OLD, refused: true };
    await run(runtime, state.returnId, { type: 'RecordUpiPayout', data: { attempt: state.attempt, outcome, at: now() } });
  } else {
    await send(runtime, port, state);
  }
  return state;
}

/**
 * Pays every UPI refund out through the payout port (docs/decisions/0021-upi-payouts.md). It follows the whole log:
 * a ReturnRefunded to a UPI id, or an admin's retry of a failed payout, is claimed by appending its attempt at the
 * version it was decided at, so one instance sends it. An attempt claimed by an instance that stopped before recording
 * its outcome is sent again after `resumeAfterMs`, with the same idempotency key: the provider answers with the payout
 * it already made, if it made one.
 */
export function startUpiPayouts(runtime: ModuleDeps, port: PayoutPort, options: UpiPayoutsOptions = {}): Subscription {
  const resumeAfterMs = options.resumeAfterMs ?? DEFAULT_RESUME_AFTER_MS;
  const maxAgeMs = options.maxAgeMs ?? DEFAULT_MAX_AGE_MS;
  /** Attempts this subscription claimed itself (stream:attempt): it already sent them. */
  const mine = new Set<string>();
  const timers = new Set<NodeJS.Timeout>();
  let closed = false;

  async function resume(returnId: string, attempt: number) {
    if (closed) return;
    const { state } = await loadState(runtime.store, upiPayoutStream(returnId), upiPayoutDecider);
    if (state.status === 'requested' && state.attempt === attempt) await send(runtime, port, state);
  }

  function resumeLater(requested: { returnId: string; attempt: number; at: string }) {
    const wait = Math.max(0, Date.parse(requested.at) + resumeAfterMs - Date.now());
    const timer = setTimeout(() => {
      timers.delete(timer);
      resume(requested.returnId, requested.attempt).catch((error) => runtime.log.warn({ err: error }, 'UPI payout resume failed'));
    }, wait);
    timer.unref();
    timers.add(timer);
  }

  const subscription = runtime.store.subscribe({
    from: START,
    onEvents: async (events: RecordedEvent[]) => {
      /** Attempts seen claimed in this batch whose outcome the batch does not hold. */
      const open = new Map<string, { returnId: string; attempt: number; at: string }>();
      for (const event of events) {
        const d = event.data as { returnId: string; orderId: string; amountPaise: number; to?: string; attempt: number; at: string };
        switch (event.type) {
          case 'ReturnRefunded':
            if (d.to !== 'upi') break;
            await remember(
              claimAndSend(
                runtime,
                port,
                { returnId: d.returnId, orderId: d.orderId, amountPaise: d.amountPaise, at: now() },
                Date.now() - Date.parse(d.at) > maxAgeMs,
              ),
            );
            break;
          case 'UpiPayoutRetryRequested':
            await remember(claimAndSend(runtime, port, { returnId: d.returnId, orderId: d.orderId, amountPaise: 0, at: now() }));
            break;
          case 'UpiPayoutRequested': {
            const key = `${d.returnId}:${d.attempt}`;
            if (!mine.delete(key)) open.set(key, { returnId: d.returnId, attempt: d.attempt, at: d.at });
            break;
          }
          case 'UpiPayoutIssued':
          case 'UpiPayoutFailed':
            open.delete(`${d.returnId}:${d.attempt}`);
            break;
          default:
        }
      }
      for (const requested of open.values()) resumeLater(requested);
    },
    onError: (error) => runtime.log.warn({ err: error }, 'UPI payout subscription error'),
  });

  async function remember(claimed: Promise<Attempt | null>) {
    const attempt = await claimed;
    if (attempt) mine.add(`${attempt.returnId}:${attempt.attempt}`);
  }

  return {
    async close() {
      closed = true;
      for (const timer of timers) clearTimeout(timer);
      timers.clear();
      await subscription.close();
    },
  };
}

const now = () => new Date().toISOString();

/** Admin: asks for another attempt at a failed payout; the subscription claims and sends it. */
export async function retryUpiPayout(runtime: ModuleDeps, returnId: string, admin: AuthUser, correlationId: string): Promise<AppendResult | null> {
  const { result } = await handleCommand(
    runtime.store,
    upiPayoutStream(returnId),
    upiPayoutDecider,
    { type: 'RetryUpiPayout', data: { by: admin.id, at: now() } },
    { userId: admin.id, correlationId, now: new Date() },
  );
  return result;
}

/** The provider reports a payout failed or reversed after it was issued: the return's payout becomes failed (once). */
export async function reverseUpiPayout(runtime: ModuleDeps, returnId: string, payoutId: string, reason: string): Promise<AppendResult | null> {
  const { result } = await run(runtime, returnId, { type: 'ReverseUpiPayout', data: { payoutId, reason, at: now() } });
  return result;
}
