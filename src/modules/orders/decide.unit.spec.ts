import { describe, expect, it } from 'vitest';
import { decideOrder, EXPIRED_MESSAGE, stockEffect, type OrderCommand } from './decide.js';
import { initialOrderState, type OrderEvent, type OrderLine, type OrderStatus } from './order.js';
import type { CustomerHolds } from './holds.js';
import { admin, at, fold, line, other, place, shopper, t0 } from './order-commands.fixture.js';
import { gstContained, priceLines, toPaise } from './pricing.js';

const placed = (method: 'cod' | 'razorpay', items?: OrderLine[]) => decideOrder(place(method, items), initialOrderState());
const then = (history: OrderEvent[], command: OrderCommand) => decideOrder(command, fold(history));
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

function paidOnline(): OrderEvent[] {
  const h = placed('razorpay');
  h.push(...then(h, paymentOrder));
  h.push(...then(h, pay()));
  return h;
}

describe('PlaceOrder: stock hoarding caps (3 open unpaid orders, 10 units of a product held unpaid)', () => {
  const refusal = (items: OrderLine[], holds: CustomerHolds) => {
    try {
      decideOrder(place('razorpay', items, holds), initialOrderState());
      return null;
    } catch (error) {
      return { status: (error as { statusCode: number }).statusCode, message: (error as Error).message };
    }
  };
  it('allows a third open unpaid order and refuses a fourth with 409 and what to do', () => {
    expect(refusal([line(1200_00)], { openUnpaidOrders: 2, unitsHeld: {} })).toBeNull();
    expect(refusal([line(1200_00)], { openUnpaidOrders: 3, unitsHeld: {} })).toEqual({
      status: 409,
      message: 'You already have 3 unpaid orders. Complete the payment of one (unpaid orders are cancelled after 30 minutes) before placing another.',
    });
  });
  it('counts units of a product already held unpaid, the new order included', () => {
    expect(refusal([line(1200_00, 4)], { openUnpaidOrders: 1, unitsHeld: { p1: 6 } })).toBeNull();
    expect(refusal([line(1200_00, 5)], { openUnpaidOrders: 1, unitsHeld: { p1: 6 } })).toEqual({
      status: 409,
      message: 'You can hold at most 10 of Goku in unpaid orders; you already have 6.',
    });
    // Units of another product do not count.
    expect(refusal([line(1200_00, 10)], { openUnpaidOrders: 1, unitsHeld: { p2: 10 } })).toBeNull();
  });
});

describe('ExpireOrder: a cash-on-delivery order is not an unpaid online order', () => {
  it('a pending COD order stays placed past 30 minutes; unconfirmed for 24 hours it is released with a reason worded for cash', () => {
    const h = placed('cod');
    expect(then(h, { type: 'ExpireOrder', data: { at: at(30) } })).toEqual([]);
    expect(then(h, { type: 'ExpireOrder', data: { at: at(24 * 60 - 1) } })).toEqual([]);
    expect(then(h, { type: 'ExpireOrder', data: { at: at(24 * 60) } })).toEqual([
      {
        type: 'OrderExpired',
        data: { orderId: 'o1', from: 'pending', reason: 'Cash on delivery order not confirmed within 24 hours', by: 'system', at: at(24 * 60) },
      },
    ]);
    const confirmed = [...h, ...then(h, { type: 'ConfirmOrder', data: { by: shopper, at: at(1) } })];
    expect(then(confirmed, { type: 'ExpireOrder', data: { at: at(48 * 60) } })).toEqual([]);
  });
});

describe('a delivered cash-on-delivery order is paid: the courier collected the cash', () => {
  it('delivering a COD order records CashCollected for its total and its payment becomes completed', () => {
    const h = placed('cod');
    const delivered = then(h, status('delivered'));
    expect(delivered).toEqual([
      expect.objectContaining({ type: 'OrderStatusChanged', data: expect.objectContaining({ to: 'delivered' }) }),
      { type: 'CashCollected', data: { orderId: 'o1', amountPaise: 1200_00, by: admin, at: at(5) } },
    ]);
    const after = fold([...h, ...delivered]);
    expect(after.status === 'active' && after.order.paymentStatus).toBe('completed');
    // Moving it on again collects nothing twice; an online order's delivery records no cash.
    const back = [...h, ...delivered, ...then([...h, ...delivered], status('shipped', {}, at(6)))];
    expect(then(back, status('delivered', {}, at(7))).map((e) => e.type)).toEqual(['OrderStatusChanged']);
    expect(then(paidOnline(), status('delivered')).map((e) => e.type)).toEqual(['OrderStatusChanged']);
  });
});

