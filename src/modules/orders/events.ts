import { z } from 'zod';
import { registerEvents, type EventsOf } from '../../core/event-registry.js';

/**
 * The orders feature's events: their schemas (validated at append through the registry) and types, nothing else.
 * The write side folds them; the read side (projections/orders) imports only this file.
 */
export const ORDER_STATUSES = ['pending', 'placed', 'confirmed', 'processing', 'shipped', 'delivered', 'cancelled'] as const;
export const PAYMENT_STATUSES = ['pending', 'completed', 'failed', 'refunded'] as const;
export type OrderStatus = (typeof ORDER_STATUSES)[number];
export type PaymentStatus = (typeof PAYMENT_STATUSES)[number];
export type PaymentMethod = 'razorpay' | 'cod';
/** Where a booked shipment is, as the courier reports it; delivered and returned to origin end it. */
export const TRACKING_STAGES = ['in_transit', 'out_for_delivery', 'delivered', 'returned_to_origin'] as const;
export type TrackingStage = (typeof TRACKING_STAGES)[number];

const iso = z.string().datetime();
const paise = z.number().int().min(0);

export const orderLineSchema = z.object({
  lineNo: z.number().int().min(1),
  productId: z.string().min(1),
  name: z.string(),
  image: z.string(),
  category: z.string(),
  unitPricePaise: paise,
  quantity: z.number().int().min(1).max(10),
  /** This line's share of the order's coupon discount (absent: none); what was paid for it is price × quantity − this. */
  discountPaise: paise.optional(),
  /** A pre-order line: the product's release date (YYYY-MM-DD, IST) when it was ordered; the order ships from then. */
  releaseDate: z
    .string()
    .regex(/^\d{4}-\d{2}-\d{2}$/)
    .optional(),
});
export type OrderLine = z.infer<typeof orderLineSchema>;

export const shippingAddressSchema = z.object({
  name: z.string(),
  address: z.string(),
  addressLine2: z.string(),
  city: z.string(),
  state: z.string(),
  pincode: z.string(),
  phone: z.string(),
});
export type ShippingAddress = z.infer<typeof shippingAddressSchema>;

/** One line of a return: units of one order line and the paise paid for exactly those units. */
export const returnLineSchema = z.object({
  lineNo: z.number().int().min(1),
  productId: z.string().min(1),
  name: z.string(),
  quantity: z.number().int().min(1).max(10),
  refundPaise: paise,
});
export type ReturnLine = z.infer<typeof returnLineSchema>;

