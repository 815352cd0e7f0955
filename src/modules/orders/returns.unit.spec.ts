import { describe, expect, it } from 'vitest';
import type { OrderCommand } from './decide.js';
import type { OrderEvent, OrderLine } from './order.js';
import { admin, at, given, line, other, place, shopper } from './order-commands.fixture.js';
import { refundForUnits, RETURN_NOT_DELIVERED, RETURN_WINDOW_CLOSED, UPI_INVALID, UPI_REQUIRED } from './returns.js';

const DAY = 24 * 60;
const then = (history: OrderEvent[], command: OrderCommand) => given(history).when(command).events();
const after = (history: OrderEvent[], ...commands: OrderCommand[]) => commands.reduce<OrderEvent[]>((h, c) => [...h, ...then(h, c)], history);
const refusal = (history: OrderEvent[], command: OrderCommand) => {
  try {
    then(history, command);
    return null;
  } catch (error) {
    return [(error as { statusCode: number }).statusCode, (error as Error).message];
  }
};
const status = (s: 'shipped' | 'delivered', minutes: number): OrderCommand => ({
  type: 'ChangeOrderStatus',
  data: { status: s, generatedTrackingNumber: 'AWB1', by: admin, at: at(minutes) },
});
const two: OrderLine[] = [
  { ...line(1000_00, 3, 'p1'), discountPaise: 100_00 },
  { ...line(500_00, 1, 'p2'), lineNo: 2, name: 'Vegeta' },
];

/** A paid online order of `items`, delivered one hour after t0. */
const deliveredOnline = (items: OrderLine[] = two) => {
  const total = items.reduce((s, l) => s + l.unitPricePaise * l.quantity - (l.discountPaise ?? 0), 0);
  return after(
    given([]).when(place('razorpay', items)).events(),
    { type: 'RecordPaymentOrder', data: { providerOrderId: 'order_A', amountPaise: total, provider: 'simulator', by: shopper, at: at(1) } },
    { type: 'ConfirmPayment', data: { providerOrderId: 'order_A', paymentId: 'pay_1', amountPaise: total, via: 'verify', by: shopper, at: at(2) } },
    { type: 'ConfirmOrder', data: { by: shopper, at: at(3) } },
    status('shipped', 10),
    status('delivered', 60),
  );
};
const deliveredCod = () =>
  after(given([]).when(place('cod', two)).events(), { type: 'ConfirmOrder', data: { by: shopper, at: at(3) } }, status('shipped', 10), status('delivered', 60));

const request = (
  items: { productId: string; quantity: number }[],
  opts: { returnId?: string; by?: string; minutes?: number; upiId?: string } = {},
): OrderCommand => ({
  type: 'RequestReturn',
  data: {
    returnId: opts.returnId ?? 'r1',
    items,
    reason: 'Box damaged',
    ...(opts.upiId !== undefined ? { upiId: opts.upiId } : {}),
    by: opts.by ?? shopper,
    at: at(opts.minutes ?? 60 + DAY),
  },
});
const approve = (returnId = 'r1', minutes = 2 * DAY): OrderCommand => ({
  type: 'ApproveReturn',
  data: { returnId, pickup: { awb: 'SIMR1', courier: 'Simulator Express' }, by: admin, at: at(minutes) },
});
const reject = (returnId = 'r1'): OrderCommand => ({ type: 'RejectReturn', data: { returnId, reason: 'Used item', by: admin, at: at(2 * DAY) } });
const receive = (resellable: { productId: string; quantity: number }[], returnId = 'r1'): OrderCommand => ({
  type: 'ReceiveReturn',
  data: { returnId, resellable, by: admin, at: at(3 * DAY) },
});

