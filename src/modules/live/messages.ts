import type { LiveEventMessage, LogPosition, ReadModel } from '../../contract/live.js';
import type { GlobalPosition, RecordedEvent } from '../../core/event-store.js';
import type { InventoryEvent } from '../inventory/index.js';
import type { OrderEvent } from '../orders/index.js';

export type { LiveEventMessage, LiveMessage } from '../../contract/live.js';

const rupees = (paise: number) => Number((paise / 100).toFixed(2));

export const wirePosition = (position: GlobalPosition): LogPosition => ({ commit: position.commit.toString(), prepare: position.prepare.toString() });

/** The events the feed describes in detail; any other event a read model handles becomes a plain `changed`. */
type DetailedEvent = OrderEvent | InventoryEvent;

/**
 * What the admin's live feed says about one event of the log, given the read models that handle it (`affects`); null
 * for an event no read model handles and the dashboard does not show.
 */
export function toLiveMessage(recorded: RecordedEvent, affects: readonly ReadModel[]): LiveEventMessage | null {
  const data = recorded.data as { at?: string; by?: string };
  const base = {
    eventType: recorded.type,
    at: data.at ?? recorded.metadata.timestamp,
    by: data.by ?? recorded.metadata.userId ?? null,
    position: wirePosition(recorded.position),
    affects: [...affects],
  };
  const event = { type: recorded.type, data: recorded.data } as DetailedEvent;
  switch (event.type) {
    case 'OrderPlaced': {
      const d = event.data;
      return {
        ...base,
        type: 'order.placed',
        orderId: d.orderId,
        orderNumber: d.orderNumber,
        customerName: d.customerName,
        customerEmail: d.customerEmail,
        totalAmount: rupees(d.totalPaise),
        paymentMethod: d.paymentMethod,
        status: 'pending',
      };
    }
    case 'OrderConfirmed':
      return { ...base, type: 'order.status', orderId: event.data.orderId, from: event.data.from, status: 'confirmed' };
    case 'OrderStatusChanged':
      return {
        ...base,
        type: 'order.status',
        orderId: event.data.orderId,
        from: event.data.from,
        status: event.data.to,
        trackingNumber: event.data.trackingNumber,
      };
    case 'OrderExpired':
      return { ...base, type: 'order.status', orderId: event.data.orderId, from: event.data.from, status: 'cancelled', reason: event.data.reason };
    case 'OrderDeleted':
      return { ...base, type: 'order.deleted', orderId: event.data.orderId };
    case 'PaymentOrderCreated':
      return { ...base, type: 'payment.created', orderId: event.data.orderId, amount: rupees(event.data.amountPaise) };
    case 'PaymentConfirmed':
      return {
        ...base,
        type: 'payment.completed',
        orderId: event.data.orderId,
        paymentStatus: 'completed',
        amount: rupees(event.data.amountPaise),
        via: event.data.via,
      };
    case 'PaymentFailed':
      return { ...base, type: 'payment.failed', orderId: event.data.orderId, paymentStatus: 'failed', reason: event.data.reason };
    case 'PaymentRefunded':
      return { ...base, type: 'payment.refunded', orderId: event.data.orderId, paymentStatus: 'refunded', amount: rupees(event.data.amountPaise) };
    case 'StockLevelSet':
      return { ...base, type: 'stock.changed', productId: event.data.productId, change: 'set', quantity: event.data.quantity };
    case 'StockReserved':
      return {
        ...base,
        type: 'stock.changed',
        productId: event.data.productId,
        change: 'reserved',
        quantity: event.data.quantity,
        orderId: event.data.orderId,
      };
    case 'StockReleased':
      return {
        ...base,
        type: 'stock.changed',
        productId: event.data.productId,
        change: 'released',
        quantity: event.data.quantity,
        orderId: event.data.orderId,
      };
    default:
      return affects.length > 0 ? { ...base, type: 'changed' } : null;
  }
}
