import { z } from 'zod';

/**
 * The admin live feed (`/api/admin/live`, a websocket) as both sides read it: the server builds every message through
 * these schemas' types and its spec parses them; admin-web takes the types through `@contract`.
 *
 * An event message names the read models its event changes (`affects`) and the event's place in the log
 * (`position`). The read models follow the log a moment later; a `projected` message says how far one read model has
 * got. The dashboard refetches a message's queries once every read model it affects has reached its position — never
 * on a timer, never before the data is there.
 */

/** A place in the event log: decimal strings of the pair the log is ordered by (commit, then prepare). */
export const logPositionSchema = z.object({ commit: z.string().regex(/^\d+$/), prepare: z.string().regex(/^\d+$/) });
export type LogPosition = z.infer<typeof logPositionSchema>;

/** The read models (one per projector, named as the projector is) the dashboard's queries read from. */
export const READ_MODELS = [
  'orders',
  'catalogue',
  'customers',
  'carousels',
  'invoices',
  'addresses',
  'wishlists',
  'reviews',
  'messages',
  'coupons',
  'notify-me',
  'returns',
] as const;
export const readModelSchema = z.enum(READ_MODELS);
export type ReadModel = z.infer<typeof readModelSchema>;

const orderStatus = z.enum(['pending', 'placed', 'confirmed', 'processing', 'shipped', 'delivered', 'cancelled']);

/** What every message about one event of the log carries. */
const eventMessage = {
  /** The event's type in the log (`OrderPlaced`, `StockReserved`, …). */
  eventType: z.string(),
  at: z.string(),
  /** Who caused it: a user id, 'system', or null. */
  by: z.string().nullable(),
  position: logPositionSchema,
  /** The read models this event changes (the projectors that handle it); empty when none does. */
  affects: z.array(readModelSchema),
};

export const liveMessageSchemas = {
  orderPlaced: z.object({
    type: z.literal('order.placed'),
    ...eventMessage,
    orderId: z.string(),
    orderNumber: z.string(),
    customerName: z.string(),
    customerEmail: z.string(),
    /** Rupees. */
    totalAmount: z.number(),
    paymentMethod: z.enum(['razorpay', 'cod']),
    status: z.literal('pending'),
  }),
  orderStatus: z.object({
    type: z.literal('order.status'),
    ...eventMessage,
    orderId: z.string(),
    from: orderStatus,
    status: orderStatus,
    trackingNumber: z.string().optional(),
    reason: z.string().optional(),
  }),
  orderDeleted: z.object({ type: z.literal('order.deleted'), ...eventMessage, orderId: z.string() }),
  paymentCreated: z.object({ type: z.literal('payment.created'), ...eventMessage, orderId: z.string(), amount: z.number() }),
  paymentCompleted: z.object({
    type: z.literal('payment.completed'),
    ...eventMessage,
    orderId: z.string(),
    paymentStatus: z.literal('completed'),
    amount: z.number(),
    via: z.enum(['verify', 'webhook']),
  }),
  paymentFailed: z.object({ type: z.literal('payment.failed'), ...eventMessage, orderId: z.string(), paymentStatus: z.literal('failed'), reason: z.string() }),
  paymentRefunded: z.object({
    type: z.literal('payment.refunded'),
    ...eventMessage,
    orderId: z.string(),
    paymentStatus: z.literal('refunded'),
    amount: z.number(),
  }),
  stockChanged: z.object({
    type: z.literal('stock.changed'),
    ...eventMessage,
    productId: z.string(),
    change: z.enum(['set', 'reserved', 'released']),
    quantity: z.number().int(),
    orderId: z.string().optional(),
  }),
  /** Any other event a read model handles (a product edited, a customer registered, a slide added): no details. */
  changed: z.object({ type: z.literal('changed'), ...eventMessage }),
  /** The read model has applied every event up to `position` (its projector's checkpoint moved there). */
  projected: z.object({ type: z.literal('projected'), readModel: readModelSchema, position: logPositionSchema }),
  /** First message on a new socket (the read models' current positions follow as `projected` messages). */
  hello: z.object({ type: z.literal('hello'), at: z.string() }),
} as const;

export const liveMessageSchema = z.discriminatedUnion('type', [
  liveMessageSchemas.orderPlaced,
  liveMessageSchemas.orderStatus,
  liveMessageSchemas.orderDeleted,
  liveMessageSchemas.paymentCreated,
  liveMessageSchemas.paymentCompleted,
  liveMessageSchemas.paymentFailed,
  liveMessageSchemas.paymentRefunded,
  liveMessageSchemas.stockChanged,
  liveMessageSchemas.changed,
  liveMessageSchemas.projected,
  liveMessageSchemas.hello,
]);
export type LiveMessage = z.infer<typeof liveMessageSchema>;
/** A message about one event of the log (everything but `projected` and `hello`). */
export type LiveEventMessage = Exclude<LiveMessage, { type: 'projected' | 'hello' }>;
export type ProjectedMessage = z.infer<typeof liveMessageSchemas.projected>;
