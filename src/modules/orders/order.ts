import { OrderEvent, OrderLine, OrderStatus, PaymentMethod, PaymentStatus, TrackingStage } from './events.js';
import { evolveReturns, type OrderReturn } from './returns.js';

export * from './events.js';

export const orderStream = (orderId: string) => `order-${orderId}`;

/** The statuses whose orders count as revenue (DECISIONS 3): confirmed or later and not cancelled. */
export const REVENUE_STATUSES: string[] = ['confirmed', 'processing', 'shipped', 'delivered'] satisfies OrderStatus[];

/**
 * Money follows the payment (docs/decisions/0013-after-sale.md): an order counts as revenue (and has a tax invoice in
 * force) when it is confirmed or later, not cancelled, and its money is there: an online order's payment completed, a
 * cash-on-delivery order not refunded. A refunded order never counts, whatever status an admin gives it.
 */
export function countsAsRevenue(order: { status: string; paymentMethod: string; paymentStatus: string }): boolean {
  if (!REVENUE_STATUSES.includes(order.status)) return false;
  return order.paymentMethod === 'cod' ? order.paymentStatus !== 'refunded' : order.paymentStatus === 'completed';
}

/** What an order that counts adds to revenue: its total less what its returns refunded. */
export const revenuePaise = (order: { totalPaise: number; returnedPaise: number }) => order.totalPaise - order.returnedPaise;

/** The same amount over the orders read model (columns total_amount and returned_amount of `alias`), in rupees. */
export const revenueAmountSql = (alias: string) => `(${alias}.total_amount - ${alias}.returned_amount)`;

/** The same rule over the orders read model (columns status, payment_method, payment_status of `alias`). */
export const countsAsRevenueSql = (alias: string) =>
  `(${alias}.status in ('confirmed', 'processing', 'shipped', 'delivered') and (${alias}.payment_status = 'completed' or (${alias}.payment_method = 'cod' and ${alias}.payment_status <> 'refunded')))`;

export interface PlacedOrder {
  status: OrderStatus;
  orderId: string;
  orderNumber: string;
  customerId: string;
  paymentMethod: PaymentMethod;
  paymentStatus: PaymentStatus;
  items: OrderLine[];
  totalPaise: number;
  placedAt: string;
  providerOrderId: string | null;
  /** Payment ids already confirmed or failed: confirmation is idempotent per payment id. */
  paymentId: string | null;
  failedPaymentIds: string[];
  /** Payment ids whose money went back: a replayed confirmation of one of them changes nothing. */
  refundedPaymentIds: string[];
  /** Whether the order holds its stock reservation. */
  stockHeld: boolean;
  trackingNumber: string | null;
  /** The latest courier update of the shipment (null: none yet). */
  trackingStage: TrackingStage | null;
  /** Set by OrderExpired: the 30 minutes to pay ran out (cleared when an admin reopens the order). */
  expired: boolean;
  /** Placed by a new account paying cash on delivery: it counts toward the new accounts' caps while it holds (cod-holds.ts). */
  codNewAccount?: true;
  /** The coupon the order used (absent: none): its use goes back when the order releases its stock. */
  coupon?: { code: string; discountPaise: number };
  /** When the order was (last) delivered: the 7-day return window runs from it. */
  actualDelivery: string | null;
  /** The order's returns, in the order they were requested. */
  returns: OrderReturn[];
  /** Paise refunded for returns: the order counts as revenue less this. */
  returnedPaise: number;
}

export type OrderState = { status: 'none' } | { status: 'deleted'; order: PlacedOrder } | { status: 'active'; order: PlacedOrder };

export const initialOrderState = (): OrderState => ({ status: 'none' });

export function evolveOrder(state: OrderState, event: OrderEvent): OrderState {
  if (event.type === 'OrderPlaced') {
    const d = event.data;
    return {
      status: 'active',
      order: {
        status: 'pending',
        orderId: d.orderId,
        orderNumber: d.orderNumber,
        customerId: d.customerId,
        paymentMethod: d.paymentMethod,
        paymentStatus: 'pending',
        items: d.items,
        totalPaise: d.totalPaise,
        placedAt: d.at,
        providerOrderId: null,
        paymentId: null,
        failedPaymentIds: [],
        refundedPaymentIds: [],
        stockHeld: true,
        trackingNumber: null,
        trackingStage: null,
        expired: false,
        ...(d.couponCode ? { coupon: { code: d.couponCode, discountPaise: d.discountPaise ?? 0 } } : {}),
        ...(d.codNewAccount ? { codNewAccount: true as const } : {}),
        actualDelivery: null,
        returns: [],
        returnedPaise: 0,
      },
    };
  }
  if (state.status !== 'active') return state;
  const order = state.order;
  const next = (changes: Partial<PlacedOrder>): OrderState => ({ status: 'active', order: { ...order, ...changes } });
  switch (event.type) {
    case 'OrderConfirmed':
      // A refunded cash-on-delivery order confirmed again is owed afresh.
      return next({
        status: 'confirmed',
        paymentStatus: order.paymentMethod === 'cod' && order.paymentStatus === 'refunded' ? 'pending' : order.paymentStatus,
      });
    case 'OrderStatusChanged':
      return next({
        status: event.data.to,
        stockHeld: event.data.stock === 'released' ? false : event.data.stock === 'reserved' ? true : order.stockHeld,
        trackingNumber: event.data.trackingNumber ?? order.trackingNumber,
        trackingStage: event.data.trackingNumber && event.data.trackingNumber !== order.trackingNumber ? null : order.trackingStage,
        expired: event.data.to === 'cancelled' && order.expired,
        actualDelivery: event.data.actualDelivery ?? order.actualDelivery,
      });
    case 'OrderExpired':
      return next({ status: 'cancelled', stockHeld: false, expired: true });
    case 'ShipmentTracked':
      return next({ trackingStage: event.data.stage });
    case 'OrderDeleted':
      return { status: 'deleted', order: { ...order, stockHeld: event.data.stock === 'released' ? false : order.stockHeld } };
    case 'PaymentOrderCreated':
      return next({ providerOrderId: event.data.providerOrderId });
    case 'PaymentConfirmed':
      return next({ paymentStatus: 'completed', paymentId: event.data.paymentId });
    case 'PaymentFailed':
      return next({
        paymentStatus: 'failed',
        failedPaymentIds: event.data.paymentId ? [...order.failedPaymentIds, event.data.paymentId] : order.failedPaymentIds,
      });
    case 'CashCollected':
      return next({ paymentStatus: 'completed' });
    case 'PaymentRefunded':
      return next({ paymentStatus: 'refunded', refundedPaymentIds: [...order.refundedPaymentIds, event.data.paymentId] });
    case 'ReturnRequested':
    case 'ReturnApproved':
    case 'ReturnRejected':
    case 'ReturnReceived':
    case 'ReturnRefunded':
      return next(evolveReturns(order, event));
    default: {
      const exhaustive: never = event;
      return exhaustive;
    }
  }
}
