import type { RecordedEvent } from '../../core/event-store.js';
import { evolveOrder, initialOrderState, ORDER_EVENT_TYPES, toRupees, type OrderEvent, type OrderState } from '../orders/index.js';

/** When an order event happened: the `at` it carries (hashed with it), else the command's timestamp. */
function eventTime(event: Pick<RecordedEvent, 'data' | 'metadata'>): string {
  return (event.data as { at?: string }).at ?? event.metadata.timestamp;
}

/** Keeps the events that had happened by `asOf` (every event without it). */
export const happenedBy =
  (asOf: Date | null) =>
  (event: Pick<RecordedEvent, 'data' | 'metadata'>): boolean =>
    !asOf || Date.parse(eventTime(event)) <= asOf.getTime();

/** An order as it stood at one moment, folded from its own events up to that moment. */
export interface OrderSnapshot {
  orderId: string;
  orderNumber: string;
  customerId: string;
  status: string;
  paymentStatus: string;
  paymentMethod: string;
  deleted: boolean;
  /** Rupees, from the paise of the events. */
  subtotal: number;
  shipping: number;
  total: number;
  paid: number;
  refunded: number;
  /** Rupees refunded for returns (part of `refunded`): the order counts as revenue less this. */
  returned: number;
  items: { productId: string; name: string; quantity: number; price: number }[];
  trackingNumber: string | null;
  placedAt: string;
  lastEventAt: string;
  /** How many of the order's events had happened by then, and how many it has today. */
  eventsApplied: number;
  eventsTotal: number;
}

interface Money {
  paidPaise: number;
  refundedPaise: number;
  returnedPaise: number;
}

/**
 * Folds the order's events that happened at or before `asOf` (all of them without it) with the same evolve function
 * the write side decides with; the money the log moved (payments, refunds) is summed alongside. Null: the order had
 * not been placed by then.
 */
export function orderAsOf(events: RecordedEvent[], asOf: Date | null): OrderSnapshot | null {
  const orderEvents = events.filter((e) => (ORDER_EVENT_TYPES as string[]).includes(e.type));
  const applied = orderEvents.filter(happenedBy(asOf));
  let state: OrderState = initialOrderState();
  const money: Money = { paidPaise: 0, refundedPaise: 0, returnedPaise: 0 };
  for (const recorded of applied) {
    const event = recorded as unknown as OrderEvent;
    state = evolveOrder(state, event);
    if (event.type === 'PaymentConfirmed' || event.type === 'CashCollected') money.paidPaise += event.data.amountPaise;
    if (event.type === 'PaymentRefunded') money.refundedPaise += event.data.amountPaise;
    if (event.type === 'ReturnRefunded') {
      money.refundedPaise += event.data.amountPaise;
      money.returnedPaise += event.data.amountPaise;
    }
  }
  if (state.status === 'none') return null;
  const placed = applied.find((e) => e.type === 'OrderPlaced')!.data as Extract<OrderEvent, { type: 'OrderPlaced' }>['data'];
  const order = state.order;
  return {
    orderId: order.orderId,
    orderNumber: order.orderNumber,
    customerId: order.customerId,
    status: order.status,
    paymentStatus: order.paymentStatus,
    paymentMethod: order.paymentMethod,
    deleted: state.status === 'deleted',
    subtotal: toRupees(placed.subtotalPaise),
    shipping: toRupees(placed.shippingPaise),
    total: toRupees(placed.totalPaise),
    paid: toRupees(money.paidPaise),
    refunded: toRupees(money.refundedPaise),
    returned: toRupees(money.returnedPaise),
    items: order.items.map((i) => ({ productId: i.productId, name: i.name, quantity: i.quantity, price: toRupees(i.unitPricePaise) })),
    trackingNumber: order.trackingNumber,
    placedAt: order.placedAt,
    lastEventAt: eventTime(applied[applied.length - 1]!),
    eventsApplied: applied.length,
    eventsTotal: orderEvents.length,
  };
}
