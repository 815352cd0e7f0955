import { z } from 'zod';
import { registerEvents, type EventsOf } from '../../core/event-registry.js';

/**
 * The payments feature's events: their schemas (validated at append through the registry) and types, nothing else.
 * A webhook delivery is claimed once (RazorpayWebhookProcessed on its own stream); a refund is requested once per
 * payment, then issued or failed. The order's own payment events (PaymentConfirmed, …) are the orders feature's.
 */
export const paymentEvents = {
  RazorpayWebhookProcessed: z.object({ eventId: z.string().min(1), event: z.string(), orderId: z.string().nullable(), at: z.string().datetime() }),
} as const;

export const refundEvents = {
  RazorpayRefundRequested: z.object({ orderId: z.string(), paymentId: z.string(), amountPaise: z.number().int().min(0), at: z.string().datetime() }),
  RazorpayRefundIssued: z.object({ orderId: z.string(), paymentId: z.string(), refundId: z.string(), at: z.string().datetime() }),
  RazorpayRefundFailed: z.object({ orderId: z.string(), paymentId: z.string(), reason: z.string(), at: z.string().datetime() }),
} as const;

registerEvents(paymentEvents);
registerEvents(refundEvents);

export type PaymentEvent = EventsOf<typeof paymentEvents>;
export type RefundEvent = EventsOf<typeof refundEvents>;

/**
 * A cash-on-delivery return's refund, paid out to the shopper's UPI id (docs/decisions/0021-upi-payouts.md): one stream
 * per return. An attempt is claimed (Requested), then Issued or Failed; an admin's retry of a failed one asks for the
 * next attempt (RetryRequested), which an instance claims again. The UPI id itself stays on the return's own event.
 */
const payoutRef = { returnId: z.string().min(1), orderId: z.string().min(1) };
export const upiPayoutEvents = {
  UpiPayoutRequested: z.object({
    ...payoutRef,
    amountPaise: z.number().int().min(1),
    attempt: z.number().int().min(1),
    idempotencyKey: z.string().min(4).max(36),
    at: z.string().datetime(),
  }),
  UpiPayoutIssued: z.object({
    ...payoutRef,
    attempt: z.number().int().min(1),
    amountPaise: z.number().int().min(1),
    payoutId: z.string().min(1),
    status: z.string(),
    at: z.string().datetime(),
  }),
  UpiPayoutFailed: z.object({
    ...payoutRef,
    attempt: z.number().int().min(1),
    reason: z.string().min(1),
    /** The provider answered and refused: a retry may use a new idempotency key. Otherwise the outcome is unknown. */
    refused: z.boolean(),
    at: z.string().datetime(),
  }),
  UpiPayoutRetryRequested: z.object({ ...payoutRef, attempt: z.number().int().min(2), by: z.string(), at: z.string().datetime() }),
} as const;

registerEvents(upiPayoutEvents);

export type UpiPayoutEvent = EventsOf<typeof upiPayoutEvents>;
