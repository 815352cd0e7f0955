import { describe, expect, it } from 'vitest';
import { stockEffect, type OrderCommand } from './decide.js';
import type { OrderStatus } from './order.js';
import { COD_NEEDS_VERIFIED_EMAIL } from './pricing.js';
import { admin, at, given, line, other, place, shopper, t0 } from './order-commands.fixture.js';

/** The order decider's guards one by one (the surviving mutants of the first mutation run). */
const status = (to: OrderStatus, when = at(5), trackingNumber?: string): OrderCommand => ({
  type: 'ChangeOrderStatus',
  data: { status: to, generatedTrackingNumber: 'AWBGEN', by: admin, at: when, ...(trackingNumber ? { trackingNumber } : {}) },
});
const paymentOrder = (providerOrderId = 'order_A', amountPaise = 1200_00, by = shopper): OrderCommand => ({
  type: 'RecordPaymentOrder',
  data: { providerOrderId, amountPaise, provider: 'simulator', by, at: t0 },
});
const pay = (paymentId = 'pay_1', amountPaise = 1200_00): OrderCommand => ({
  type: 'ConfirmPayment',
  data: { providerOrderId: 'order_A', paymentId, amountPaise, via: 'verify', by: shopper, at: at(1) },
});
const fail = (data: { providerOrderId?: string; paymentId?: string } = {}): OrderCommand => ({
  type: 'FailPayment',
  data: { reason: 'declined', via: 'webhook', by: 'system', at: at(1), ...data },
});
const expire = (minutes: number): OrderCommand => ({ type: 'ExpireOrder', data: { at: at(minutes) } });
const cod = () => given([]).and(place('cod'));
const online = () => given([]).and(place('razorpay'));
const paid = () => online().and(paymentOrder(), pay());

describe('PlaceOrder', () => {
  it('with COD_REQUIRES_VERIFIED_EMAIL, refuses cash on delivery (403) to a shopper whose address is not verified', () => {
    const strict = (verified: boolean | undefined, method: 'cod' | 'razorpay' = 'cod'): OrderCommand => {
      const command = place(method) as Extract<OrderCommand, { type: 'PlaceOrder' }>;
      return { ...command, data: { ...command.data, codNeedsVerifiedEmail: true, customer: { ...command.data.customer, emailVerified: verified } } };
    };
    given([]).when(strict(false)).thenRefuses(403, COD_NEEDS_VERIFIED_EMAIL);
    given([]).when(strict(undefined)).thenRefuses(403, COD_NEEDS_VERIFIED_EMAIL);
    given([]).when(strict(true)).thenTypes(['OrderPlaced']);
    given([]).when(strict(false, 'razorpay')).thenTypes(['OrderPlaced']);
    // Off (the default): the spec's flow, unverified shoppers included.
    given([]).when(place('cod')).thenTypes(['OrderPlaced']);
  });

  it('an empty cart is refused; an existing order cannot be placed again', () => {
    given([]).when(place('cod', [])).thenRefuses(400, 'Your cart is empty');
    cod().when(place('cod')).thenRefuses(409, 'Order already exists');
  });
});

describe('PlaceOrder: the hoarding message', () => {
  it('with nothing held, more than 10 units is "You can order at most 10", not "you already have 0"', () => {
    const command = place('razorpay', [line(1200_00, 11)]);
    given([]).when(command).thenRefuses(409, 'You can order at most 10 of Goku.');
  });
});

