import { createHash } from 'node:crypto';

/**
 * The messages feature's contract with the log: which events cause which message kind. The outbox projector
 * (projections/messages) reads only this file; how each kind is written (recipient, subject, body) lives in
 * `kinds/`. A kind named here without a composer in `kinds/index.ts` (or the other way round) refuses the start.
 *
 * A trigger must be pure: it looks at the event's type and data only (no clock, no I/O), so a replay of the log
 * queues the same messages (the outbox's idempotency key, causing event id + kind, then drops them).
 */
export interface MessageTrigger {
  /** The kind's stable name: part of each message's idempotency key and of the operator's MESSAGES_OFF switch. */
  kind: string;
  /** Event types that may cause it. */
  on: readonly string[];
  /** Optional filter on the event's data (e.g. only a change of status to 'shipped'). */
  when?: (type: string, data: Record<string, unknown>) => boolean;
}

const toStatus = (status: string) => (_type: string, data: Record<string, unknown>) => data.to === status;

/** Every kind the store sends, in the order the admin lists them. */
export const MESSAGE_TRIGGERS: readonly MessageTrigger[] = [
  { kind: 'order-placed', on: ['OrderPlaced'] },
  /** The tax invoice is issued in the same append that confirms an order, so its event carries the attachment. */
  { kind: 'order-confirmed', on: ['InvoiceIssued'] },
  { kind: 'payment-failed', on: ['PaymentFailed'] },
  { kind: 'payment-expired', on: ['OrderExpired'] },
  { kind: 'order-shipped', on: ['OrderStatusChanged'], when: toStatus('shipped') },
  { kind: 'order-delivered', on: ['OrderStatusChanged'], when: toStatus('delivered') },
  { kind: 'order-cancelled', on: ['OrderStatusChanged'], when: toStatus('cancelled') },
  { kind: 'order-refunded', on: ['PaymentRefunded'] },
  /** A cash-on-delivery return's refund, once its payout to the shopper's UPI id is issued. */
  { kind: 'upi-refund-paid', on: ['UpiPayoutIssued'] },
  { kind: 'password-reset', on: ['PasswordResetRequested'] },
  { kind: 'email-verification', on: ['EmailVerificationRequested'] },
  /** One event per waiting shopper (notify-me), so each has their own message and key. */
  { kind: 'back-in-stock', on: ['BackInStockNotified'] },
];

/** The kinds an event causes (usually none or one). */
export function kindsCausedBy(type: string, data: unknown, triggers: readonly MessageTrigger[] = MESSAGE_TRIGGERS): string[] {
  return triggers.filter((t) => t.on.includes(type) && (!t.when || t.when(type, (data ?? {}) as Record<string, unknown>))).map((t) => t.kind);
}

/** Every event type some kind listens to. */
export const MESSAGE_EVENT_TYPES: readonly string[] = [...new Set(MESSAGE_TRIGGERS.flatMap((t) => t.on))];

/** The outbox's read-model name (its projector and checkpoint). */
export const OUTBOX_READ_MODEL = 'messages';

/**
 * The idempotency key of the message `kind` caused by the event `eventId`: a UUID derived from the pair (SHA-256,
 * shaped as a version-8 UUID), the outbox row's id and the local part of its SMTP Message-ID.
 */
export function outboxId(eventId: string, kind: string): string {
  const h = createHash('sha256').update(`${eventId}\u0000${kind}`).digest('hex');
  const variant = ((parseInt(h[16]!, 16) & 0x3) | 0x8).toString(16);
  return `${h.slice(0, 8)}-${h.slice(8, 12)}-8${h.slice(13, 16)}-${variant}${h.slice(17, 20)}-${h.slice(20, 32)}`;
}