describe('RequestReturn (within 7 days of delivery, per line, own orders only)', () => {
  it('records the lines with what was paid for those units (the coupon share off)', () => {
    const [event] = then(deliveredOnline(), request([{ productId: 'p1', quantity: 2 }]));
    expect(event).toEqual({
      type: 'ReturnRequested',
      data: {
        orderId: 'o1',
        returnId: 'r1',
        orderNumber: 'AC-2026-000001',
        customerId: shopper,
        items: [{ lineNo: 1, productId: 'p1', name: 'Goku', quantity: 2, refundPaise: 1933_33 }],
        reason: 'Box damaged',
        refundTo: 'original-payment',
        by: shopper,
        at: at(60 + DAY),
      },
    });
  });

  it('refunds a line returned unit by unit exactly what was paid for it, never a paisa more', () => {
    const l = { ...line(1000_00, 3), discountPaise: 100_00 };
    expect(refundForUnits(l, 0, 1) + refundForUnits(l, 1, 1) + refundForUnits(l, 2, 1)).toBe(2900_00);
    const history = after(deliveredOnline(), request([{ productId: 'p1', quantity: 1 }]), request([{ productId: 'p1', quantity: 2 }], { returnId: 'r2' }));
    const state = given(history).state();
    expect(state.status === 'active' && state.order.returns.reduce((s, r) => s + r.refundPaise, 0)).toBe(2900_00);
  });

  it('is refused after the window (400), before delivery (409), for another shopper (404)', () => {
    expect(refusal(deliveredOnline(), request([{ productId: 'p1', quantity: 1 }], { minutes: 60 + 7 * DAY }))).toBeNull();
    expect(refusal(deliveredOnline(), request([{ productId: 'p1', quantity: 1 }], { minutes: 61 + 7 * DAY }))).toEqual([400, RETURN_WINDOW_CLOSED]);
    const shipped = after(given([]).when(place('razorpay')).events(), status('shipped', 10));
    expect(refusal(shipped, request([{ productId: 'p1', quantity: 1 }]))).toEqual([409, RETURN_NOT_DELIVERED]);
    expect(refusal(deliveredOnline(), request([{ productId: 'p1', quantity: 1 }], { by: other }))).toEqual([404, 'Order not found']);
  });

  it('never more units than delivered, nor the same units twice; a rejected return frees its units', () => {
    expect(refusal(deliveredOnline(), request([{ productId: 'p1', quantity: 4 }]))).toEqual([400, 'You can return at most 3 of Goku.']);
    expect(refusal(deliveredOnline(), request([{ productId: 'p9', quantity: 1 }]))).toEqual([400, 'This order has no item p9.']);
    const once = after(deliveredOnline(), request([{ productId: 'p2', quantity: 1 }]));
    expect(refusal(once, request([{ productId: 'p2', quantity: 1 }], { returnId: 'r2' }))).toEqual([
      409,
      'A return has already been requested for every unit of Vegeta.',
    ]);
    expect(then(once, request([{ productId: 'p2', quantity: 1 }]))).toEqual([]); // the same request retried
    expect(refusal(after(once, reject()), request([{ productId: 'p2', quantity: 1 }], { returnId: 'r2' }))).toBeNull();
  });

  it('cash on delivery: the refund goes to a valid UPI id the shopper gives', () => {
    expect(refusal(deliveredCod(), request([{ productId: 'p1', quantity: 1 }]))).toEqual([400, UPI_REQUIRED]);
    for (const bad of ['not-a-upi', 'a@b', 'x@okaxis', 'name@12bank', 'na me@okaxis']) {
      expect(refusal(deliveredCod(), request([{ productId: 'p1', quantity: 1 }], { upiId: bad }))).toEqual([400, UPI_INVALID]);
    }
    const [event] = then(deliveredCod(), request([{ productId: 'p1', quantity: 1 }], { upiId: 'asha.k@okaxis' }));
    expect(event!.data).toMatchObject({ refundTo: 'upi', upiId: 'asha.k@okaxis' });
  });
});

describe('ApproveReturn / RejectReturn / ReceiveReturn (the admin)', () => {
  const requested = () =>
    after(
      deliveredOnline(),
      request([
        { productId: 'p1', quantity: 2 },
        { productId: 'p2', quantity: 1 },
      ]),
    );

  it('approve then reject (or the reverse): the second is 409, whichever comes second', () => {
    expect(refusal(after(requested(), approve()), reject())).toEqual([409, 'This return has already been approved.']);
    expect(refusal(after(requested(), reject()), approve())).toEqual([409, 'This return has already been rejected.']);
    expect(refusal(requested(), approve('nope'))).toEqual([404, 'Return not found']);
  });

  it('receiving an approved return refunds the original payment and puts back only the resellable units', () => {
    const events = then(after(requested(), approve()), receive([{ productId: 'p1', quantity: 1 }]));
    expect(events).toEqual([
      {
        type: 'ReturnReceived',
        data: {
          orderId: 'o1',
          returnId: 'r1',
          items: [
            { lineNo: 1, productId: 'p1', quantity: 2, resellable: 1 },
            { lineNo: 2, productId: 'p2', quantity: 1, resellable: 0 },
          ],
          by: admin,
          at: at(3 * DAY),
        },
      },
      {
        type: 'ReturnRefunded',
        data: { orderId: 'o1', returnId: 'r1', amountPaise: 1933_33 + 500_00, paymentId: 'pay_1', to: 'original-payment', by: admin, at: at(3 * DAY) },
      },
    ]);
    const state = given([...after(requested(), approve()), ...events]).state();
    expect(state.status === 'active' && [state.order.paymentStatus, state.order.returnedPaise]).toEqual(['completed', 2433_33]);
  });

  it('refuses receiving before approval, twice, or more resellable units than came back', () => {
    expect(refusal(requested(), receive([]))).toEqual([409, 'This return has not been approved yet.']);
    const received = after(requested(), approve(), receive([]));
    expect(refusal(received, receive([]))).toEqual([409, 'This return has already been refunded.']);
    expect(refusal(after(requested(), approve()), receive([{ productId: 'p2', quantity: 2 }]))).toEqual([400, 'Only 1 of Vegeta came back in this return.']);
  });

  it('never refunds more than the payment still holds', () => {
    const all = after(
      deliveredOnline(),
      request([
        { productId: 'p1', quantity: 3 },
        { productId: 'p2', quantity: 1 },
      ]),
      approve(),
      receive([]),
    );
    const state = given(all).state();
    expect(state.status === 'active' && [state.order.returnedPaise, state.order.totalPaise]).toEqual([3400_00, 3400_00]);
  });
});