describe('PlaceOrder', () => {
  it('creates a pending order with payment pending and server-side totals in paise', () => {
    const [event] = placed('cod', [line(499_50, 2), { ...line(100_00, 1, 'p2'), lineNo: 2 }]);
    expect(event!.type).toBe('OrderPlaced');
    if (event!.type !== 'OrderPlaced') return;
    expect(event.data).toMatchObject({ subtotalPaise: 1099_00, shippingPaise: 0, totalPaise: 1099_00, by: shopper, at: t0, orderNumber: 'AC-2026-000001' });
    expect(fold([event!])).toMatchObject({ status: 'active', order: { status: 'pending', paymentStatus: 'pending', stockHeld: true } });
  });
  it('charges ₹100 shipping below ₹1000 and none from ₹1000', () => {
    expect(priceLines([{ unitPricePaise: 999_99, quantity: 1 }])).toEqual({ subtotalPaise: 999_99, shippingPaise: 100_00, totalPaise: 1099_99 });
    expect(priceLines([{ unitPricePaise: 1000_00, quantity: 1 }])).toEqual({ subtotalPaise: 1000_00, shippingPaise: 0, totalPaise: 1000_00 });
  });
  it('refuses cash on delivery below ₹1000 total, counting shipping', () => {
    expect(() => placed('cod', [line(899_00)])).toThrow('Cash on Delivery is only available for orders above ₹1000.');
    expect(placed('cod', [line(900_00)])).toHaveLength(1); // 900 + 100 shipping = 1000
    expect(placed('razorpay', [line(10_00)])).toHaveLength(1);
  });
  it('cannot place the same order twice', () => {
    expect(() => then(placed('cod'), place('cod'))).toThrow('Order already exists');
  });
});

describe('ConfirmOrder (shopper)', () => {
  const confirm = (by = shopper): OrderCommand => ({ type: 'ConfirmOrder', data: { by, at: at(1) } });
  it('confirms their own pending COD order, once', () => {
    const h = placed('cod');
    const events = then(h, confirm());
    expect(events).toEqual([{ type: 'OrderConfirmed', data: { orderId: 'o1', from: 'pending', by: shopper, at: at(1) } }]);
    expect(then([...h, ...events], confirm())).toEqual([]);
  });
  it("hides another shopper's order", () => {
    expect(() => then(placed('cod'), confirm(other))).toThrow('Order not found');
  });
  it('refuses an online order until its payment is completed', () => {
    expect(() => then(placed('razorpay'), confirm())).toThrow(/Payment not completed/);
    expect(then(paidOnline(), confirm())[0]!.type).toBe('OrderConfirmed');
  });
  it('refuses an order that is no longer pending', () => {
    const h = placed('cod');
    h.push(...then(h, status('shipped')));
    expect(() => then(h, confirm())).toThrow(/cannot be confirmed/);
  });
});

describe('ChangeOrderStatus (admin)', () => {
  it('sets any status from any other, with who and when', () => {
    const h = placed('cod');
    for (const s of ['processing', 'pending', 'delivered', 'placed', 'confirmed'] as const) {
      const events = then(h, status(s));
      expect(events[0]).toMatchObject({ type: 'OrderStatusChanged', data: { to: s, by: admin, at: at(5) } });
      h.push(...events);
    }
  });
  it('shipped records a tracking number (given or generated) and delivery 5 days later; delivered records the time', () => {
    const h = placed('cod');
    expect(then(h, status('shipped'))[0]!.data).toMatchObject({ trackingNumber: 'AWBGEN', estimatedDelivery: '2026-01-15T10:05:00.000Z' });
    const shipped = then(h, status('shipped', { trackingNumber: 'DTDC123' }));
    expect(shipped[0]!.data).toMatchObject({ trackingNumber: 'DTDC123' });
    h.push(...shipped);
    expect(then(h, status('delivered', {}, at(60)))[0]!.data).toMatchObject({ to: 'delivered', actualDelivery: at(60) });
  });
  it('cancelling releases stock; cancelling a paid order refunds it', () => {
    const cod = placed('cod');
    const cancel = then(cod, status('cancelled'));
    expect(stockEffect(cancel)).toBe('release');
    expect(cancel.map((e) => e.type)).toEqual(['OrderStatusChanged']);
    const paid = paidOnline();
    const cancelPaid = then(paid, status('cancelled'));
    expect(cancelPaid.map((e) => e.type)).toEqual(['OrderStatusChanged', 'PaymentRefunded']);
    expect(cancelPaid[1]!.data).toMatchObject({ paymentId: 'pay_1', amountPaise: 1200_00, by: admin });
    expect(fold([...paid, ...cancelPaid])).toMatchObject({ order: { status: 'cancelled', paymentStatus: 'refunded', stockHeld: false } });
  });
  it('leaving cancelled re-reserves the stock', () => {
    const h = placed('cod');
    h.push(...then(h, status('cancelled')));
    const reopened = then(h, status('confirmed'));
    expect(reopened[0]!.data).toMatchObject({ from: 'cancelled', to: 'confirmed', stock: 'reserved' });
    expect(stockEffect(reopened)).toBe('reserve');
    expect(stockEffect(then(placed('cod'), status('shipped')))).toBeNull();
  });
  it('setting the current status again changes nothing', () => {
    expect(then(placed('cod'), status('pending'))).toEqual([]);
  });
});

