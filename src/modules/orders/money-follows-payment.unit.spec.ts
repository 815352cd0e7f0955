import { describe, expect, it } from 'vitest';
import { REFUNDED_MOVE_MESSAGE, type OrderCommand } from './decide.js';
import { countsAsRevenue, type OrderEvent, type OrderState, type OrderStatus } from './order.js';
import { admin, at, given, place, shopper } from './order-commands.fixture.js';

const record = (providerOrderId: string): OrderCommand => ({
  type: 'RecordPaymentOrder',
  data: { providerOrderId, amountPaise: 1200_00, provider: 'simulator', by: shopper, at: at(1) },
});
const pay = (providerOrderId: string, paymentId: string): OrderCommand => ({
  type: 'ConfirmPayment',
  data: { providerOrderId, paymentId, amountPaise: 1200_00, via: 'webhook', by: 'system', at: at(2) },
});
const status = (s: OrderStatus, when = at(5)): OrderCommand => ({
  type: 'ChangeOrderStatus',
  data: { status: s, generatedTrackingNumber: 'AWBGEN', by: admin, at: when },
});
/** The order after a history (Given's state()). */
const order = (history: { state(): OrderState }) => {
  const state = history.state();
  if (state.status !== 'active') throw new Error('no order');
  return state.order;
};
const last = (history: { events: readonly OrderEvent[] }) => history.events.at(-1);

/** A paid online order an admin cancelled: its payment refunded. */
function refundedOnline() {
  const h = given([]).and(
    place('razorpay'),
    record('order_A'),
    pay('order_A', 'pay_1'),
    { type: 'ConfirmOrder', data: { by: shopper, at: at(3) } },
    status('cancelled'),
  );
  expect(last(h)).toMatchObject({ type: 'PaymentRefunded', data: { paymentId: 'pay_1', amountPaise: 1200_00 } });
  return h;
}

describe('money follows the payment', () => {
  it('refuses to move a refunded order to confirmed, processing, shipped or delivered (409), and appends nothing', () => {
    const h = refundedOnline();
    for (const to of ['confirmed', 'processing', 'shipped', 'delivered'] as const) h.when(status(to)).thenRefuses(409, REFUNDED_MOVE_MESSAGE);
    expect(countsAsRevenue(order(h))).toBe(false);
  });

  it('lets the admin reopen it (pending, stock reserved again); a new payment then makes it revenue again', () => {
    const reopened = refundedOnline().and(status('pending', at(10)));
    expect(last(reopened)).toMatchObject({ type: 'OrderStatusChanged', data: { from: 'cancelled', to: 'pending', stock: 'reserved' } });
    // A replay of the refunded payment changes nothing; nor can the order be confirmed without a new one.
    reopened.when(pay('order_A', 'pay_1')).thenNothingHappened();
    reopened.when({ type: 'ConfirmOrder', data: { by: shopper, at: at(11) } }).thenRefuses(400, /^Payment not completed/);
    const paidAgain = reopened.and(record('order_B'), pay('order_B', 'pay_2'));
    expect(order(paidAgain)).toMatchObject({ paymentStatus: 'completed', paymentId: 'pay_2' });
    const shipped = paidAgain.and(status('shipped', at(12)));
    expect(countsAsRevenue(order(shipped))).toBe(true);
    // Cancelled again: the second payment is refunded, and neither payment can be replayed into it.
    const cancelled = shipped.and(status('cancelled', at(13)));
    expect(last(cancelled)).toMatchObject({ type: 'PaymentRefunded', data: { paymentId: 'pay_2' } });
    const reopenedAgain = cancelled.and(status('pending', at(14)));
    reopenedAgain.when(pay('order_B', 'pay_1')).thenNothingHappened();
    reopenedAgain.when(pay('order_B', 'pay_2')).thenNothingHappened();
  });

  it('an unpaid online order an admin confirms does not count until it is paid', () => {
    const confirmed = given([]).and(place('razorpay'), status('confirmed'));
    expect(countsAsRevenue(order(confirmed))).toBe(false);
    expect(countsAsRevenue(order(confirmed.and(record('order_A'), pay('order_A', 'pay_1'))))).toBe(true);
  });

  it('a cash-on-delivery order counts once confirmed (by the shopper or an admin), never while cancelled', () => {
    const placed = given([]).and(place('cod'));
    expect(countsAsRevenue(order(placed))).toBe(false);
    const confirmed = placed.and({ type: 'ConfirmOrder', data: { by: shopper, at: at(1) } });
    expect(countsAsRevenue(order(confirmed))).toBe(true);
    const cancelled = confirmed.and(status('cancelled'));
    expect(cancelled.events.map((e) => e.type)).not.toContain('PaymentRefunded');
    expect(countsAsRevenue(order(cancelled))).toBe(false);
    expect(countsAsRevenue(order(cancelled.and(status('confirmed', at(6)))))).toBe(true);
  });
});
