import { OrderEvent, OrderLine, OrderStatus, PaymentMethod, PaymentStatus } from './events.js';

export * from './events.js';

export const orderStream = (orderId: string) => `order-${orderId}`;

/** The statuses whose orders count as revenue (DECISIONS 3): confirmed or later and not cancelled. */
export const REVENUE_STATUSES: string[] = ['confirmed', 'processing', 'shipped', 'delivered'] satisfies OrderStatus[];

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
  /** Whether the order holds its stock reservation. */
  stockHeld: boolean;
  trackingNumber: string | null;
  /** Set by OrderExpired: the 30 minutes to pay ran out (cleared when an admin reopens the order). */
  expired: boolean;
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
        stockHeld: true,
        trackingNumber: null,
        expired: false,
      },
    };
  }
  if (state.status !== 'active') return state;
  const order = state.order;
  const next = (changes: Partial<PlacedOrder>): OrderState => ({ status: 'active', order: { ...order, ...changes } });
  switch (event.type) {
    case 'OrderConfirmed':
      return next({ status: 'confirmed' });
    case 'OrderStatusChanged':
      return next({
        status: event.data.to,
        stockHeld: event.data.stock === 'released' ? false : event.data.stock === 'reserved' ? true : order.stockHeld,
        trackingNumber: event.data.trackingNumber ?? order.trackingNumber,
        expired: event.data.to === 'cancelled' && order.expired,
      });
    case 'OrderExpired':
      return next({ status: 'cancelled', stockHeld: false, expired: true });
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
      return next({ paymentStatus: 'refunded' });
    default: {
      const exhaustive: never = event;
      return exhaustive;
    }
  }
}
