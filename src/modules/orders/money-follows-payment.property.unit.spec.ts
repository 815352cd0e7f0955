import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { taxDocumentSeriesOf } from '../gst/index.js';
import { decideOrder, stockEffect, type OrderCommand } from './decide.js';
import { countsAsRevenue, evolveOrder, initialOrderState, ORDER_STATUSES, REVENUE_STATUSES, type OrderEvent, type OrderState } from './order.js';
import { admin, at, line, place, shopper } from './order-commands.fixture.js';

/**
 * Random sequences of what admins, shoppers (confirming, cancelling) and the payment provider do to two orders competing for the same three
 * units: after every step revenue is what was paid minus what was refunded, no invoice is in force without a payment
 * or a cash-on-delivery confirmation, and stock is never negative nor more than the shop had.
 */
const STOCK = 3;

type Step =
  | { kind: 'status'; order: number; status: (typeof ORDER_STATUSES)[number] }
  | { kind: 'record'; order: number; providerOrder: number }
  | { kind: 'pay'; order: number; providerOrder: number; payment: number }
  | { kind: 'fail'; order: number; payment: number }
  | { kind: 'confirm'; order: number }
  | { kind: 'cancel'; order: number }
  | { kind: 'expire'; order: number }
  | { kind: 'delete'; order: number };

const orderIndex = fc.integer({ min: 0, max: 1 });
const stepArb: fc.Arbitrary<Step> = fc.oneof(
  { weight: 4, arbitrary: fc.record({ kind: fc.constant('status' as const), order: orderIndex, status: fc.constantFrom(...ORDER_STATUSES) }) },
  { weight: 2, arbitrary: fc.record({ kind: fc.constant('record' as const), order: orderIndex, providerOrder: fc.integer({ min: 0, max: 2 }) }) },
  {
    weight: 3,
    arbitrary: fc.record({
      kind: fc.constant('pay' as const),
      order: orderIndex,
      providerOrder: fc.integer({ min: 0, max: 2 }),
      payment: fc.integer({ min: 0, max: 3 }),
    }),
  },
  { weight: 1, arbitrary: fc.record({ kind: fc.constant('fail' as const), order: orderIndex, payment: fc.integer({ min: 0, max: 3 }) }) },
  { weight: 2, arbitrary: fc.record({ kind: fc.constant('confirm' as const), order: orderIndex }) },
  { weight: 1, arbitrary: fc.record({ kind: fc.constant('cancel' as const), order: orderIndex }) },
  { weight: 1, arbitrary: fc.record({ kind: fc.constant('expire' as const), order: orderIndex }) },
  { weight: 1, arbitrary: fc.record({ kind: fc.constant('delete' as const), order: orderIndex }) },
);

interface Book {
  state: OrderState;
  paidPaise: number;
  refundedPaise: number;
  invoiceOpen: boolean;
  invoices: number;
  creditNotes: number;
}

const TOTAL = 1200_00;

function commandFor(step: Step, minute: number): OrderCommand {
  const when = at(minute);
  switch (step.kind) {
    case 'status':
      return { type: 'ChangeOrderStatus', data: { status: step.status, generatedTrackingNumber: 'AWB1', by: admin, at: when } };
    case 'record':
      return {
        type: 'RecordPaymentOrder',
        data: { providerOrderId: `po${step.providerOrder}`, amountPaise: TOTAL, provider: 'simulator', by: shopper, at: when },
      };
    case 'pay':
      return {
        type: 'ConfirmPayment',
        data: { providerOrderId: `po${step.providerOrder}`, paymentId: `pay${step.payment}`, amountPaise: TOTAL, via: 'webhook', by: 'system', at: when },
      };
    case 'fail':
      return { type: 'FailPayment', data: { paymentId: `pay${step.payment}`, reason: 'declined', via: 'webhook', by: 'system', at: when } };
    case 'confirm':
      return { type: 'ConfirmOrder', data: { by: shopper, at: when } };
    case 'cancel':
      return { type: 'CancelOrder', data: { by: shopper, at: when } };
    case 'expire':
      return { type: 'ExpireOrder', data: { at: when } };
    case 'delete':
      return { type: 'DeleteOrder', data: { by: admin, at: when } };
  }
}

