import { z } from 'zod';
import { RETURN_STATUSES } from './return-rules.js';

/**
 * A return as both the shopper's order page (GET /api/orders/{id}/returns) and the admin's Returns view
 * (GET /api/admin/returns) receive it; the routes take their response schemas from here (docs/decisions/0017-returns.md).
 */
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
  /**
   * A UPI refund's payout to the shopper (null: refunded to the original payment, or not refunded yet): pending while
   * it is being sent, paid with the provider's payout id, or failed with the reason (an admin may retry it).
   */
  payout: z.object({ status: z.enum(['pending', 'paid', 'failed']), reference: z.string().nullable(), reason: z.string().nullable() }).nullable(),
  requestedAt: z.string(),
  updatedAt: z.string(),
});
export type ReturnDto = z.infer<typeof returnSchema>;
