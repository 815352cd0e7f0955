import { z } from 'zod';
import { answers, errors, ok } from '../../contract/wire.js';
import { decimalText } from '../../core/decimal-text.js';

const FAILED = 'Payment verification failed';
const field = z.string({ error: FAILED }).trim().min(1, FAILED).max(200, FAILED);

export const createOrderBody = z.object({
  orderId: z.string({ error: 'Invalid order id for payment' }).trim().min(1, 'Invalid order id for payment').max(100, 'Invalid order id for payment'),
  amount: z.preprocess((v) => decimalText(v), z.number({ error: 'Invalid amount' }).positive('Invalid amount').max(10_000_000, 'Invalid amount')).optional(),
  currency: z.literal('INR', { error: 'Only INR payments are supported' }).optional().default('INR'),
});

export const verifyPaymentBody = z.object({
  razorpay_order_id: field,
  razorpay_payment_id: field,
  razorpay_signature: field,
  orderId: z.string().trim().max(100).optional(),
});

export const simulatorPayBody = z.object({
  razorpay_order_id: z.string({ error: 'razorpay_order_id is required' }).trim().min(1, 'razorpay_order_id is required').max(100),
  outcome: z.enum(['success', 'failure'], { error: "outcome must be 'success' or 'failure'" }).optional().default('success'),
});

/** The part of a Razorpay webhook this store reads. */
export const webhookPayload = z.object({
  event: z.string(),
  payload: z
    .object({
      payment: z
        .object({
          entity: z
            .object({
              id: z.string(),
              order_id: z.string().nullable().optional(),
              amount: z.number().int().optional(),
              error_description: z.string().nullable().optional(),
              notes: z.record(z.string(), z.unknown()).or(z.array(z.unknown())).optional(),
            })
            .passthrough(),
        })
        .optional(),
      order: z
        .object({ entity: z.object({ id: z.string(), receipt: z.string().nullable().optional(), amount: z.number().int().optional() }).passthrough() })
        .optional(),
    })
    .passthrough(),
});

/**
 * The Razorpay order the checkout opens (see docs/decisions/0003-money-and-gst.md). `order_id`, `amount` (paise), `currency` and `key_id` are
 * Razorpay's own snake_case names; the store's fields beside them (`orderId`, `orderNumber`, `amountRupees`) are camelCase.
 */
export const createOrderResponses = answers(
  ok({
    order_id: z.string(),
    amount: z.number().int(),
    currency: z.string(),
    key_id: z.string(),
    orderId: z.string(),
    orderNumber: z.string().optional(),
    amountRupees: z.number(),
    /** True when the local payment simulator stands in for Razorpay. */
    simulator: z.boolean(),
    prefill: z.object({ name: z.string(), email: z.string(), contact: z.string().optional() }).optional(),
  }),
);

export const verifyPaymentResponses = answers(ok({ verified: z.boolean(), message: z.string(), orderId: z.string(), paymentStatus: z.string() }));

export const webhookResponses = answers(
  ok({ status: z.enum(['processed', 'duplicate', 'ignored']), orderId: z.string().nullable(), reason: z.string().optional() }),
);

const razorpayIds = { razorpay_order_id: z.string(), razorpay_payment_id: z.string() };
/** 200 either way: a success carries Razorpay's signed ids; a declined payment says so (`success: false`). */
export const simulatorPayResponses = {
  200: z.object({ success: z.boolean(), ...razorpayIds, razorpay_signature: z.string().optional(), error: z.string().optional() }),
  ...errors,
};
