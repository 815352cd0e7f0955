import { describe, expect, it } from 'vitest';
import { decideOrder, SHIPPED_CANCEL_MESSAGE, type OrderCommand } from './decide.js';
import { initialOrderState, type OrderEvent, type OrderStatus } from './order.js';
import { admin, at, fold, other, place, shopper } from './order-commands.fixture.js';

const then = (history: OrderEvent[], command: OrderCommand) => decideOrder(command, fold(history));
const after = (history: OrderEvent[], ...commands: OrderCommand[]) => commands.reduce<OrderEvent[]>((h, c) => [...h, ...then(h, c)], history);
const cancel = (by = shopper): OrderCommand => ({ type: 'CancelOrder', data: { by, at: at(10) } });
const status = (s: OrderStatus): OrderCommand => ({ type: 'ChangeOrderStatus', data: { status: s, generatedTrackingNumber: 'AWB1', by: admin, at: at(5) } });
const paid = () =>
  after(
    decideOrder(place('razorpay'), initialOrderState()),
    { type: 'RecordPaymentOrder', data: { providerOrderId: 'order_A', amountPaise: 1200_00, provider: 'simulator', by: shopper, at: at(1) } },
    { type: 'ConfirmPayment', data: { providerOrderId: 'order_A', paymentId: 'pay_1', amountPaise: 1200_00, via: 'verify', by: shopper, at: at(2) } },
    { type: 'ConfirmOrder', data: { by: shopper, at: at(3) } },
  );
const refusal = (history: OrderEvent[], command: OrderCommand) => {
  try {
    then(history, command);
    return null;
  } catch (error) {
    return [(error as { statusCode: number }).statusCode, (error as Error).message];
  }
};

describe('CancelOrder (the shopper cancels their own order until it is shipped)', () => {
  it('releases the stock of a COD order and refunds nothing', () => {
    const events = then(decideOrder(place('cod'), initialOrderState()), cancel());
    expect(events).toEqual([
      { type: 'OrderStatusChanged', data: { orderId: 'o1', from: 'pending', to: 'cancelled', stock: 'released', by: shopper, at: at(10) } },
    ]);
  });

  it('refunds a paid order in full, from confirmed or processing', () => {
    for (const history of [paid(), after(paid(), status('processing'))]) {
      const events = then(history, cancel());
      expect(events.map((e) => e.type)).toEqual(['OrderStatusChanged', 'PaymentRefunded']);
      expect(events[1]!.data).toEqual({ orderId: 'o1', paymentId: 'pay_1', amountPaise: 1200_00, by: shopper, at: at(10) });
    }
  });

  it('refuses once shipped or delivered (409), another shopper (404); a second cancel changes nothing', () => {
    expect(refusal(after(paid(), status('shipped')), cancel())).toEqual([409, SHIPPED_CANCEL_MESSAGE]);
    expect(refusal(after(paid(), status('delivered')), cancel())).toEqual([409, SHIPPED_CANCEL_MESSAGE]);
    expect(refusal(paid(), cancel(other))).toEqual([404, 'Order not found']);
    expect(then(after(paid(), cancel()), cancel())).toEqual([]);
  });
});
