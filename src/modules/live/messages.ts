import type { RecordedEvent } from '../../core/event-store.js';

/** What the admin's live feed says about one event of the log; null for events the dashboard does not show. */
export type LiveMessage = { type: string; eventType: string; at: string; by: string | null; orderId?: string; productId?: string; [key: string]: unknown };

const rupees = (paise: unknown) => (typeof paise === 'number' ? Number((paise / 100).toFixed(2)) : undefined);

export function toLiveMessage(event: RecordedEvent): LiveMessage | null {
  const d = event.data as Record<string, unknown>;
  const base = { eventType: event.type, at: (d.at as string | undefined) ?? event.metadata.timestamp, by: (d.by as string | undefined) ?? event.metadata.userId ?? null };
  switch (event.type) {
    case 'OrderPlaced':
      return { ...base, type: 'order.placed', orderId: d.orderId as string, orderNumber: d.orderNumber, customerName: d.customerName, customerEmail: d.customerEmail, totalAmount: rupees(d.totalPaise), paymentMethod: d.paymentMethod, status: 'pending' };
    case 'OrderConfirmed':
      return { ...base, type: 'order.status', orderId: d.orderId as string, from: d.from, status: 'confirmed' };
    case 'OrderStatusChanged':
      return { ...base, type: 'order.status', orderId: d.orderId as string, from: d.from, status: d.to, trackingNumber: d.trackingNumber };
    case 'OrderExpired':
      return { ...base, type: 'order.status', orderId: d.orderId as string, from: d.from, status: 'cancelled', reason: d.reason };
    case 'OrderDeleted':
      return { ...base, type: 'order.deleted', orderId: d.orderId as string };
    case 'PaymentOrderCreated':
      return { ...base, type: 'payment.created', orderId: d.orderId as string, amount: rupees(d.amountPaise) };
    case 'PaymentConfirmed':
      return { ...base, type: 'payment.completed', orderId: d.orderId as string, paymentStatus: 'completed', amount: rupees(d.amountPaise), via: d.via };
    case 'PaymentFailed':
      return { ...base, type: 'payment.failed', orderId: d.orderId as string, paymentStatus: 'failed', reason: d.reason };
    case 'PaymentRefunded':
      return { ...base, type: 'payment.refunded', orderId: d.orderId as string, paymentStatus: 'refunded', amount: rupees(d.amountPaise) };
    case 'StockLevelSet':
      return { ...base, type: 'stock.changed', productId: d.productId as string, change: 'set', quantity: d.quantity };
    case 'StockReserved':
      return { ...base, type: 'stock.changed', productId: d.productId as string, change: 'reserved', quantity: d.quantity, orderId: d.orderId as string };
    case 'StockReleased':
      return { ...base, type: 'stock.changed', productId: d.productId as string, change: 'released', quantity: d.quantity, orderId: d.orderId as string };
    default:
      return null;
  }
}