function run(methods: ('cod' | 'razorpay')[], quantities: number[], steps: Step[]) {
  let available = STOCK;
  const books: Book[] = [];
  const held = () => books.reduce((sum, b, i) => sum + (b.state.status !== 'none' && b.state.order.stockHeld ? quantities[i]! : 0), 0);
  methods.forEach((method, i) => {
    const events = decideOrder(place(method, [line(TOTAL, quantities[i]!)]), initialOrderState());
    if (available < quantities[i]!) throw new Error('fixture: not enough stock to place');
    available -= quantities[i]!;
    books.push({ state: events.reduce(evolveOrder, initialOrderState()), paidPaise: 0, refundedPaise: 0, invoiceOpen: false, invoices: 0, creditNotes: 0 });
  });
  steps.forEach((step, n) => {
    const book = books[step.order]!;
    const quantity = quantities[step.order]!;
    let events: OrderEvent[];
    try {
      events = decideOrder(commandFor(step, 31 + n), book.state);
    } catch {
      return; // refused: nothing appended
    }
    if (events.length === 0) return;
    const effect = stockEffect(events);
    // The inventory refuses a reservation it cannot honour, and with it the whole append.
    if (effect === 'reserve' && available < quantity) return;
    if (effect === 'reserve') available -= quantity;
    if (effect === 'release') available += quantity;
    const before = book.state;
    const after = events.reduce(evolveOrder, before);
    for (const e of events) {
      if (e.type === 'PaymentConfirmed') book.paidPaise += e.data.amountPaise;
      if (e.type === 'PaymentRefunded') book.refundedPaise += e.data.amountPaise;
    }
    if (before.status === 'active' && after.status === 'active') {
      const series = taxDocumentSeriesOf({
        order: {} as never,
        statusBefore: before.order.status,
        statusAfter: after.order.status,
        refunded: events.some((e) => e.type === 'PaymentRefunded'),
        countedBefore: countsAsRevenue(before.order),
        countedAfter: countsAsRevenue(after.order),
        at: at(31 + n),
      });
      if (series === 'invoice' && !book.invoiceOpen) {
        book.invoiceOpen = true;
        book.invoices += 1;
      } else if (series === 'credit-note' && book.invoiceOpen) {
        book.invoiceOpen = false;
        book.creditNotes += 1;
      }
    }
    book.state = after;

    // Stock: never negative, never more than the shop had; what is held plus what is on sale is the whole stock.
    expect(available).toBeGreaterThanOrEqual(0);
    expect(available + held()).toBe(STOCK);
    for (const b of books) {
      if (b.state.status === 'none') continue;
      const order = b.state.order;
      const counted = b.state.status === 'active' && countsAsRevenue(order);
      const net = b.paidPaise - b.refundedPaise;
      // Never more refunded than paid, and never paid twice over.
      expect(net).toBeGreaterThanOrEqual(0);
      expect(net).toBeLessThanOrEqual(TOTAL);
      if (order.paymentMethod === 'razorpay') {
        // Revenue equals payments minus refunds for every order confirmed or later.
        if (REVENUE_STATUSES.includes(order.status) && b.state.status === 'active') expect(counted ? TOTAL : 0).toBe(net);
        if (order.paymentStatus === 'refunded') expect(counted).toBe(false);
      }
      // An invoice is in force exactly while the order counts, so never without a payment or a COD confirmation.
      if (b.state.status === 'active') expect(b.invoiceOpen).toBe(counted);
      if (b.invoiceOpen) {
        expect(order.paymentMethod === 'cod' ? REVENUE_STATUSES.includes(order.status) : order.paymentStatus === 'completed').toBe(true);
      }
      expect(b.invoices - b.creditNotes).toBe(b.invoiceOpen ? 1 : 0);
    }
  });
}

describe('money follows the payment, over random histories (fast-check)', () => {
  it('revenue = payments − refunds, no invoice without payment or COD confirmation, stock within bounds', () => {
    fc.assert(
      fc.property(
        fc.tuple(fc.constantFrom<'cod' | 'razorpay'>('cod', 'razorpay'), fc.constantFrom<'cod' | 'razorpay'>('cod', 'razorpay')),
        fc.tuple(fc.integer({ min: 1, max: 2 }), fc.constant(1)),
        fc.array(stepArb, { maxLength: 40 }),
        (methods, quantities, steps) => run(methods, quantities, steps),
      ),
      { numRuns: 1500 },
    );
  });
});
