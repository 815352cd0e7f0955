import { describe, expect, it } from 'vitest';
import { EXPIRED_MESSAGE, stockEffect, type OrderCommand } from './decide.js';
import type { OrderLine, OrderStatus } from './order.js';
import type { CustomerHolds } from './holds.js';
import { admin, at, given, line, other, place, shopper, t0 } from './order-commands.fixture.js';
import { gstContained, priceLines, toPaise } from './pricing.js';

const placed = (method: 'cod' | 'razorpay', items?: OrderLine[]) => given([]).and(place(method, items));
const paymentOrder: Extract<OrderCommand, { type: 'RecordPaymentOrder' }> = {
  type: 'RecordPaymentOrder',
  data: { providerOrderId: 'order_A', amountPaise: 1200_00, provider: 'simulator', by: shopper, at: t0 },
};
const pay = (paymentId = 'pay_1', via: 'verify' | 'webhook' = 'verify'): Extract<OrderCommand, { type: 'ConfirmPayment' }> => ({
  type: 'ConfirmPayment',
  data: { providerOrderId: 'order_A', paymentId, amountPaise: 1200_00, via, by: shopper, at: at(1) },
});
const status = (s: OrderStatus, extra: { trackingNumber?: string } = {}, when = at(5)): OrderCommand => ({
  type: 'ChangeOrderStatus',
  data: { status: s, generatedTrackingNumber: 'AWBGEN', by: admin, at: when, ...extra },
});
const paidOnline = () => placed('razorpay').and(paymentOrder, pay());

describe('PlaceOrder: stock hoarding caps (3 open unpaid orders, 10 units of a product held unpaid)', () => {
  const placing = (items: OrderLine[], holds: CustomerHolds) => given([]).when(place('razorpay', items, holds));
  it('allows a third open unpaid order and refuses a fourth with 409 and what to do', () => {
    placing([line(1200_00)], { openUnpaidOrders: 2, unitsHeld: {} }).thenTypes(['OrderPlaced']);
    placing([line(1200_00)], { openUnpaidOrders: 3, unitsHeld: {} }).thenRefuses(
      409,
      'You already have 3 unpaid orders. Complete the payment of one (unpaid orders are cancelled after 30 minutes) before placing another.',
    );
  });
  it('counts units of a product already held unpaid, the new order included', () => {
    placing([line(1200_00, 4)], { openUnpaidOrders: 1, unitsHeld: { p1: 6 } }).thenTypes(['OrderPlaced']);
    placing([line(1200_00, 5)], { openUnpaidOrders: 1, unitsHeld: { p1: 6 } }).thenRefuses(
      409,
      'You can hold at most 10 of Goku in unpaid orders; you already have 6.',
    );
    // Units of another product do not count.
    placing([line(1200_00, 10)], { openUnpaidOrders: 1, unitsHeld: { p2: 10 } }).thenTypes(['OrderPlaced']);
  });
});

describe('ExpireOrder: a cash-on-delivery order is not an unpaid online order', () => {
  it('a pending COD order stays placed past 30 minutes; unconfirmed for 24 hours it is released with a reason worded for cash', () => {
    const h = placed('cod');
    h.when({ type: 'ExpireOrder', data: { at: at(30) } }).thenNothingHappened();
    h.when({ type: 'ExpireOrder', data: { at: at(24 * 60 - 1) } }).thenNothingHappened();
    h.when({ type: 'ExpireOrder', data: { at: at(24 * 60) } }).then([
      {
        type: 'OrderExpired',
        data: { orderId: 'o1', from: 'pending', reason: 'Cash on delivery order not confirmed within 24 hours', by: 'system', at: at(24 * 60) },
      },
    ]);
    const confirmed = h.and({ type: 'ConfirmOrder', data: { by: shopper, at: at(1) } });
    confirmed.when({ type: 'ExpireOrder', data: { at: at(48 * 60) } }).thenNothingHappened();
  });
});

