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