describe('payments', () => {
  it('records the provider order only for the order total', () => {
    const h = placed('razorpay');
    expect(() => then(h, { ...paymentOrder, data: { ...paymentOrder.data, amountPaise: 1 } })).toThrow('Amount does not match the order total');
    expect(() => then(placed('cod'), paymentOrder)).toThrow(/cash on delivery/);
    const created = then(h, paymentOrder);
    expect(created[0]!.type).toBe('PaymentOrderCreated');
    expect(then([...h, ...created], paymentOrder)).toEqual([]);
  });
  it('ConfirmPayment is idempotent per payment and whichever path comes first', () => {
    const paid = paidOnline();
    expect(paid.filter((e) => e.type === 'PaymentConfirmed')).toHaveLength(1);
    expect(then(paid, pay())).toEqual([]);
    expect(then(paid, pay('pay_1', 'webhook'))).toEqual([]);
  });
  it('refuses a payment for another provider order', () => {
    const h = placed('razorpay');
    h.push(...then(h, paymentOrder));
    expect(() => then(h, { ...pay(), data: { ...pay().data, providerOrderId: 'order_B' } })).toThrow('Payment verification failed');
  });
  it('a failed payment sets failed but never moves a paid order backwards', () => {
    const h = placed('razorpay');
    h.push(...then(h, paymentOrder));
    const fail: OrderCommand = {
      type: 'FailPayment',
      data: { providerOrderId: 'order_A', paymentId: 'pay_x', reason: 'card declined', via: 'webhook', by: 'razorpay', at: at(1) },
    };
    const failed = then(h, fail);
    expect(fold([...h, ...failed])).toMatchObject({ order: { paymentStatus: 'failed' } });
    expect(then([...h, ...failed], fail)).toEqual([]);
    expect(then([...h, ...failed], pay('pay_2'))[0]!.type).toBe('PaymentConfirmed');
    expect(then(paidOnline(), fail)).toEqual([]);
  });
});

describe('ExpireOrder', () => {
  const expire = (minutes: number): OrderCommand => ({ type: 'ExpireOrder', data: { at: at(minutes) } });
  it('cancels an unpaid online order after 30 minutes and releases its stock', () => {
    const h = placed('razorpay');
    expect(then(h, expire(29))).toEqual([]);
    const expired = then(h, expire(30));
    expect(expired[0]).toMatchObject({ type: 'OrderExpired', data: { from: 'pending', by: 'system', at: at(30) } });
    expect(stockEffect(expired)).toBe('release');
    expect(then([...h, ...expired], expire(40))).toEqual([]);
  });
  it('a payment arriving after expiry is recorded and refunded at once', () => {
    const h = placed('razorpay');
    h.push(...then(h, paymentOrder));
    h.push(...then(h, expire(31)));
    const late = then(h, pay('pay_late'));
    expect(late.map((e) => e.type)).toEqual(['PaymentConfirmed', 'PaymentRefunded']);
    expect(late[1]!.data).toMatchObject({ paymentId: 'pay_late', amountPaise: 1200_00, by: 'system' });
    expect(fold([...h, ...late])).toMatchObject({ order: { status: 'cancelled', paymentStatus: 'refunded' } });
  });
  it('paying again works until expiry; an expired order refuses a payment window with its reason, until an admin reopens it', () => {
    const h = placed('razorpay');
    h.push(...then(h, paymentOrder));
    h.push(
      ...then(h, { type: 'FailPayment', data: { providerOrderId: 'order_A', paymentId: 'pay_x', reason: 'declined', via: 'verify', by: shopper, at: at(2) } }),
    );
    expect(then(h, paymentOrder)).toEqual([]); // the same provider order is reused: nothing new to record
    h.push(...then(h, expire(31)));
    expect(() => then(h, paymentOrder)).toThrow(EXPIRED_MESSAGE);
    h.push(...then(h, status('pending')));
    expect(fold(h)).toMatchObject({ order: { status: 'pending', expired: false } });
    expect(then(h, paymentOrder)).toEqual([]);
  });
  it('never expires paid or confirmed COD orders (an unconfirmed COD order expires: see the stock hoarding rules)', () => {
    expect(then(paidOnline(), expire(60))).toEqual([]);
    const cod = placed('cod');
    expect(then([...cod, ...then(cod, { type: 'ConfirmOrder', data: { by: shopper, at: at(1) } })], expire(60))).toEqual([]);
  });
});

describe('DeleteOrder', () => {
  it('deletes with who and when; the order is then gone for every command', () => {
    const h = placed('cod');
    const deleted = then(h, { type: 'DeleteOrder', data: { by: admin, at: at(2) } });
    expect(deleted[0]).toMatchObject({ type: 'OrderDeleted', data: { stock: 'released', by: admin } });
    expect(() => then([...h, ...deleted], { type: 'DeleteOrder', data: { by: admin, at: at(3) } })).toThrow('Order not found');
    expect(() => then([...h, ...deleted], status('shipped'))).toThrow('Order not found');
  });
  it('keeps the stock of an order already shipped', () => {
    const h = placed('cod');
    h.push(...then(h, status('shipped')));
    expect(then(h, { type: 'DeleteOrder', data: { by: admin, at: at(9) } })[0]!.data).toMatchObject({ stock: 'kept' });
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