describe('ChangeOrderStatus', () => {
  it('the same status again with a tracking number writes nothing unless it is shipped', () => {
    cod()
      .and(status('processing'))
      .when(status('processing', at(6), 'AWB-NEW'))
      .thenNothingHappened();
  });

  it('an order refunded, re-opened and cancelled again is not refunded twice', () => {
    const reopened = paid().and(status('cancelled'), status('pending'));
    reopened.when(status('cancelled')).thenTypes(['OrderStatusChanged']);
  });

  it('the same status again writes nothing, except shipped with a new tracking number', () => {
    const shipped = cod().and(status('shipped'));
    shipped.when(status('shipped')).thenNothingHappened();
    const again = shipped.when(status('shipped', at(6), 'AWB-NEW')).events();
    expect(again).toHaveLength(1);
    expect(again[0]!.data).toMatchObject({ from: 'shipped', to: 'shipped', trackingNumber: 'AWB-NEW' });
    cod().and(status('processing')).when(status('processing')).thenNothingHappened();
  });

  it('shipped carries tracking and estimated delivery 5 days on; delivered carries the delivery time; others carry neither', () => {
    const [shipped] = cod()
      .when(status('shipped', at(60)))
      .events();
    expect(shipped!.data).toMatchObject({ trackingNumber: 'AWBGEN', estimatedDelivery: new Date(Date.parse(at(60)) + 5 * 86_400_000).toISOString() });
    expect(shipped!.data).not.toHaveProperty('actualDelivery');
    const [delivered] = cod()
      .when(status('delivered', at(90)))
      .events();
    expect(delivered!.data).toMatchObject({ actualDelivery: at(90) });
    expect(delivered!.data).not.toHaveProperty('trackingNumber');
    const [processing] = cod().when(status('processing')).events();
    expect(Object.keys(processing!.data).sort()).toEqual(['at', 'by', 'from', 'orderId', 'stock', 'to']);
  });

  it('stock: cancelling releases, leaving cancelled re-reserves, anything else keeps', () => {
    const [cancel] = cod().when(status('cancelled')).events();
    expect(cancel!.data).toMatchObject({ stock: 'released' });
    expect(stockEffect([cancel!])).toBe('release');
    const cancelled = cod().and(status('cancelled'));
    const [reopen] = cancelled.when(status('pending')).events();
    expect(reopen!.data).toMatchObject({ from: 'cancelled', to: 'pending', stock: 'reserved' });
    expect(stockEffect([reopen!])).toBe('reserve');
    const [kept] = cod().when(status('processing')).events();
    expect(kept!.data).toMatchObject({ stock: 'kept' });
    expect(stockEffect([kept!])).toBeNull();
  });

  it('cancelling a paid order refunds it; cancelling an unpaid one, or other changes of a paid one, do not', () => {
    const refunded = paid().when(status('cancelled')).thenTypes(['OrderStatusChanged', 'PaymentRefunded']);
    expect(refunded[1]!.data).toMatchObject({ paymentId: 'pay_1', amountPaise: 1200_00, by: admin });
    online().when(status('cancelled')).thenTypes(['OrderStatusChanged']);
    paid().when(status('shipped')).thenTypes(['OrderStatusChanged']);
  });
});

describe('RecordPaymentOrder (pay, or pay again)', () => {
  it('refuses another shopper, a COD order, a paid, cancelled or mismatched one', () => {
    online()
      .when(paymentOrder('order_A', 1200_00, other))
      .thenRefuses(404, 'Order not found');
    cod().when(paymentOrder()).thenRefuses(400, 'This order is paid cash on delivery');
    paid().when(paymentOrder('order_B')).thenRefuses(409, 'This order is already paid');
    paid().and(status('cancelled')).when(paymentOrder('order_B')).thenRefuses(409, 'This order is already paid'); // refunded
    online().and(status('cancelled')).when(paymentOrder('order_B')).thenRefuses(409, 'This order is cancelled');
    online().when(paymentOrder('order_A', 1199_99)).thenRefuses(400, 'Amount does not match the order total');
  });

  it('the same provider order again writes nothing; a new one is recorded in INR', () => {
    const recorded = online().and(paymentOrder());
    recorded.when(paymentOrder()).thenNothingHappened();
    recorded.when(paymentOrder('order_B')).then([
      {
        type: 'PaymentOrderCreated',
        data: { orderId: 'o1', providerOrderId: 'order_B', amountPaise: 1200_00, currency: 'INR', provider: 'simulator', by: shopper, at: t0 },
      },
    ]);
  });
});

describe('ConfirmPayment', () => {
  it('refuses COD and a wrong amount; a paid or refunded order takes no second confirmation', () => {
    cod().when(pay()).thenRefuses(400, 'This order is paid cash on delivery');
    online().and(paymentOrder()).when(pay('pay_1', 1000_00)).thenRefuses(400, 'Payment amount does not match the order total');
    paid().when(pay('pay_2')).thenNothingHappened();
    paid().and(status('cancelled')).when(pay('pay_2')).thenNothingHappened();
  });

  it('money arriving for a cancelled order goes straight back', () => {
    const cancelled = online().and(paymentOrder(), status('cancelled'));
    const events = cancelled.when(pay('pay_9')).thenTypes(['PaymentConfirmed', 'PaymentRefunded']);
    expect(events[1]!.data).toEqual({ orderId: 'o1', paymentId: 'pay_9', amountPaise: 1200_00, by: 'system', at: at(1) });
  });
});

