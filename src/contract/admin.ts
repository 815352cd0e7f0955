import { z } from 'zod';
import { isoTime } from './wire.js';

/**
 * Response schemas of the admin routes whose types the dashboard imports through `@contract` (src/contract/index.ts).
 * They live here, not in their modules, so the wire contract imports no server module: this file imports nothing but
 * zod, and the routes (modules/admin, modules/audit) take their schemas from it.
 */

/**
 * A customer row of the admin table (GET /api/admin/customers, and the customer of GET /api/admin/customers/{id}/orders):
 * the admin spec's snake_case (`full_name`, `total_orders`, `total_spent`); `name` repeats `full_name`.
 */
export const adminCustomerSchema = z.object({
  id: z.string(),
  full_name: z.string(),
  name: z.string(),
  email: z.string(),
  phone: z.string(),
  city: z.string(),
  state: z.string(),
  total_orders: z.number().int(),
  total_spent: z.number(),
  created_at: z.string(),
});

const counted = z.object({ orders: z.number().int(), revenue: z.number() });
export const revenueDifferenceSchema = z.object({
  orderId: z.string(),
  orderNumber: z.string(),
  /** Rupees counted for the order: from the events, and by the dashboard's read model. */
  events: z.number(),
  readModel: z.number(),
  eventsStatus: z.string().nullable(),
  readModelStatus: z.string().nullable(),
  reason: z.string(),
});
export const revenueReconciliationSchema = z.object({
  from: z.string(),
  to: z.string(),
  events: counted,
  readModel: counted,
  difference: z.number(),
  differences: z.array(revenueDifferenceSchema),
  /** Order events after the read model's checkpoint, left out of both sides. */
  orderEventsNotYetApplied: z.number().int(),
  /** Orders the log shows moved back to confirmed or later after a refund, with no new payment or confirmation. */
  movedOnAfterRefund: z.array(z.object({ orderId: z.string(), orderNumber: z.string(), refundedAt: z.string(), movedTo: z.string(), movedAt: z.string() })),
});
/** The order as it stood (or stands), folded from its events by the audit module. */
export const orderSnapshotSchema = z.object({
  orderId: z.string(),
  orderNumber: z.string(),
  customerId: z.string(),
  status: z.string(),
  paymentStatus: z.string(),
  paymentMethod: z.string(),
  deleted: z.boolean(),
  subtotal: z.number(),
  shipping: z.number(),
  total: z.number(),
  paid: z.number(),
  refunded: z.number(),
  /** Rupees refunded for returns (part of `refunded`): the order counts as revenue less this. */
  returned: z.number(),
  items: z.array(z.object({ productId: z.string(), name: z.string(), quantity: z.number(), price: z.number() })),
  trackingNumber: z.string().nullable(),
  placedAt: z.string(),
  lastEventAt: z.string(),
  eventsApplied: z.number().int(),
  eventsTotal: z.number().int(),
});

/** One event of an order's history (its own stream and the stock it moved), with who did it. */
export const historyEventSchema = z.object({
  stream: z.string(),
  version: z.number().int(),
  type: z.string(),
  at: z.string(),
  by: z.string(),
  byName: z.string(),
  byRole: z.string(),
  data: z.unknown(),
  recordedAt: z.string(),
});

/** GET /api/admin/cod-holds → one of `holds`: a product line of an open, unshipped cash-on-delivery order. */
export const codHoldSchema = z.object({
  orderId: z.string(),
  orderNumber: z.string(),
  status: z.string(),
  customerId: z.string(),
  customerName: z.string(),
  customerEmail: z.string(),
  productId: z.string(),
  productName: z.string(),
  quantity: z.number().int(),
  since: isoTime,
});