describe('a delivered cash-on-delivery order is paid: the courier collected the cash', () => {
  it('delivering a COD order records CashCollected for its total and its payment becomes completed', () => {
    const deliver = placed('cod').when(status('delivered'));
    deliver.then([
      expect.objectContaining({ type: 'OrderStatusChanged', data: expect.objectContaining({ to: 'delivered' }) }),
      { type: 'CashCollected', data: { orderId: 'o1', amountPaise: 1200_00, by: admin, at: at(5) } },
    ]);
    const after = deliver.state();
    expect(after.status === 'active' && after.order.paymentStatus).toBe('completed');
    // Moving it on again collects nothing twice; an online order's delivery records no cash.
    const back = given(deliver.history()).and(status('shipped', {}, at(6)));
    back.when(status('delivered', {}, at(7))).thenTypes(['OrderStatusChanged']);
    paidOnline().when(status('delivered')).thenTypes(['OrderStatusChanged']);
  });
});

describe('PlaceOrder', () => {
  it('creates a pending order with payment pending and server-side totals in paise', () => {
    const placing = given([]).when(place('cod', [line(499_50, 2), { ...line(100_00, 1, 'p2'), lineNo: 2 }]));
    const [event] = placing.thenTypes(['OrderPlaced']);
    if (event!.type !== 'OrderPlaced') return;
    expect(event.data).toMatchObject({ subtotalPaise: 1099_00, shippingPaise: 0, totalPaise: 1099_00, by: shopper, at: t0, orderNumber: 'AC-2026-000001' });
    expect(placing.state()).toMatchObject({ status: 'active', order: { status: 'pending', paymentStatus: 'pending', stockHeld: true } });
  });
  it('charges ₹100 shipping below ₹1000 and none from ₹1000', () => {
    expect(priceLines([{ unitPricePaise: 999_99, quantity: 1 }])).toEqual({ subtotalPaise: 999_99, shippingPaise: 100_00, totalPaise: 1099_99 });
    expect(priceLines([{ unitPricePaise: 1000_00, quantity: 1 }])).toEqual({ subtotalPaise: 1000_00, shippingPaise: 0, totalPaise: 1000_00 });
  });
  it('refuses cash on delivery below ₹1000 total, counting shipping', () => {
    given([])
      .when(place('cod', [line(899_00)]))
      .thenThrows('Cash on Delivery is only available for orders above ₹1000.');
    given([])
      .when(place('cod', [line(900_00)]))
      .thenTypes(['OrderPlaced']); // 900 + 100 shipping = 1000
    given([])
      .when(place('razorpay', [line(10_00)]))
      .thenTypes(['OrderPlaced']);
  });
  it('cannot place the same order twice', () => {
    placed('cod').when(place('cod')).thenThrows('Order already exists');
  });
});

describe('ConfirmOrder (shopper)', () => {
  const confirm = (by = shopper): OrderCommand => ({ type: 'ConfirmOrder', data: { by, at: at(1) } });
  it('confirms their own pending COD order, once', () => {
    const confirming = placed('cod').when(confirm());
    confirming.then([{ type: 'OrderConfirmed', data: { orderId: 'o1', from: 'pending', by: shopper, at: at(1) } }]);
    given(confirming.history()).when(confirm()).thenNothingHappened();
  });
  it("hides another shopper's order", () => {
    placed('cod').when(confirm(other)).thenThrows('Order not found');
  });
  it('refuses an online order until its payment is completed', () => {
    placed('razorpay')
      .when(confirm())
      .thenThrows(/Payment not completed/);
    expect(paidOnline().when(confirm()).events()[0]!.type).toBe('OrderConfirmed');
  });
  it('refuses an order that is no longer pending', () => {
    placed('cod')
      .and(status('shipped'))
      .when(confirm())
      .thenThrows(/cannot be confirmed/);
  });
});