describe('FailPayment', () => {
  it('records a failure of an unpaid online order once per payment id, with only the ids it has', () => {
    const recorded = online().and(paymentOrder());
    expect(recorded.when(fail({ paymentId: 'pay_x' })).events()[0]!.data).toEqual({
      orderId: 'o1',
      paymentId: 'pay_x',
      reason: 'declined',
      via: 'webhook',
      by: 'system',
      at: at(1),
    });
    expect(recorded.when(fail({ providerOrderId: 'order_A' })).events()[0]!.data).toEqual({
      orderId: 'o1',
      providerOrderId: 'order_A',
      reason: 'declined',
      via: 'webhook',
      by: 'system',
      at: at(1),
    });
    const failedOnce = recorded.and(fail({ paymentId: 'pay_x' }));
    failedOnce.when(fail({ paymentId: 'pay_x' })).thenNothingHappened();
    expect(failedOnce.when(fail({ paymentId: 'pay_y' })).events()).toHaveLength(1);
  });

  it('ignores COD orders and paid or refunded ones', () => {
    cod()
      .when(fail({ paymentId: 'p' }))
      .thenNothingHappened();
    paid()
      .when(fail({ paymentId: 'p' }))
      .thenNothingHappened();
    paid()
      .and(status('cancelled'))
      .when(fail({ paymentId: 'p' }))
      .thenNothingHappened();
  });
});

describe('ExpireOrder after 30 minutes', () => {
  it('nothing to expire without an order, or before 30 minutes', () => {
    given([]).when(expire(60)).thenNothingHappened();
    online().when(expire(29.99)).thenNothingHappened();
  });

  it('an unpaid online order expires at 30 minutes with the reason; a paid, refunded or moved-on one does not', () => {
    const expired = online()
      .when(expire(30))
      .then([{ type: 'OrderExpired', data: { orderId: 'o1', from: 'pending', reason: 'Payment not completed within 30 minutes', by: 'system', at: at(30) } }]);
    expect(stockEffect(expired)).toBe('release');
    paid().when(expire(60)).thenNothingHappened();
    paid().and(status('cancelled')).when(expire(60)).thenNothingHappened();
    online().and(status('processing')).when(expire(60)).thenNothingHappened();
  });

  it('an unpaid online order an admin set to placed expires; a refunded one set back to pending, or a COD one set to placed, does not', () => {
    online()
      .and(status('placed'))
      .when(expire(60))
      .then([{ type: 'OrderExpired', data: { orderId: 'o1', from: 'placed', reason: 'Payment not completed within 30 minutes', by: 'system', at: at(60) } }]);
    paid().and(status('cancelled'), status('pending')).when(expire(60)).thenNothingHappened();
    cod().and(status('placed')).when(expire(60)).thenNothingHappened();
  });

  it('a COD order never confirmed is not expired like an unpaid online one: it waits 24 hours; a confirmed one never expires', () => {
    cod().when(expire(30)).thenNothingHappened();
    cod()
      .when(expire(24 * 60))
      .then([
        {
          type: 'OrderExpired',
          data: { orderId: 'o1', from: 'pending', reason: 'Cash on delivery order not confirmed within 24 hours', by: 'system', at: at(24 * 60) },
        },
      ]);
    cod()
      .and({ type: 'ConfirmOrder', data: { by: shopper, at: at(1) } })
      .when(expire(48 * 60))
      .thenNothingHappened();
  });
});

describe('DeleteOrder and stockEffect', () => {
  it('deleting releases stock of an order not yet shipped and keeps it after shipping', () => {
    const [deleted] = cod()
      .when({ type: 'DeleteOrder', data: { by: admin, at: at(5) } })
      .events();
    expect(deleted!.data).toMatchObject({ stock: 'released' });
    expect(stockEffect([deleted!])).toBe('release');
    const [late] = cod()
      .and(status('shipped'))
      .when({ type: 'DeleteOrder', data: { by: admin, at: at(5) } })
      .events();
    expect(late!.data).toMatchObject({ stock: 'kept' });
    expect(stockEffect([late!])).toBeNull();
    expect(stockEffect([])).toBeNull();
  });
});
