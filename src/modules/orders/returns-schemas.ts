import { z } from 'zod';
import { answers, created, ok, pagingQueryFields } from '../../contract/wire.js';
import { decimalText } from '../../core/decimal-text.js';
import {
  REJECTION_REASON_REQUIRED,
  RETURN_ITEMS_REQUIRED,
  RETURN_REASON_MAX,
  RETURN_REASON_REQUIRED,
  RETURN_REASON_TOO_LONG,
  RETURN_STATUSES,
  UPI_INVALID,
} from '../../contract/return-rules.js';
import { returnSchema } from '../../contract/returns.js';

export { RETURN_STATUSES, returnSchema };
export type { ReturnDto } from '../../contract/returns.js';

const productId = z.string({ error: 'Each item needs a product id' }).trim().min(1, 'Each item needs a product id').max(100, 'Invalid product id');
const units = (message: string, min: number) =>
  z.preprocess((v) => decimalText(v), z.number({ error: message }).int(message).min(min, message).max(10, message));

/** `POST /api/orders/{id}/returns`: the lines and units to send back, why, and (cash on delivery) the UPI id to refund. */
export const requestReturnBody = z.object({
  items: z
    .array(z.object({ productId, quantity: units('Quantity must be between 1 and 10', 1) }), { error: RETURN_ITEMS_REQUIRED })
    .min(1, RETURN_ITEMS_REQUIRED)
    .max(50, 'Too many items'),
  reason: z.string({ error: RETURN_REASON_REQUIRED }).trim().min(1, RETURN_REASON_REQUIRED).max(RETURN_REASON_MAX, RETURN_REASON_TOO_LONG),
  upiId: z.string().trim().max(330, UPI_INVALID).optional(),
});

export const returnIdParams = z.object({ returnId: z.string().trim().min(1, 'Return id is required').max(100, 'Invalid return id') });

export const rejectReturnBody = z.object({
  reason: z.string({ error: REJECTION_REASON_REQUIRED }).trim().min(1, REJECTION_REASON_REQUIRED).max(RETURN_REASON_MAX, RETURN_REASON_TOO_LONG),
});

/** What came back: per product, how many units are fit to sell again (absent: none). */
export const receiveReturnBody = z.object({
  items: z
    .array(z.object({ productId, resellable: units('Resellable units must be between 0 and 10', 0) }))
    .max(50, 'Too many items')
    .default([]),
});

export const returnsQuery = z.object({
  ...pagingQueryFields,
  status: z.enum(RETURN_STATUSES, { error: `status must be one of ${RETURN_STATUSES.join(', ')}` }).optional(),
});

export const returnCreatedResponses = created(ok({ message: z.string(), return: returnSchema }));
export const returnResponses = answers(ok({ message: z.string(), return: returnSchema }));
export const orderReturnsResponses = answers(ok({ returns: z.array(returnSchema) }));
export const returnListResponses = answers(ok({ returns: z.array(returnSchema), total: z.number(), page: z.number(), limit: z.number() }));
