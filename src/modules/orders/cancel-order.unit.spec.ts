import { describe, expect, it } from 'vitest';
import { SHIPPED_CANCEL_MESSAGE, type OrderCommand } from './decide.js';
import type { OrderStatus } from './order.js';
import { admin, at, given, other, place, shopper } from './order-commands.fixture.js';

const cancel = (by = shopper): OrderCommand => ({ type: 'CancelOrder', data: { by, at: at(10) } });
const status = (s: OrderStatus): OrderCommand => ({ type: 'ChangeOrderStatus', data: { status: s, generatedTrackingNumber: 'AWB1', by: admin, at: at(5) } });
const paid = () =>
  given([]).and(
    place('razorpay'),
    { type: 'RecordPaymentOrder', data: { providerOrderId: 'order_A', amountPaise: 1200_00, provider: 'simulator', by: shopper, at: at(1) } },
    { type: 'ConfirmPayment', data: { providerOrderId: 'order_A', paymentId: 'pay_1', amountPaise: 1200_00, via: 'verify', by: shopper, at: at(2) } },
    { type: 'ConfirmOrder', data: { by: shopper, at: at(3) } },
  );

describe('CancelOrder (the shopper cancels their own order until it is shipped)', () => {
  it('releases the stock of a COD order and refunds nothing', () => {
    given([])
      .and(place('cod'))
      .when(cancel())
      .then([{ type: 'OrderStatusChanged', data: { orderId: 'o1', from: 'pending', to: 'cancelled', stock: 'released', by: shopper, at: at(10) } }]);
  });

  it('refunds a paid order in full, from confirmed or processing', () => {
    for (const order of [paid(), paid().and(status('processing'))]) {
      const events = order.when(cancel()).thenTypes(['OrderStatusChanged', 'PaymentRefunded']);
      expect(events[1]!.data).toEqual({ orderId: 'o1', paymentId: 'pay_1', amountPaise: 1200_00, by: shopper, at: at(10) });
    }
  });

  it('refuses once shipped or delivered (409), another shopper (404); a second cancel changes nothing', () => {
    paid().and(status('shipped')).when(cancel()).thenRefuses(409, SHIPPED_CANCEL_MESSAGE);
    paid().and(status('delivered')).when(cancel()).thenRefuses(409, SHIPPED_CANCEL_MESSAGE);
    paid().when(cancel(other)).thenRefuses(404, 'Order not found');
    paid().and(cancel()).when(cancel()).thenNothingHappened();
  });
});
