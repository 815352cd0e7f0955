import { ConflictError, ForbiddenError, NotFoundError, ValidationError } from '../../core/errors.js';
import {
  REVENUE_STATUSES,
  type TrackingStage,
  type OrderEvent,
  type OrderLine,
  type OrderState,
  type OrderStatus,
  type PaymentMethod,
  type PlacedOrder,
  type ShippingAddress,
} from './order.js';
import type { CustomerHolds, HoldCaps } from './holds.js';
import { refuseCashForPreorders, refuseShippingBeforeRelease } from './preorder-rules.js';
import { releaseCodHold, refuseNewAccountCodHoarding, type CodHoldCaps, type CodHoldFacts } from './cod-holds.js';
import { decideReturn, refundablePaise, type ReturnCommand } from './returns.js';
import { codAllowed, COD_MESSAGE, COD_NEEDS_VERIFIED_EMAIL, priceDiscountedLines } from './pricing.js';

export const EXPIRY_MINUTES = 30;
/**
 * A cash-on-delivery order nobody confirmed (the storefront's confirm call failed, which the shop tolerates) stays
 * placed this long before its stock goes back on sale: see docs/decisions/0016-unconfirmed-cash-orders.md.
 */
export const COD_CONFIRM_HOURS = 24;
export const COD_UNCONFIRMED_REASON = `Cash on delivery order not confirmed within ${COD_CONFIRM_HOURS} hours`;
export const DELIVERY_DAYS = 5;
export const REFUNDED_MOVE_MESSAGE =
  "This order's payment was refunded: it needs a new payment (or, cash on delivery, a new confirmation) before it can be confirmed, processed, shipped or delivered.";
export const SHIPPED_CANCEL_MESSAGE = 'This order has already been shipped and can no longer be cancelled.';
export const EXPIRED_MESSAGE = `This order has expired: payment was not completed within ${EXPIRY_MINUTES} minutes`;

/** Commands carry who (`by`) and when (`at`); ids, prices and generated numbers come in with them. */
export type OrderCommand =
  | {
      type: 'PlaceOrder';
      data: {
        orderId: string;
        orderNumber: string;
        /** `emailVerified`: whether the shopper opened the link mailed to their current address. */
        customer: { id: string; name: string; email: string; emailVerified?: boolean; registeredAt?: string };
        /** The operator's COD_REQUIRES_VERIFIED_EMAIL: cash on delivery only to shoppers with a verified address. */
        codNeedsVerifiedEmail?: boolean;
        items: OrderLine[];
        paymentMethod: PaymentMethod;
        shippingAddress: ShippingAddress;
        /** The customer's unpaid orders and units as the read model shows them, and the caps that apply. */
        holds: CustomerHolds;
        caps: HoldCaps;
        /** A COD order's new-account caps (absent: off) and what the shopper holds in open COD orders (cod-holds.ts). */
        codCaps?: CodHoldCaps;
        codHolds?: CodHoldFacts;
        /** The coupon the lines' `discountPaise` come from (decided against its own stream in the same append). */
        couponCode?: string;
        at: string;
      };
    }
  | { type: 'ConfirmOrder'; data: { by: string; at: string } }
  | { type: 'CancelOrder'; data: { by: string; at: string } }
  | {
      type: 'ChangeOrderStatus';
      data: {
        status: OrderStatus;
        trackingNumber?: string;
        generatedTrackingNumber: string;
        /** A shipment the courier booked: its AWB, carrier and promised date. */
        shipment?: { trackingNumber: string; courier: string; estimatedDelivery: string };
        by: string;
        at: string;
      };
    }
  | { type: 'TrackShipment'; data: { trackingNumber: string; stage: TrackingStage; courierStatus: string; location?: string; at: string } }
  | { type: 'RecordPaymentOrder'; data: { providerOrderId: string; amountPaise: number; provider: 'razorpay' | 'simulator'; by: string; at: string } }
  | { type: 'ConfirmPayment'; data: { providerOrderId: string; paymentId: string; amountPaise: number; via: 'verify' | 'webhook'; by: string; at: string } }
  | { type: 'FailPayment'; data: { providerOrderId?: string; paymentId?: string; reason: string; via: 'verify' | 'webhook'; by: string; at: string } }
  | { type: 'ReleaseCodHold'; data: { reason: string; by: string; at: string } }
  | { type: 'ExpireOrder'; data: { at: string } }
  | { type: 'DeleteOrder'; data: { by: string; at: string } }
  | ReturnCommand;

const NOT_FOUND = 'Order not found';
const SHIPPED_OR_LATER: OrderStatus[] = ['shipped', 'delivered'];

function activeOrder(state: OrderState): PlacedOrder {
  if (state.status !== 'active') throw new NotFoundError(NOT_FOUND);
  return state.order;
}

