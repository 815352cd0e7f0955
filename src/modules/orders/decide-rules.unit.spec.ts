import { describe, expect, it } from 'vitest';
import { decideOrder, stockEffect, type OrderCommand } from './decide.js';
import type { OrderEvent, OrderStatus } from './order.js';
import { COD_NEEDS_VERIFIED_EMAIL } from './pricing.js';
import { admin, at, fold, line, other, place, shopper, t0 } from './order-commands.fixture.js';

/** The order decider's guards one by one (the surviving mutants of the first mutation run). */
const run = (history: OrderEvent[], command: OrderCommand) => decideOrder(command, fold(history));
const after = (history: OrderEvent[], ...commands: OrderCommand[]) => commands.reduce((h, c) => [...h, ...run(h, c)], history);
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
const error = (fn: () => unknown) => {
  try {
    fn();
    return null;
  } catch (e) {
    return [(e as { statusCode: number }).statusCode, (e as Error).message];
  }
};
const cod = () => run([], place('cod'));
const online = () => run([], place('razorpay'));
const paid = () => after(online(), paymentOrder(), pay());

describe('PlaceOrder', () => {
  it('with COD_REQUIRES_VERIFIED_EMAIL, refuses cash on delivery (403) to a shopper whose address is not verified', () => {
    const strict = (verified: boolean | undefined, method: 'cod' | 'razorpay' = 'cod'): OrderCommand => {
      const command = place(method) as Extract<OrderCommand, { type: 'PlaceOrder' }>;
      return { ...command, data: { ...command.data, codNeedsVerifiedEmail: true, customer: { ...command.data.customer, emailVerified: verified } } };
    };
    expect(error(() => run([], strict(false)))).toEqual([403, COD_NEEDS_VERIFIED_EMAIL]);
    expect(error(() => run([], strict(undefined)))).toEqual([403, COD_NEEDS_VERIFIED_EMAIL]);
    expect(run([], strict(true))[0]?.type).toBe('OrderPlaced');
    expect(run([], strict(false, 'razorpay'))[0]?.type).toBe('OrderPlaced');
    // Off (the default): the spec's flow, unverified shoppers included.
    expect(run([], place('cod'))[0]?.type).toBe('OrderPlaced');
  });

  it('an empty cart is refused; an existing order cannot be placed again', () => {
    expect(error(() => run([], place('cod', [])))).toEqual([400, 'Your cart is empty']);
    expect(error(() => run(cod(), place('cod')))).toEqual([409, 'Order already exists']);
  });
});

describe('PlaceOrder: the hoarding message', () => {
  it('with nothing held, more than 10 units is "You can order at most 10", not "you already have 0"', () => {
    const command = place('razorpay', [line(1200_00, 11)]);
    expect(error(() => run([], command))).toEqual([409, 'You can order at most 10 of Goku.']);
  });
});

