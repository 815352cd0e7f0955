import { describe, expect, it } from 'vitest';
import { describeEvent, productNamesOf, timelineOrder } from '../../admin-web/src/features/orders/components/order-timeline.js';

type OrderEvent = Parameters<typeof describeEvent>[0];

const AT = '2026-11-22T21:43:53.628Z';
const LATER = '2026-11-22T21:43:53.755Z';
const placed: OrderEvent = {
  stream: 'order-o1',
  type: 'OrderPlaced',
  at: AT,
  data: { totalPaise: 299800, paymentMethod: 'cod', items: [{ productId: 'p1', name: 'Naruto Sage Figure', quantity: 2 }] },
};
const reserved: OrderEvent = { stream: 'inventory-p1', type: 'StockReserved', at: AT, data: { orderId: 'o1', productId: 'p1', quantity: 2 } };
const released: OrderEvent = {
  stream: 'inventory-p1',
  type: 'StockReleased',
  at: LATER,
  data: { orderId: 'o1', productId: 'p1', quantity: 2, reason: 'OrderStatusChanged' },
};
const cancelled: OrderEvent = { stream: 'order-o1', type: 'OrderStatusChanged', at: LATER, data: { from: 'pending', to: 'cancelled' } };

/** The order detail's timeline, as the server's /admin/orders/{id}/events returns it (order and inventory streams, same timestamps). */
describe('admin order timeline', () => {
  it('puts the order event before the stock events it caused at the same instant, and keeps time order otherwise', () => {
    expect(timelineOrder([reserved, placed, released, cancelled]).map((e) => e.type)).toEqual([
      'OrderPlaced',
      'StockReserved',
      'OrderStatusChanged',
      'StockReleased',
    ]);
    expect(timelineOrder([cancelled, placed]).map((e) => e.type)).toEqual(['OrderPlaced', 'OrderStatusChanged']);
  });

  it('names the product and quantity of stock events and writes the reason in words', () => {
    const names = productNamesOf([placed, released]);
    expect(names).toEqual({ p1: 'Naruto Sage Figure' });
    expect(describeEvent(released, names)).toBe('Stock Released — 2 × Naruto Sage Figure, order status changed');
    expect(describeEvent(reserved, names)).toBe('Stock Reserved — 2 × Naruto Sage Figure');
    expect(describeEvent(reserved)).toBe('Stock Reserved — 2 × product');
  });

  it('keeps the status, total, payment and free-text reasons as before', () => {
    expect(describeEvent(cancelled)).toBe('Order Status Changed — pending → cancelled');
    expect(describeEvent(placed)).toBe('Order Placed — ₹2,998, COD');
    expect(describeEvent({ type: 'OrderExpired', at: AT, data: { from: 'pending', reason: 'Payment not completed within 30 minutes' } })).toBe(
      'Order Expired — Payment not completed within 30 minutes',
    );
  });
});
