import { z } from 'zod';
import { answers, created, ok, pagingQueryFields } from '../../contract/wire.js';
import { decimalText } from '../../core/decimal-text.js';

const productId = z.string({ error: 'Each item needs a product id' }).trim().min(1, 'Each item needs a product id').max(100, 'Invalid product id');
const units = (message: string, min: number) =>
  z.preprocess((v) => decimalText(v), z.number({ error: message }).int(message).min(min, message).max(10, message));

/** `POST /api/orders/{id}/returns`: the lines and units to send back, why, and (cash on delivery) the UPI id to refund. */
export const requestReturnBody = z.object({
  items: z
    .array(z.object({ productId, quantity: units('Quantity must be between 1 and 10', 1) }), { error: 'Choose at least one item to return.' })
    .min(1, 'Choose at least one item to return.')
    .max(50, 'Too many items'),
  reason: z
    .string({ error: 'Please tell us why you are returning these items.' })
    .trim()
    .min(1, 'Please tell us why you are returning these items.')
    .max(500, 'Please keep the reason under 500 characters.'),
  upiId: z.string().trim().max(330, 'Please enter a valid UPI ID (for example name@bank).').optional(),
});

export const returnIdParams = z.object({ returnId: z.string().trim().min(1, 'Return id is required').max(100, 'Invalid return id') });

export const rejectReturnBody = z.object({
  reason: z
    .string({ error: 'Please give the reason for rejecting this return.' })
    .trim()
    .min(1, 'Please give the reason for rejecting this return.')
    .max(500, 'Please keep the reason under 500 characters.'),
});

/** What came back: per product, how many units are fit to sell again (absent: none). */
export const receiveReturnBody = z.object({
  items: z
    .array(z.object({ productId, resellable: units('Resellable units must be between 0 and 10', 0) }))
    .max(50, 'Too many items')
    .default([]),
});

export const RETURN_STATUSES = ['requested', 'approved', 'rejected', 'received', 'refunded'] as const;

export const returnsQuery = z.object({
  ...pagingQueryFields,
  status: z.enum(RETURN_STATUSES, { error: `status must be one of ${RETURN_STATUSES.join(', ')}` }).optional(),
});

export const returnSchema = z.object({
  id: z.string(),
  orderId: z.string(),
  orderNumber: z.string(),
  customerName: z.string(),
  status: z.enum(RETURN_STATUSES),
  items: z.array(z.object({ lineNo: z.number(), productId: z.string(), name: z.string(), quantity: z.number(), refund: z.number() })),
  reason: z.string(),
  refundTo: z.enum(['original-payment', 'upi']),
  /** The UPI id a cash-on-delivery return is refunded to (null: refunded to the original payment). */
  upiId: z.string().nullable(),
  /** Rupees: what the returned units were paid for, and what was refunded once received. */
  refundAmount: z.number(),
  refundedAmount: z.number(),
  pickupAwb: z.string().nullable(),
  courier: z.string().nullable(),
  rejectionReason: z.string().nullable(),
  receivedItems: z.array(z.object({ productId: z.string(), quantity: z.number(), resellable: z.number() })).nullable(),
  requestedAt: z.string(),
  updatedAt: z.string(),
});
export type ReturnDto = z.infer<typeof returnSchema>;

export const returnCreatedResponses = created(ok({ message: z.string(), return: returnSchema }));
export const returnResponses = answers(ok({ message: z.string(), return: returnSchema }));
export const orderReturnsResponses = answers(ok({ returns: z.array(returnSchema) }));
export const returnListResponses = answers(ok({ returns: z.array(returnSchema), total: z.number(), page: z.number(), limit: z.number() }));