describe('ChangeOrderStatus', () => {
  it('the same status again with a tracking number writes nothing unless it is shipped', () => {
    expect(run(after(cod(), status('processing')), status('processing', at(6), 'AWB-NEW'))).toEqual([]);
  });

  it('an order refunded, re-opened and cancelled again is not refunded twice', () => {
    const reopened = after(paid(), status('cancelled'), status('pending'));
    expect(run(reopened, status('cancelled')).map((e) => e.type)).toEqual(['OrderStatusChanged']);
  });

  it('the same status again writes nothing, except shipped with a new tracking number', () => {
    const shipped = after(cod(), status('shipped'));
    expect(run(shipped, status('shipped'))).toEqual([]);
    const again = run(shipped, status('shipped', at(6), 'AWB-NEW'));
    expect(again).toHaveLength(1);
    expect(again[0]!.data).toMatchObject({ from: 'shipped', to: 'shipped', trackingNumber: 'AWB-NEW' });
    expect(run(after(cod(), status('processing')), status('processing'))).toEqual([]);
  });

  it('shipped carries tracking and estimated delivery 5 days on; delivered carries the delivery time; others carry neither', () => {
    const [shipped] = run(cod(), status('shipped', at(60)));
    expect(shipped!.data).toMatchObject({ trackingNumber: 'AWBGEN', estimatedDelivery: new Date(Date.parse(at(60)) + 5 * 86_400_000).toISOString() });
    expect(shipped!.data).not.toHaveProperty('actualDelivery');
    const [delivered] = run(cod(), status('delivered', at(90)));
    expect(delivered!.data).toMatchObject({ actualDelivery: at(90) });
    expect(delivered!.data).not.toHaveProperty('trackingNumber');
    const [processing] = run(cod(), status('processing'));
    expect(Object.keys(processing!.data).sort()).toEqual(['at', 'by', 'from', 'orderId', 'stock', 'to']);
  });

  it('stock: cancelling releases, leaving cancelled re-reserves, anything else keeps', () => {
    const [cancel] = run(cod(), status('cancelled'));
    expect(cancel!.data).toMatchObject({ stock: 'released' });
    expect(stockEffect([cancel!])).toBe('release');
    const cancelled = after(cod(), status('cancelled'));
    const [reopen] = run(cancelled, status('pending'));
    expect(reopen!.data).toMatchObject({ from: 'cancelled', to: 'pending', stock: 'reserved' });
    expect(stockEffect([reopen!])).toBe('reserve');
    const [kept] = run(cod(), status('processing'));
    expect(kept!.data).toMatchObject({ stock: 'kept' });
    expect(stockEffect([kept!])).toBeNull();
  });

  it('cancelling a paid order refunds it; cancelling an unpaid one, or other changes of a paid one, do not', () => {
    const refunded = run(paid(), status('cancelled'));
    expect(refunded.map((e) => e.type)).toEqual(['OrderStatusChanged', 'PaymentRefunded']);
    expect(refunded[1]!.data).toMatchObject({ paymentId: 'pay_1', amountPaise: 1200_00, by: admin });
    expect(run(online(), status('cancelled')).map((e) => e.type)).toEqual(['OrderStatusChanged']);
    expect(run(paid(), status('shipped')).map((e) => e.type)).toEqual(['OrderStatusChanged']);
  });
});

describe('RecordPaymentOrder (pay, or pay again)', () => {
  it('refuses another shopper, a COD order, a paid, cancelled or mismatched one', () => {
    expect(error(() => run(online(), paymentOrder('order_A', 1200_00, other)))).toEqual([404, 'Order not found']);
    expect(error(() => run(cod(), paymentOrder()))).toEqual([400, 'This order is paid cash on delivery']);
    expect(error(() => run(paid(), paymentOrder('order_B')))).toEqual([409, 'This order is already paid']);
    expect(error(() => run(after(paid(), status('cancelled')), paymentOrder('order_B')))).toEqual([409, 'This order is already paid']); // refunded
    expect(error(() => run(after(online(), status('cancelled')), paymentOrder('order_B')))).toEqual([409, 'This order is cancelled']);
    expect(error(() => run(online(), paymentOrder('order_A', 1199_99)))).toEqual([400, 'Amount does not match the order total']);
  });

  it('the same provider order again writes nothing; a new one is recorded in INR', () => {
    const recorded = after(online(), paymentOrder());
    expect(run(recorded, paymentOrder())).toEqual([]);
    expect(run(recorded, paymentOrder('order_B'))).toEqual([
      {
        type: 'PaymentOrderCreated',
        data: { orderId: 'o1', providerOrderId: 'order_B', amountPaise: 1200_00, currency: 'INR', provider: 'simulator', by: shopper, at: t0 },
      },
    ]);
  });
});

describe('ConfirmPayment', () => {
  it('refuses COD and a wrong amount; a paid or refunded order takes no second confirmation', () => {
    expect(error(() => run(cod(), pay()))).toEqual([400, 'This order is paid cash on delivery']);
    expect(error(() => run(after(online(), paymentOrder()), pay('pay_1', 1000_00)))).toEqual([400, 'Payment amount does not match the order total']);
    expect(run(paid(), pay('pay_2'))).toEqual([]);
    expect(run(after(paid(), status('cancelled')), pay('pay_2'))).toEqual([]);
  });

  it('money arriving for a cancelled order goes straight back', () => {
    const cancelled = after(online(), paymentOrder(), status('cancelled'));
    const events = run(cancelled, pay('pay_9'));
    expect(events.map((e) => e.type)).toEqual(['PaymentConfirmed', 'PaymentRefunded']);
    expect(events[1]!.data).toEqual({ orderId: 'o1', paymentId: 'pay_9', amountPaise: 1200_00, by: 'system', at: at(1) });
  });
});