describe('ChangeOrderStatus (admin)', () => {
  it('sets any status from any other, with who and when', () => {
    let h = placed('cod');
    for (const s of ['processing', 'pending', 'delivered', 'placed', 'confirmed'] as const) {
      const change = h.when(status(s));
      expect(change.events()[0]).toMatchObject({ type: 'OrderStatusChanged', data: { to: s, by: admin, at: at(5) } });
      h = given(change.history());
    }
  });
  it('shipped records a tracking number (given or generated) and delivery 5 days later; delivered records the time', () => {
    const h = placed('cod');
    expect(h.when(status('shipped')).events()[0]!.data).toMatchObject({ trackingNumber: 'AWBGEN', estimatedDelivery: '2026-01-15T10:05:00.000Z' });
    const shipped = h.when(status('shipped', { trackingNumber: 'DTDC123' }));
    expect(shipped.events()[0]!.data).toMatchObject({ trackingNumber: 'DTDC123' });
    expect(
      given(shipped.history())
        .when(status('delivered', {}, at(60)))
        .events()[0]!.data,
    ).toMatchObject({ to: 'delivered', actualDelivery: at(60) });
  });
  it('cancelling releases stock; cancelling a paid order refunds it', () => {
    const cancel = placed('cod').when(status('cancelled'));
    expect(stockEffect(cancel.events())).toBe('release');
    cancel.thenTypes(['OrderStatusChanged']);
    const cancelPaid = paidOnline().when(status('cancelled'));
    const events = cancelPaid.thenTypes(['OrderStatusChanged', 'PaymentRefunded']);
    expect(events[1]!.data).toMatchObject({ paymentId: 'pay_1', amountPaise: 1200_00, by: admin });
    expect(cancelPaid.state()).toMatchObject({ order: { status: 'cancelled', paymentStatus: 'refunded', stockHeld: false } });
  });
  it('leaving cancelled re-reserves the stock', () => {
    const reopened = placed('cod').and(status('cancelled')).when(status('confirmed')).events();
    expect(reopened[0]!.data).toMatchObject({ from: 'cancelled', to: 'confirmed', stock: 'reserved' });
    expect(stockEffect(reopened)).toBe('reserve');
    expect(stockEffect(placed('cod').when(status('shipped')).events())).toBeNull();
  });
  it('setting the current status again changes nothing', () => {
    placed('cod').when(status('pending')).thenNothingHappened();
  });
});

describe('payments', () => {
  it('records the provider order only for the order total', () => {
    const h = placed('razorpay');
    h.when({ ...paymentOrder, data: { ...paymentOrder.data, amountPaise: 1 } }).thenThrows('Amount does not match the order total');
    placed('cod')
      .when(paymentOrder)
      .thenThrows(/cash on delivery/);
    const created = h.when(paymentOrder);
    expect(created.events()[0]!.type).toBe('PaymentOrderCreated');
    given(created.history()).when(paymentOrder).thenNothingHappened();
  });
  it('ConfirmPayment is idempotent per payment and whichever path comes first', () => {
    const paid = paidOnline();
    expect(paid.events.filter((e) => e.type === 'PaymentConfirmed')).toHaveLength(1);
    paid.when(pay()).thenNothingHappened();
    paid.when(pay('pay_1', 'webhook')).thenNothingHappened();
  });
  it('refuses a payment for another provider order', () => {
    placed('razorpay')
      .and(paymentOrder)
      .when({ ...pay(), data: { ...pay().data, providerOrderId: 'order_B' } })
      .thenThrows('Payment verification failed');
  });
  it('a failed payment sets failed but never moves a paid order backwards', () => {
    const fail: OrderCommand = {
      type: 'FailPayment',
      data: { providerOrderId: 'order_A', paymentId: 'pay_x', reason: 'card declined', via: 'webhook', by: 'razorpay', at: at(1) },
    };
    const failing = placed('razorpay').and(paymentOrder).when(fail);
    expect(failing.state()).toMatchObject({ order: { paymentStatus: 'failed' } });
    const failed = given(failing.history());
    failed.when(fail).thenNothingHappened();
    expect(failed.when(pay('pay_2')).events()[0]!.type).toBe('PaymentConfirmed');
    paidOnline().when(fail).thenNothingHappened();
  });
});