const STAGE_RANK: Record<TrackingStage, number> = { in_transit: 1, out_for_delivery: 2, delivered: 3, returned_to_origin: 3 };

const addDays = (iso: string, days: number) => new Date(Date.parse(iso) + days * 86_400_000).toISOString();

/** Stock hoarding: caps on what one customer holds unpaid (see holds.ts); 409 with what to do. */
function refuseHoarding(items: OrderLine[], holds: CustomerHolds, caps: HoldCaps): void {
  if (holds.openUnpaidOrders >= caps.openUnpaidOrders) {
    throw new ConflictError(
      `You already have ${holds.openUnpaidOrders} unpaid orders. Complete the payment of one (unpaid orders are cancelled after ${EXPIRY_MINUTES} minutes) before placing another.`,
    );
  }
  for (const item of items) {
    const held = holds.unitsHeld[item.productId] ?? 0;
    if (held + item.quantity > caps.unitsPerProduct) {
      throw new ConflictError(
        held > 0
          ? `You can hold at most ${caps.unitsPerProduct} of ${item.name} in unpaid orders; you already have ${held}.`
          : `You can order at most ${caps.unitsPerProduct} of ${item.name}.`,
      );
    }
  }
}

/** A refunded order an admin moved back to pending or placed: it may be paid again. */
const reopened = (order: PlacedOrder) => order.status === 'pending' || order.status === 'placed';

/** The order cancelled: its stock back on sale, a completed payment refunded in full. */
function cancellation(order: PlacedOrder, by: string, at: string): OrderEvent[] {
  const events: OrderEvent[] = [
    { type: 'OrderStatusChanged', data: { orderId: order.orderId, from: order.status, to: 'cancelled', stock: order.stockHeld ? 'released' : 'kept', by, at } },
  ];
  // What returns already refunded is not refunded twice.
  if (order.paymentStatus === 'completed' && order.paymentId) {
    events.push({ type: 'PaymentRefunded', data: { orderId: order.orderId, paymentId: order.paymentId, amountPaise: refundablePaise(order), by, at } });
  }
  return events;
}

