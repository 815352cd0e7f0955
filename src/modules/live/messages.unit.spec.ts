import { describe, expect, it } from 'vitest';
import { liveMessageSchema, liveMessageSchemas, type ReadModel } from '../../contract/live.js';
import type { RecordedEvent } from '../../core/event-store.js';
import { inventoryEvents } from '../inventory/index.js';
import { orderEvents } from '../orders/order.js';
import { toLiveMessage } from './messages.js';

const at = '2026-11-24T05:00:00.000Z';
const orderId = 'order-under-test';
const productId = 'product-under-test';

/** One valid event of every kind the feed describes in detail, checked against the log's own event schemas. */
const samples: Record<string, unknown> = {
  OrderPlaced: {
    orderId,
    orderNumber: 'AC-2026-000042',
    customerId: '00000000-0000-4000-8000-000000000001',
    customerName: 'Asha Rao',
    customerEmail: 'asha@example.in',
    items: [{ lineNo: 1, productId, name: 'Figure', image: '/media/f.webp', category: 'Anime Figures', unitPricePaise: 129_900, quantity: 1 }],
    subtotalPaise: 129_900,
    shippingPaise: 0,
    totalPaise: 129_900,
    paymentMethod: 'cod',
    shippingAddress: { name: 'Asha', address: '1 Road', addressLine2: '', city: 'Pune', state: 'Maharashtra', pincode: '411001', phone: '9876543210' },
    by: 'customer-1',
    at,
  },
  OrderConfirmed: { orderId, from: 'pending', by: 'customer-1', at },
  OrderStatusChanged: { orderId, from: 'confirmed', to: 'shipped', stock: 'kept', trackingNumber: 'TRK1', by: 'admin-1', at },
  OrderExpired: { orderId, from: 'pending', reason: 'Payment not completed in time', by: 'system', at },
  OrderDeleted: { orderId, stock: 'released', by: 'admin-1', at },
  PaymentOrderCreated: { orderId, providerOrderId: 'order_X', amountPaise: 129_900, currency: 'INR', provider: 'simulator', by: 'customer-1', at },
  PaymentConfirmed: { orderId, providerOrderId: 'order_X', paymentId: 'pay_X', amountPaise: 129_900, via: 'webhook', by: 'system', at },
  PaymentFailed: { orderId, reason: 'card declined', via: 'verify', by: 'customer-1', at },
  PaymentRefunded: { orderId, paymentId: 'pay_X', amountPaise: 129_900, by: 'admin-1', at },
  StockLevelSet: { productId, quantity: 7, reason: 'admin' },
  StockReserved: { productId, orderId, quantity: 2 },
  StockReleased: { productId, orderId, quantity: 2, reason: 'cancelled' },
};
const schemas: Record<string, { parse(data: unknown): unknown }> = { ...orderEvents, ...inventoryEvents };

const recorded = (type: string, data: unknown, n: number): RecordedEvent => ({
  id: `e${n}`,
  streamId: 's',
  streamVersion: 0,
  type,
  data,
  metadata: { correlationId: 'c', userId: 'meta-user', timestamp: at } as RecordedEvent['metadata'],
  position: { commit: 1000n + BigInt(n), prepare: BigInt(n) },
  createdAt: at,
});

describe('live feed messages', () => {
  it('describes every event kind with a schema-valid message that carries its position and the read models it affects', () => {
    const affects: ReadModel[] = ['orders', 'catalogue'];
    const types = new Set<string>();
    Object.entries(samples).forEach(([type, data], n) => {
      schemas[type]!.parse(data);
      const message = toLiveMessage(recorded(type, data, n), affects);
      expect(message, type).not.toBeNull();
      const parsed = liveMessageSchema.parse(message);
      expect(parsed).toMatchObject({ eventType: type, position: { commit: String(1000 + n), prepare: String(n) }, affects });
      types.add(parsed.type);
    });
    // An event a read model handles without a detailed message (a product edited) is a plain `changed`.
    const edited = liveMessageSchema.parse(toLiveMessage(recorded('ProductUpdated', { productId }, 99), ['catalogue']));
    expect(edited).toEqual({
      type: 'changed',
      eventType: 'ProductUpdated',
      at,
      by: 'meta-user',
      position: { commit: '1099', prepare: '99' },
      affects: ['catalogue'],
    });
    types.add(edited.type);
    // Every kind of event message in the contract is produced (projected and hello come from the feed itself).
    const eventKinds = Object.values(liveMessageSchemas)
      .map((schema) => schema.shape.type.value as string)
      .filter((type) => type !== 'projected' && type !== 'hello');
    expect([...types].sort()).toEqual(eventKinds.sort());
  });

  it('says nothing about an event no read model handles and the dashboard does not show', () => {
    expect(toLiveMessage(recorded('RazorpayWebhookProcessed', { eventId: 'x' }, 1), [])).toBeNull();
  });

  it('gives amounts in rupees and the order fields the dashboard patches its lists with', () => {
    expect(toLiveMessage(recorded('OrderPlaced', samples.OrderPlaced, 1), ['orders'])).toMatchObject({
      type: 'order.placed',
      orderId,
      orderNumber: 'AC-2026-000042',
      totalAmount: 1299,
      paymentMethod: 'cod',
      status: 'pending',
      by: 'customer-1',
    });
    expect(toLiveMessage(recorded('OrderStatusChanged', samples.OrderStatusChanged, 2), ['orders'])).toMatchObject({
      type: 'order.status',
      from: 'confirmed',
      status: 'shipped',
      trackingNumber: 'TRK1',
    });
  });
});