/** Every event says who (`by`, a user id or 'system') and when (`at`). Amounts are integer paise. */
export const orderEvents = {
  OrderPlaced: z.object({
    orderId: z.string().min(1),
    orderNumber: z.string().regex(/^AC-\d{4}-\d{6,}$/),
    customerId: z.string().uuid(),
    customerName: z.string(),
    customerEmail: z.string(),
    items: z.array(orderLineSchema).min(1),
    subtotalPaise: paise,
    /** The coupon's discount, spread over the lines as their `discountPaise` (absent: no coupon). */
    discountPaise: paise.optional(),
    couponCode: z.string().optional(),
    shippingPaise: paise,
    totalPaise: paise,
    paymentMethod: z.enum(['razorpay', 'cod']),
    shippingAddress: shippingAddressSchema,
    /** A cash-on-delivery order placed by a new account: it counts toward what new accounts hold together. */
    codNewAccount: z.literal(true).optional(),
    by: z.string(),
    at: iso,
  }),
  OrderConfirmed: z.object({ orderId: z.string().min(1), from: z.enum(ORDER_STATUSES), by: z.string(), at: iso }),
  OrderStatusChanged: z.object({
    orderId: z.string().min(1),
    from: z.enum(ORDER_STATUSES),
    to: z.enum(ORDER_STATUSES),
    stock: z.enum(['kept', 'released', 'reserved']),
    trackingNumber: z.string().optional(),
    /** The courier that carries it, when a courier booked the shipment. */
    courier: z.string().optional(),
    estimatedDelivery: iso.optional(),
    actualDelivery: iso.optional(),
    /** Why an admin cancelled it, when they said (releasing a cash-on-delivery hold), for the shopper's message. */
    reason: z.string().max(500).optional(),
    by: z.string(),
    at: iso,
  }),
  ShipmentTracked: z.object({
    orderId: z.string().min(1),
    trackingNumber: z.string().min(1),
    stage: z.enum(TRACKING_STAGES),
    /** What the courier said, as it said it (e.g. 'OUT FOR DELIVERY'), and where, when it says. */
    courierStatus: z.string(),
    location: z.string().optional(),
    by: z.string(),
    at: iso,
  }),
  OrderExpired: z.object({ orderId: z.string().min(1), from: z.enum(ORDER_STATUSES), reason: z.string(), by: z.string(), at: iso }),
  OrderDeleted: z.object({ orderId: z.string().min(1), stock: z.enum(['kept', 'released']), by: z.string(), at: iso }),
  PaymentOrderCreated: z.object({
    orderId: z.string().min(1),
    providerOrderId: z.string().min(1),
    amountPaise: paise,
    currency: z.literal('INR'),
    provider: z.enum(['razorpay', 'simulator']),
    by: z.string(),
    at: iso,
  }),
  PaymentConfirmed: z.object({
    orderId: z.string().min(1),
    providerOrderId: z.string().min(1),
    paymentId: z.string().min(1),
    amountPaise: paise,
    via: z.enum(['verify', 'webhook']),
    by: z.string(),
    at: iso,
  }),
  PaymentFailed: z.object({
    orderId: z.string().min(1),
    providerOrderId: z.string().optional(),
    paymentId: z.string().optional(),
    reason: z.string(),
    via: z.enum(['verify', 'webhook']),
    by: z.string(),
    at: iso,
  }),
  /** A cash-on-delivery order was delivered: the courier collected its total at the door (its payment is completed). */
  CashCollected: z.object({ orderId: z.string().min(1), amountPaise: paise, by: z.string(), at: iso }),
  PaymentRefunded: z.object({
    orderId: z.string().min(1),
    paymentId: z.string().min(1),
    amountPaise: paise,
    refundId: z.string().optional(),
    by: z.string(),
    at: iso,
  }),
  /**
   * A shopper asked to send lines of a delivered order back (docs/decisions/0017-returns.md). Each line's refund is
   * what was paid for those units (its share of a coupon discount taken off); a cash-on-delivery order's refund goes
   * to the UPI id the shopper gave (personal data, sealed with their key).
   */
  ReturnRequested: z.object({
    orderId: z.string().min(1),
    returnId: z.string().min(1),
    orderNumber: z.string(),
    customerId: z.string().min(1),
    items: z.array(returnLineSchema).min(1),
    reason: z.string().min(1),
    refundTo: z.enum(['original-payment', 'upi']),
    upiId: z.string().optional(),
    by: z.string(),
    at: iso,
  }),
  /** The admin accepted the return and the courier booked its pickup. */
  ReturnApproved: z.object({
    orderId: z.string().min(1),
    returnId: z.string().min(1),
    pickupAwb: z.string().min(1),
    courier: z.string(),
    by: z.string(),
    at: iso,
  }),
  ReturnRejected: z.object({ orderId: z.string().min(1), returnId: z.string().min(1), reason: z.string().min(1), by: z.string(), at: iso }),
  /** The parcel is back: per line, how many units the admin found fit to sell again (only those go back on sale). */
  ReturnReceived: z.object({
    orderId: z.string().min(1),
    returnId: z.string().min(1),
    items: z
      .array(
        z.object({ lineNo: z.number().int().min(1), productId: z.string().min(1), quantity: z.number().int().min(1), resellable: z.number().int().min(0) }),
      )
      .min(1),
    by: z.string(),
    at: iso,
  }),
  /**
   * The return's money went back: to the original online payment (`paymentId`, carried out by the payments module)
   * or, cash on delivery, to the shopper's UPI id. Part of the order's payment: the order keeps counting, less this.
   */
  ReturnRefunded: z.object({
    orderId: z.string().min(1),
    returnId: z.string().min(1),
    amountPaise: paise,
    paymentId: z.string().optional(),
    to: z.enum(['original-payment', 'upi']),
    by: z.string(),
    at: iso,
  }),
  OrderNumberAssigned: z.object({ year: z.number().int(), number: z.number().int().min(1), orderId: z.string().min(1) }),
} as const;
registerEvents(orderEvents);

export type OrderEvent = EventsOf<typeof orderEvents, Exclude<keyof typeof orderEvents, 'OrderNumberAssigned'>>;
export type OrderEventType = OrderEvent['type'];
export const ORDER_EVENT_TYPES = Object.keys(orderEvents).filter((t) => t !== 'OrderNumberAssigned') as OrderEventType[];