export function decideOrder(command: OrderCommand, state: OrderState): OrderEvent[] {
  switch (command.type) {
    case 'PlaceOrder': {
      if (state.status !== 'none') throw new ConflictError('Order already exists');
      const d = command.data;
      if (d.items.length === 0) throw new ValidationError('Your cart is empty');
      const { subtotalPaise, discountPaise, shippingPaise, totalPaise } = priceDiscountedLines(d.items);
      refuseCashForPreorders(d.items, d.paymentMethod);
      if (d.paymentMethod === 'cod' && !codAllowed(totalPaise)) throw new ValidationError(COD_MESSAGE);
      if (d.paymentMethod === 'cod' && d.codNeedsVerifiedEmail && !d.customer.emailVerified) throw new ForbiddenError(COD_NEEDS_VERIFIED_EMAIL);
      refuseHoarding(d.items, d.holds, d.caps);
      const codNewAccount =
        d.paymentMethod === 'cod' && d.codCaps && d.codHolds && refuseNewAccountCodHoarding(d.items, d.customer, d.codHolds, d.codCaps, d.at);
      return [
        {
          type: 'OrderPlaced',
          data: {
            orderId: d.orderId,
            orderNumber: d.orderNumber,
            customerId: d.customer.id,
            customerName: d.customer.name,
            customerEmail: d.customer.email,
            items: d.items,
            subtotalPaise,
            ...(d.couponCode ? { couponCode: d.couponCode, discountPaise } : {}),
            shippingPaise,
            totalPaise,
            paymentMethod: d.paymentMethod,
            shippingAddress: d.shippingAddress,
            ...(codNewAccount ? { codNewAccount: true as const } : {}),
            by: d.customer.id,
            at: d.at,
          },
        },
      ];
    }
    case 'ConfirmOrder': {
      const order = activeOrder(state);
      const { by, at } = command.data;
      // Another shopper's order does not exist for them.
      if (order.customerId !== by) throw new NotFoundError(NOT_FOUND);
      if (order.status === 'confirmed') return []; // the browser retries: confirming twice is harmless
      if (order.status !== 'pending') throw new ConflictError(`Order cannot be confirmed: it is ${order.status}`);
      if (order.paymentMethod === 'razorpay' && order.paymentStatus !== 'completed') {
        throw new ValidationError('Payment not completed: the order can be confirmed once the payment is verified');
      }
      return [{ type: 'OrderConfirmed', data: { orderId: order.orderId, from: order.status, by, at } }];
    }
    case 'CancelOrder': {
      const order = activeOrder(state);
      const { by, at } = command.data;
      // A shopper cancels their own order only, until it leaves the warehouse.
      if (order.customerId !== by) throw new NotFoundError(NOT_FOUND);
      if (order.status === 'cancelled') return []; // a retried click: already done
      if (SHIPPED_OR_LATER.includes(order.status)) throw new ConflictError(SHIPPED_CANCEL_MESSAGE);
      return cancellation(order, by, at);
    }
    case 'ChangeOrderStatus': {
      const order = activeOrder(state);
      const { status: to, by, at } = command.data;
      if (order.status === to && !(to === 'shipped' && command.data.trackingNumber)) return [];
      // Money follows the payment: a refunded order goes back to pending and is paid (or confirmed) again first.
      if (order.paymentStatus === 'refunded' && REVENUE_STATUSES.includes(to)) throw new ConflictError(REFUNDED_MOVE_MESSAGE);
      refuseShippingBeforeRelease(order.items, to, at);
      const leavingCancelled = order.status === 'cancelled';
      const cancelling = to === 'cancelled';
      const stock = cancelling && order.stockHeld ? 'released' : leavingCancelled && !order.stockHeld ? 'reserved' : 'kept';
      const events: OrderEvent[] = [
        {
          type: 'OrderStatusChanged',
          data: {
            orderId: order.orderId,
            from: order.status,
            to,
            stock,
            ...(to === 'shipped'
              ? command.data.shipment
                ? { ...command.data.shipment }
                : {
                    trackingNumber: command.data.trackingNumber ?? order.trackingNumber ?? command.data.generatedTrackingNumber,
                    estimatedDelivery: addDays(at, DELIVERY_DAYS),
                  }
              : {}),
            ...(to === 'delivered' ? { actualDelivery: at } : {}),
            by,
            at,
          },
        },
      ];
      // Cash handed over at the door is a completed payment (docs/decisions/0016-unconfirmed-cash-orders.md); a refunded
      // one stays refunded until the order is confirmed again.
      if (to === 'delivered' && order.paymentMethod === 'cod' && (order.paymentStatus === 'pending' || order.paymentStatus === 'failed')) {
        events.push({ type: 'CashCollected', data: { orderId: order.orderId, amountPaise: order.totalPaise, by, at } });
      }
      if (cancelling && order.paymentStatus === 'completed' && order.paymentId) {
        events.push({ type: 'PaymentRefunded', data: { orderId: order.orderId, paymentId: order.paymentId, amountPaise: refundablePaise(order), by, at } });
      }
      return events;
    }
    case 'TrackShipment': {
      const order = activeOrder(state);
      const d = command.data;
      // Only the shipment in force moves the order, and only forwards: a replayed or late update changes nothing.
      if (order.trackingNumber !== d.trackingNumber || order.status !== 'shipped') return [];
      if (order.trackingStage && STAGE_RANK[order.trackingStage] >= STAGE_RANK[d.stage]) return [];
      const tracked: OrderEvent = {
        type: 'ShipmentTracked',
        data: {
          orderId: order.orderId,
          trackingNumber: d.trackingNumber,
          stage: d.stage,
          courierStatus: d.courierStatus,
          ...(d.location ? { location: d.location } : {}),
          by: 'courier',
          at: d.at,
        },
      };
      if (d.stage === 'delivered') {
        return [
          tracked,
          {
            type: 'OrderStatusChanged',
            data: { orderId: order.orderId, from: order.status, to: 'delivered', stock: 'kept', actualDelivery: d.at, by: 'courier', at: d.at },
          },
        ];
      }
      // Returned to origin: the parcel is back in the warehouse, its stock on sale again, a paid order refunded.
      if (d.stage === 'returned_to_origin') return [tracked, ...cancellation(order, 'courier', d.at)];
      return [tracked];
    }
    case 'RecordPaymentOrder': {
      const order = activeOrder(state);
      const d = command.data;
      if (order.customerId !== d.by) throw new NotFoundError(NOT_FOUND);
      if (order.paymentMethod !== 'razorpay') throw new ValidationError('This order is paid cash on delivery');
      if (order.paymentStatus === 'completed') throw new ConflictError('This order is already paid');
      // A refunded order an admin reopened (pending) is paid afresh; otherwise its money has gone back for good.
      if (order.paymentStatus === 'refunded' && !reopened(order)) throw new ConflictError('This order is already paid');
      if (order.expired) throw new ConflictError(EXPIRED_MESSAGE);
      if (order.status === 'cancelled') throw new ConflictError('This order is cancelled');
      if (d.amountPaise !== order.totalPaise) throw new ValidationError('Amount does not match the order total');
      if (order.providerOrderId === d.providerOrderId) return [];
      return [
        {
          type: 'PaymentOrderCreated',
          data: {
            orderId: order.orderId,
            providerOrderId: d.providerOrderId,
            amountPaise: d.amountPaise,
            currency: 'INR',
            provider: d.provider,
            by: d.by,
            at: d.at,
          },
        },
      ];
    }
    case 'ConfirmPayment': {
      const order = activeOrder(state);
      const d = command.data;
      if (order.paymentMethod !== 'razorpay') throw new ValidationError('This order is paid cash on delivery');
      if (!order.providerOrderId || order.providerOrderId !== d.providerOrderId) throw new ValidationError('Payment verification failed');
      // Idempotent per payment id and never backwards: a paid or refunded order takes no second confirmation, except a
      // refunded one an admin reopened, which is paid with a new payment (a refunded one replayed changes nothing).
      if (order.paymentStatus === 'completed') return [];
      if (order.paymentStatus === 'refunded' && (!reopened(order) || order.refundedPaymentIds.includes(d.paymentId))) return [];
      if (d.amountPaise !== order.totalPaise) throw new ValidationError('Payment amount does not match the order total');
      const confirmed: OrderEvent = {
        type: 'PaymentConfirmed',
        data: {
          orderId: order.orderId,
          providerOrderId: d.providerOrderId,
          paymentId: d.paymentId,
          amountPaise: d.amountPaise,
          via: d.via,
          by: d.by,
          at: d.at,
        },
      };
      // Money that arrives for an order already cancelled (e.g. expired while the shopper paid) goes straight back.
      if (order.status === 'cancelled') {
        return [
          confirmed,
          { type: 'PaymentRefunded', data: { orderId: order.orderId, paymentId: d.paymentId, amountPaise: d.amountPaise, by: 'system', at: d.at } },
        ];
      }
      return [confirmed];
    }
    case 'FailPayment': {
      const order = activeOrder(state);
      const d = command.data;
      if (order.paymentMethod !== 'razorpay') return [];
      if (order.paymentStatus === 'completed' || order.paymentStatus === 'refunded') return [];
      if (d.paymentId && order.failedPaymentIds.includes(d.paymentId)) return [];
      return [
        {
          type: 'PaymentFailed',
          data: {
            orderId: order.orderId,
            ...(d.providerOrderId ? { providerOrderId: d.providerOrderId } : {}),
            ...(d.paymentId ? { paymentId: d.paymentId } : {}),
            reason: d.reason,
            via: d.via,
            by: d.by,
            at: d.at,
          },
        },
      ];
    }
    case 'ReleaseCodHold':
      return releaseCodHold(activeOrder(state), command.data);
    case 'ExpireOrder': {
      if (state.status !== 'active') return [];
      const order = state.order;
      const placedAt = Date.parse(order.placedAt);
      const now = Date.parse(command.data.at);
      const expired = (reason: string): OrderEvent[] => [
        { type: 'OrderExpired', data: { orderId: order.orderId, from: order.status, reason, by: 'system', at: command.data.at } },
      ];
      if (order.paymentMethod === 'cod') {
        // Nothing is paid before delivery: a placed cash order waits for its confirmation (the shopper's, or an
        // admin moving it on), far longer than an online payment window; the hoarding caps bound what it holds meanwhile.
        if (order.status !== 'pending' || now < placedAt + COD_CONFIRM_HOURS * 3_600_000) return [];
        return expired(COD_UNCONFIRMED_REASON);
      }
      const unpaidOnline = order.paymentStatus !== 'completed' && order.paymentStatus !== 'refunded';
      if (now < placedAt + EXPIRY_MINUTES * 60_000) return [];
      if (!unpaidOnline || (order.status !== 'pending' && order.status !== 'placed')) return [];
      return expired(`Payment not completed within ${EXPIRY_MINUTES} minutes`);
    }
    case 'DeleteOrder': {
      const order = activeOrder(state);
      // Stock of an order that never left the warehouse goes back on sale.
      const stock = order.stockHeld && !SHIPPED_OR_LATER.includes(order.status) ? 'released' : 'kept';
      return [{ type: 'OrderDeleted', data: { orderId: order.orderId, stock, by: command.data.by, at: command.data.at } }];
    }
    case 'RequestReturn':
    case 'ApproveReturn':
    case 'RejectReturn':
    case 'ReceiveReturn':
      return decideReturn(command, activeOrder(state));
    default: {
      const exhaustive: never = command;
      return exhaustive;
    }
  }
}

/** Whether the events of a decision release or re-reserve the order's stock. */
export function stockEffect(events: OrderEvent[]): 'release' | 'reserve' | null {
  for (const e of events) {
    if (e.type === 'OrderExpired') return 'release';
    if ((e.type === 'OrderStatusChanged' || e.type === 'OrderDeleted') && e.data.stock === 'released') return 'release';
    if (e.type === 'OrderStatusChanged' && e.data.stock === 'reserved') return 'reserve';
  }
  return null;
}

export type { ShippingAddress };
