import { describe, expect, it } from 'vitest';
import { decideOrder, REFUNDED_MOVE_MESSAGE, type OrderCommand } from './decide.js';
import { countsAsRevenue, initialOrderState, type OrderEvent, type OrderStatus } from './order.js';
import { admin, at, fold, place, shopper } from './order-commands.fixture.js';

const then = (history: OrderEvent[], command: OrderCommand) => decideOrder(command, fold(history));
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
const step = (history: OrderEvent[], command: OrderCommand) => {
  history.push(...then(history, command));
  return history;
};
const order = (history: OrderEvent[]) => {
  const state = fold(history);
  if (state.status !== 'active') throw new Error('no order');
  return state.order;
};
const refusal = (history: OrderEvent[], command: OrderCommand) => {
  try {
    then(history, command);
    return null;
  } catch (error) {
    return { status: (error as { statusCode: number }).statusCode, message: (error as Error).message };
  }
};

/** A paid online order an admin cancelled: its payment refunded. */
function refundedOnline(): OrderEvent[] {
  const h = decideOrder(place('razorpay'), initialOrderState());
  step(h, record('order_A'));
  step(h, pay('order_A', 'pay_1'));
  step(h, { type: 'ConfirmOrder', data: { by: shopper, at: at(3) } });
  step(h, status('cancelled'));
  expect(h.at(-1)).toMatchObject({ type: 'PaymentRefunded', data: { paymentId: 'pay_1', amountPaise: 1200_00 } });
  return h;
}

describe('money follows the payment', () => {
  it('refuses to move a refunded order to confirmed, processing, shipped or delivered (409), and appends nothing', () => {
    const h = refundedOnline();
    for (const to of ['confirmed', 'processing', 'shipped', 'delivered'] as const) {
      expect(refusal(h, status(to)), to).toEqual({ status: 409, message: REFUNDED_MOVE_MESSAGE });
    }
    expect(countsAsRevenue(order(h))).toBe(false);
  });

  it('lets the admin reopen it (pending, stock reserved again); a new payment then makes it revenue again', () => {
    const h = refundedOnline();
    step(h, status('pending', at(10)));
    expect(h.at(-1)).toMatchObject({ type: 'OrderStatusChanged', data: { from: 'cancelled', to: 'pending', stock: 'reserved' } });
    // A replay of the refunded payment changes nothing; nor can the order be confirmed without a new one.
    expect(then(h, pay('order_A', 'pay_1'))).toEqual([]);
    expect(refusal(h, { type: 'ConfirmOrder', data: { by: shopper, at: at(11) } })?.status).toBe(400);
    step(h, record('order_B'));
    step(h, pay('order_B', 'pay_2'));
    expect(order(h)).toMatchObject({ paymentStatus: 'completed', paymentId: 'pay_2' });
    step(h, status('shipped', at(12)));
    expect(countsAsRevenue(order(h))).toBe(true);
    // Cancelled again: the second payment is refunded, and neither payment can be replayed into it.
    step(h, status('cancelled', at(13)));
    expect(h.at(-1)).toMatchObject({ type: 'PaymentRefunded', data: { paymentId: 'pay_2' } });
    step(h, status('pending', at(14)));
    expect(then(h, pay('order_B', 'pay_1'))).toEqual([]);
    expect(then(h, pay('order_B', 'pay_2'))).toEqual([]);
  });

  it('an unpaid online order an admin confirms does not count until it is paid', () => {
    const h = decideOrder(place('razorpay'), initialOrderState());
    step(h, status('confirmed'));
    expect(countsAsRevenue(order(h))).toBe(false);
    step(h, record('order_A'));
    step(h, pay('order_A', 'pay_1'));
    expect(countsAsRevenue(order(h))).toBe(true);
  });

  it('a cash-on-delivery order counts once confirmed (by the shopper or an admin), never while cancelled', () => {
    const h = decideOrder(place('cod'), initialOrderState());
    expect(countsAsRevenue(order(h))).toBe(false);
    step(h, { type: 'ConfirmOrder', data: { by: shopper, at: at(1) } });
    expect(countsAsRevenue(order(h))).toBe(true);
    step(h, status('cancelled'));
    expect(h.map((e) => e.type)).not.toContain('PaymentRefunded');
    expect(countsAsRevenue(order(h))).toBe(false);
    step(h, status('confirmed', at(6)));
    expect(countsAsRevenue(order(h))).toBe(true);
  });
});