describe('ExpireOrder', () => {
  const expire = (minutes: number): OrderCommand => ({ type: 'ExpireOrder', data: { at: at(minutes) } });
  it('cancels an unpaid online order after 30 minutes and releases its stock', () => {
    const h = placed('razorpay');
    h.when(expire(29)).thenNothingHappened();
    const expiring = h.when(expire(30));
    expect(expiring.events()[0]).toMatchObject({ type: 'OrderExpired', data: { from: 'pending', by: 'system', at: at(30) } });
    expect(stockEffect(expiring.events())).toBe('release');
    given(expiring.history()).when(expire(40)).thenNothingHappened();
  });
  it('a payment arriving after expiry is recorded and refunded at once', () => {
    const late = placed('razorpay').and(paymentOrder, expire(31)).when(pay('pay_late'));
    const events = late.thenTypes(['PaymentConfirmed', 'PaymentRefunded']);
    expect(events[1]!.data).toMatchObject({ paymentId: 'pay_late', amountPaise: 1200_00, by: 'system' });
    expect(late.state()).toMatchObject({ order: { status: 'cancelled', paymentStatus: 'refunded' } });
  });
  it('paying again works until expiry; an expired order refuses a payment window with its reason, until an admin reopens it', () => {
    const failed = placed('razorpay').and(paymentOrder, {
      type: 'FailPayment',
      data: { providerOrderId: 'order_A', paymentId: 'pay_x', reason: 'declined', via: 'verify', by: shopper, at: at(2) },
    });
    failed.when(paymentOrder).thenNothingHappened(); // the same provider order is reused: nothing new to record
    const expired = failed.and(expire(31));
    expired.when(paymentOrder).thenThrows(EXPIRED_MESSAGE);
    const reopened = expired.and(status('pending'));
    expect(reopened.state()).toMatchObject({ order: { status: 'pending', expired: false } });
    reopened.when(paymentOrder).thenNothingHappened();
  });
  it('never expires paid or confirmed COD orders (an unconfirmed COD order expires: see the stock hoarding rules)', () => {
    paidOnline().when(expire(60)).thenNothingHappened();
    placed('cod')
      .and({ type: 'ConfirmOrder', data: { by: shopper, at: at(1) } })
      .when(expire(60))
      .thenNothingHappened();
  });
});

describe('DeleteOrder', () => {
  it('deletes with who and when; the order is then gone for every command', () => {
    const deleting = placed('cod').when({ type: 'DeleteOrder', data: { by: admin, at: at(2) } });
    expect(deleting.events()[0]).toMatchObject({ type: 'OrderDeleted', data: { stock: 'released', by: admin } });
    const deleted = given(deleting.history());
    deleted.when({ type: 'DeleteOrder', data: { by: admin, at: at(3) } }).thenThrows('Order not found');
    deleted.when(status('shipped')).thenThrows('Order not found');
  });
  it('keeps the stock of an order already shipped', () => {
    expect(
      placed('cod')
        .and(status('shipped'))
        .when({ type: 'DeleteOrder', data: { by: admin, at: at(9) } })
        .events()[0]!.data,
    ).toMatchObject({ stock: 'kept' });
  });
});

describe('money', () => {
  it('converts rupees to paise without float drift and computes contained GST', () => {
    expect(toPaise('1299.99')).toBe(129999);
    expect(toPaise(0.1 + 0.2)).toBe(30);
    expect(toPaise('5')).toBe(500);
    expect(gstContained(1180_00, 0.18)).toBe(180_00);
    expect(gstContained(1099_00, 0.18)).toBe(16764);
  });
});
