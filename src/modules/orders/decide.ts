import { ConflictError, NotFoundError, ValidationError } from '../../core/errors.js';
import type { OrderEvent, OrderLine, OrderState, OrderStatus, PaymentMethod, PlacedOrder, ShippingAddress } from './order.js';
import type { CustomerHolds, HoldCaps } from './holds.js';
import { codAllowed, COD_MESSAGE, priceDiscountedLines } from './pricing.js';

export const EXPIRY_MINUTES = 30;
export const DELIVERY_DAYS = 5;
export const EXPIRED_MESSAGE = `This order has expired: payment was not completed within ${EXPIRY_MINUTES} minutes`;

/** Commands carry who (`by`) and when (`at`); ids, prices and generated numbers come in with them. */
export type OrderCommand =
  | {
      type: 'PlaceOrder';
      data: {
        orderId: string;
        orderNumber: string;
        customer: { id: string; name: string; email: string };
        items: OrderLine[];
        paymentMethod: PaymentMethod;
        shippingAddress: ShippingAddress;
        /** The customer's unpaid orders and units as the read model shows them, and the caps that apply. */
        holds: CustomerHolds;
        caps: HoldCaps;
        /** The coupon the lines' `discountPaise` come from (decided against its own stream in the same append). */
        couponCode?: string;
        at: string;
      };
    }
  | { type: 'ConfirmOrder'; data: { by: string; at: string } }
  | { type: 'ChangeOrderStatus'; data: { status: OrderStatus; trackingNumber?: string; generatedTrackingNumber: string; by: string; at: string } }
  | { type: 'RecordPaymentOrder'; data: { providerOrderId: string; amountPaise: number; provider: 'razorpay' | 'simulator'; by: string; at: string } }
  | { type: 'ConfirmPayment'; data: { providerOrderId: string; paymentId: string; amountPaise: number; via: 'verify' | 'webhook'; by: string; at: string } }
  | { type: 'FailPayment'; data: { providerOrderId?: string; paymentId?: string; reason: string; via: 'verify' | 'webhook'; by: string; at: string } }
  | { type: 'ExpireOrder'; data: { at: string } }
  | { type: 'DeleteOrder'; data: { by: string; at: string } };

const NOT_FOUND = 'Order not found';
const SHIPPED_OR_LATER: OrderStatus[] = ['shipped', 'delivered'];

function activeOrder(state: OrderState): PlacedOrder {
  if (state.status !== 'active') throw new NotFoundError(NOT_FOUND);
  return state.order;
}

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

export function decideOrder(command: OrderCommand, state: OrderState): OrderEvent[] {
  switch (command.type) {
    case 'PlaceOrder': {
      if (state.status !== 'none') throw new ConflictError('Order already exists');
      const d = command.data;
      if (d.items.length === 0) throw new ValidationError('Your cart is empty');
      const { subtotalPaise, discountPaise, shippingPaise, totalPaise } = priceDiscountedLines(d.items);
      if (d.paymentMethod === 'cod' && !codAllowed(totalPaise)) throw new ValidationError(COD_MESSAGE);
      refuseHoarding(d.items, d.holds, d.caps);
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
    case 'ChangeOrderStatus': {
      const order = activeOrder(state);
      const { status: to, by, at } = command.data;
      if (order.status === to && !(to === 'shipped' && command.data.trackingNumber)) return [];
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
              ? {
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
      if (cancelling && order.paymentStatus === 'completed' && order.paymentId) {
        events.push({ type: 'PaymentRefunded', data: { orderId: order.orderId, paymentId: order.paymentId, amountPaise: order.totalPaise, by, at } });
      }
      return events;
    }
    case 'RecordPaymentOrder': {
      const order = activeOrder(state);
      const d = command.data;
      if (order.customerId !== d.by) throw new NotFoundError(NOT_FOUND);
      if (order.paymentMethod !== 'razorpay') throw new ValidationError('This order is paid cash on delivery');
      if (order.paymentStatus === 'completed' || order.paymentStatus === 'refunded') throw new ConflictError('This order is already paid');
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
      // Idempotent per payment id and never backwards: a paid or refunded order takes no second confirmation.
      if (order.paymentStatus === 'completed' || order.paymentStatus === 'refunded') return [];
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
    case 'ExpireOrder': {
      if (state.status !== 'active') return [];
      const order = state.order;
      const expiresAt = Date.parse(order.placedAt) + EXPIRY_MINUTES * 60_000;
      const unpaidOnline = order.paymentMethod === 'razorpay' && order.paymentStatus !== 'completed' && order.paymentStatus !== 'refunded';
      // A COD order the shopper never confirmed (the storefront confirms at once) holds stock like an unpaid one.
      const unconfirmedCod = order.paymentMethod === 'cod' && order.status === 'pending';
      if (Date.parse(command.data.at) < expiresAt) return [];
      const expired = (reason: string): OrderEvent[] => [
        { type: 'OrderExpired', data: { orderId: order.orderId, from: order.status, reason, by: 'system', at: command.data.at } },
      ];
      if (unconfirmedCod) return expired(`Order not confirmed within ${EXPIRY_MINUTES} minutes`);
      if (!unpaidOnline || (order.status !== 'pending' && order.status !== 'placed')) return [];
      return expired(`Payment not completed within ${EXPIRY_MINUTES} minutes`);
    }
    case 'DeleteOrder': {
      const order = activeOrder(state);
      // Stock of an order that never left the warehouse goes back on sale.
      const stock = order.stockHeld && !SHIPPED_OR_LATER.includes(order.status) ? 'released' : 'kept';
      return [{ type: 'OrderDeleted', data: { orderId: order.orderId, stock, by: command.data.by, at: command.data.at } }];
    }
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