describe('FailPayment', () => {
  it('records a failure of an unpaid online order once per payment id, with only the ids it has', () => {
    const recorded = after(online(), paymentOrder());
    expect(run(recorded, fail({ paymentId: 'pay_x' }))[0]!.data).toEqual({
      orderId: 'o1',
      paymentId: 'pay_x',
      reason: 'declined',
      via: 'webhook',
      by: 'system',
      at: at(1),
    });
    expect(run(recorded, fail({ providerOrderId: 'order_A' }))[0]!.data).toEqual({
      orderId: 'o1',
      providerOrderId: 'order_A',
      reason: 'declined',
      via: 'webhook',
      by: 'system',
      at: at(1),
    });
    const failedOnce = after(recorded, fail({ paymentId: 'pay_x' }));
    expect(run(failedOnce, fail({ paymentId: 'pay_x' }))).toEqual([]);
    expect(run(failedOnce, fail({ paymentId: 'pay_y' }))).toHaveLength(1);
  });

  it('ignores COD orders and paid or refunded ones', () => {
    expect(run(cod(), fail({ paymentId: 'p' }))).toEqual([]);
    expect(run(paid(), fail({ paymentId: 'p' }))).toEqual([]);
    expect(run(after(paid(), status('cancelled')), fail({ paymentId: 'p' }))).toEqual([]);
  });
});

describe('ExpireOrder after 30 minutes', () => {
  it('nothing to expire without an order, or before 30 minutes', () => {
    expect(run([], expire(60))).toEqual([]);
    expect(run(online(), expire(29.99))).toEqual([]);
  });

  it('an unpaid online order expires at 30 minutes with the reason; a paid, refunded or moved-on one does not', () => {
    const expired = run(online(), expire(30));
    expect(expired).toEqual([
      { type: 'OrderExpired', data: { orderId: 'o1', from: 'pending', reason: 'Payment not completed within 30 minutes', by: 'system', at: at(30) } },
    ]);
    expect(stockEffect(expired)).toBe('release');
    expect(run(paid(), expire(60))).toEqual([]);
    expect(run(after(paid(), status('cancelled')), expire(60))).toEqual([]);
    expect(run(after(online(), status('processing')), expire(60))).toEqual([]);
  });

  it('an unpaid online order an admin set to placed expires; a refunded one set back to pending, or a COD one set to placed, does not', () => {
    expect(run(after(online(), status('placed')), expire(60))).toEqual([
      { type: 'OrderExpired', data: { orderId: 'o1', from: 'placed', reason: 'Payment not completed within 30 minutes', by: 'system', at: at(60) } },
    ]);
    expect(run(after(paid(), status('cancelled'), status('pending')), expire(60))).toEqual([]);
    expect(run(after(cod(), status('placed')), expire(60))).toEqual([]);
  });

  it('a COD order never confirmed is not expired like an unpaid online one: it waits 24 hours; a confirmed one never expires', () => {
    expect(run(cod(), expire(30))).toEqual([]);
    expect(run(cod(), expire(24 * 60))).toEqual([
      {
        type: 'OrderExpired',
        data: { orderId: 'o1', from: 'pending', reason: 'Cash on delivery order not confirmed within 24 hours', by: 'system', at: at(24 * 60) },
      },
    ]);
    expect(run(after(cod(), { type: 'ConfirmOrder', data: { by: shopper, at: at(1) } }), expire(48 * 60))).toEqual([]);
  });
});

describe('DeleteOrder and stockEffect', () => {
  it('deleting releases stock of an order not yet shipped and keeps it after shipping', () => {
    const [deleted] = run(cod(), { type: 'DeleteOrder', data: { by: admin, at: at(5) } });
    expect(deleted!.data).toMatchObject({ stock: 'released' });
    expect(stockEffect([deleted!])).toBe('release');
    const [late] = run(after(cod(), status('shipped')), { type: 'DeleteOrder', data: { by: admin, at: at(5) } });
    expect(late!.data).toMatchObject({ stock: 'kept' });
    expect(stockEffect([late!])).toBeNull();
    expect(stockEffect([])).toBeNull();
  });
});
