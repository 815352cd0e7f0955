import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { taxDocumentSeriesOf, type CreditNoteIssued, type InvoiceIssued } from '../gst/index.js';
import { invoiceInForce, type TaxDocumentEvent } from '../gst/invoices/documents.js';
import { buildCreditNote, buildInvoiceIssued, buildReturnCreditNote, linesInForce, type InvoicedOrder } from '../gst/invoices/issue-invoice.js';
import { gstSettings } from '../gst/settings.js';
import { decideOrder, stockEffect, type OrderCommand } from './decide.js';
import { restockedUnits } from './returns.js';
import { countsAsRevenue, revenuePaise, evolveOrder, initialOrderState, ORDER_STATUSES, REVENUE_STATUSES, type OrderEvent, type OrderState } from './order.js';
import { admin, at, line, place, shopper } from './order-commands.fixture.js';

/**
 * Random sequences of what admins, shoppers (confirming, cancelling) and the payment provider do to two orders competing for the same three
 * units: after every step revenue is what was paid minus what was refunded, no invoice is in force without a payment
 * or a cash-on-delivery confirmation, and stock is never negative nor more than the shop had. The tax documents are
 * built as the order pipeline builds them: what the invoice has in force is the order's revenue, and an order's credit
 * notes never add up to more than its invoice (line by line, tax head by tax head), exactly to it once it is reversed.
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
  | { kind: 'delete'; order: number }
  | { kind: 'return'; order: number; units: number }
  | { kind: 'approveReturn' | 'rejectReturn'; order: number; which: number }
  | { kind: 'receiveReturn'; order: number; which: number; resellable: number };

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
  // Deliveries are made likelier than other admin moves, so that many histories reach a return and its refund.
  { weight: 3, arbitrary: fc.record({ kind: fc.constant('status' as const), order: orderIndex, status: fc.constant('delivered' as const) }) },
  { weight: 3, arbitrary: fc.record({ kind: fc.constant('return' as const), order: orderIndex, units: fc.integer({ min: 1, max: 2 }) }) },
  {
    weight: 3,
    arbitrary: fc.record({
      kind: fc.constantFrom('approveReturn' as const, 'rejectReturn' as const),
      order: orderIndex,
      which: fc.integer({ min: 0, max: 2 }),
    }),
  },
  {
    weight: 3,
    arbitrary: fc.record({
      kind: fc.constant('receiveReturn' as const),
      order: orderIndex,
      which: fc.integer({ min: 0, max: 2 }),
      resellable: fc.integer({ min: 0, max: 2 }),
    }),
  },
);

/** Only the return steps: a shopper asking, an admin deciding and receiving. */
const returnStepArb: fc.Arbitrary<Step> = fc.oneof(
  fc.record({ kind: fc.constant('return' as const), order: orderIndex, units: fc.integer({ min: 1, max: 2 }) }),
  fc.record({ kind: fc.constantFrom('approveReturn' as const, 'rejectReturn' as const), order: orderIndex, which: fc.integer({ min: 0, max: 2 }) }),
  fc.record({
    kind: fc.constant('receiveReturn' as const),
    order: orderIndex,
    which: fc.integer({ min: 0, max: 2 }),
    resellable: fc.integer({ min: 0, max: 1 }),
  }),
);

interface Book {
  state: OrderState;
  paidPaise: number;
  refundedPaise: number;
  /** Cash collected at the door, and what returns refunded. */
  cashPaise: number;
  returnedPaise: number;
  /** Units the inventory holds for the order; units received back from returns, and of them put back on sale. */
  reserved: number;
  receivedUnits: number;
  restockedUnits: number;
  /** The order as placed, and its tax documents (as src/modules/gst/invoices/order-documents.ts writes them). */
  placed: InvoicedOrder;
  documents: TaxDocumentEvent[];
  /** What returns had refunded when the invoice in force was issued (an invoice issued again is for the whole order). */
  returnedAtInvoice: number;
}

const TOTAL = 1200_00;

function commandFor(step: Step, minute: number, state: OrderState): OrderCommand {
  const when = at(minute);
  const total = state.status === 'none' ? TOTAL : state.order.totalPaise;
  const returns = state.status === 'none' ? [] : state.order.returns;
  const returnId = 'which' in step ? (returns[step.which % Math.max(1, returns.length)]?.returnId ?? 'none') : 'none';
  switch (step.kind) {
    case 'return':
      return {
        type: 'RequestReturn',
        data: { returnId: `r${minute}`, items: [{ productId: 'p1', quantity: step.units }], reason: 'damaged', upiId: 'asha@okaxis', by: shopper, at: when },
      };
    case 'approveReturn':
      return { type: 'ApproveReturn', data: { returnId, pickup: { awb: 'SIMR1', courier: 'Simulator Express' }, by: admin, at: when } };
    case 'rejectReturn':
      return { type: 'RejectReturn', data: { returnId, reason: 'used', by: admin, at: when } };
    case 'receiveReturn':
      return { type: 'ReceiveReturn', data: { returnId, resellable: [{ productId: 'p1', quantity: step.resellable }], by: admin, at: when } };
    case 'status':
      return { type: 'ChangeOrderStatus', data: { status: step.status, generatedTrackingNumber: 'AWB1', by: admin, at: when } };
    case 'record':
      return {
        type: 'RecordPaymentOrder',
        data: { providerOrderId: `po${step.providerOrder}`, amountPaise: total, provider: 'simulator', by: shopper, at: when },
      };
    case 'pay':
      return {
        type: 'ConfirmPayment',
        data: { providerOrderId: `po${step.providerOrder}`, paymentId: `pay${step.payment}`, amountPaise: total, via: 'webhook', by: 'system', at: when },
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

/** The price of the orders' line, the coupon's share of it, and the delivery state (Karnataka: the seller's, CGST + SGST). */
interface Pricing {
  unitPaise: number;
  discountPaise: number;
  state: 'Karnataka' | 'Maharashtra';
}
const FIXED: Pricing = { unitPaise: TOTAL, discountPaise: 0, state: 'Maharashtra' };
const HEADS = ['quantity', 'grossPaise', 'taxablePaise', 'cgstPaise', 'sgstPaise', 'igstPaise'] as const;

/** The documents the change from `before` to `after` by `events` issues, as the order pipeline issues them. */
function documentsFor(
  placed: InvoicedOrder,
  documents: TaxDocumentEvent[],
  before: OrderState,
  after: OrderState,
  events: OrderEvent[],
  when: string,
): TaxDocumentEvent[] {
  if (before.status !== 'active' || after.status !== 'active') return [];
  const issued: TaxDocumentEvent[] = [];
  const open = invoiceInForce(documents);
  const series = taxDocumentSeriesOf({
    order: {} as never,
    statusBefore: before.order.status,
    statusAfter: after.order.status,
    refunded: events.some((e) => e.type === 'PaymentRefunded'),
    countedBefore: countsAsRevenue(before.order),
    countedAfter: countsAsRevenue(after.order),
    at: when,
  });
  const spent = open !== null && linesInForce(open.invoice, open.creditNotes).length === 0;
  const number = `D${documents.length + 1}`;
  if (series === 'invoice' && (!open || (spent && !countsAsRevenue(before.order)))) {
    issued.push({
      type: 'InvoiceIssued',
      data: buildInvoiceIssued({
        order: placed,
        invoiceNumber: number,
        financialYear: '2025-26',
        issuedAt: when,
        settings,
        classify: () => ({ hsn: '9503', rate: 18 }),
      }),
    });
  } else if (series === 'credit-note' && open) {
    const reason = events.some((e) => e.type === 'PaymentRefunded') ? 'refunded' : 'cancelled';
    const note = buildCreditNote({ ...open, creditNoteNumber: number, financialYear: '2025-26', issuedAt: when, reason });
    if (note) issued.push({ type: 'CreditNoteIssued', data: note });
  }
  const refunded = events.find((e) => e.type === 'ReturnRefunded');
  if (refunded?.type === 'ReturnRefunded' && open) {
    const ret = before.order.returns.find((r) => r.returnId === refunded.data.returnId)!;
    const lines = ret.items.map((i) => ({ productId: i.productId, quantity: i.quantity, grossPaise: i.refundPaise }));
    issued.push({
      type: 'CreditNoteIssued',
      data: buildReturnCreditNote({ ...open, creditNoteNumber: number, financialYear: '2025-26', issuedAt: when, returnId: ret.returnId, lines }),
    });
  }
  return issued;
}
const settings = gstSettings();

/** Per invoice: its credit notes never credit more than it, line by line and head by head; exactly all of it once reversed. */
function expectCreditsWithinInvoices(documents: TaxDocumentEvent[]) {
  const invoices = documents.filter((d) => d.type === 'InvoiceIssued').map((d) => d.data as InvoiceIssued);
  for (const invoice of invoices) {
    const notes = documents
      .filter((d) => d.type === 'CreditNoteIssued' && d.data.invoiceNumber === invoice.invoiceNumber)
      .map((d) => d.data as CreditNoteIssued);
    const reversed = notes.some((n) => n.reason !== 'returned');
    const key = (l: { kind: string; productId: string | null }) => `${l.kind}|${l.productId}`;
    for (const line of invoice.lines) {
      for (const head of HEADS) {
        const credited = notes.flatMap((n) => n.lines.filter((l) => key(l) === key(line))).reduce((sum, l) => sum + l[head], 0);
        expect(credited).toBeLessThanOrEqual(line[head]);
        if (reversed) expect(credited).toBe(line[head]);
      }
    }
    for (const head of ['taxablePaise', 'cgstPaise', 'sgstPaise', 'igstPaise', 'totalPaise'] as const) {
      const credited = notes.reduce((sum, n) => sum + n.totals[head], 0);
      expect(credited).toBeLessThanOrEqual(invoice.totals[head]);
      if (reversed) expect(credited).toBe(invoice.totals[head]);
    }
    for (const n of notes) for (const l of n.lines) expect(l.taxablePaise + l.cgstPaise + l.sgstPaise + l.igstPaise).toBe(l.grossPaise);
  }
}

function run(methods: ('cod' | 'razorpay')[], quantities: number[], steps: Step[], pricing: Pricing = FIXED) {
  let available = STOCK;
  const books: Book[] = [];
  const held = () => books.reduce((sum, b) => sum + b.reserved, 0);
  methods.forEach((chosen, i) => {
    const placing = (method: 'cod' | 'razorpay') => {
      const command = place(method, [
        { ...line(pricing.unitPaise, quantities[i]!), ...(pricing.discountPaise > 0 ? { discountPaise: pricing.discountPaise } : {}) },
      ]);
      if (command.type === 'PlaceOrder') command.data.shippingAddress = { ...command.data.shippingAddress, state: pricing.state };
      return command;
    };
    // Cash on delivery is refused for small orders: those are paid online.
    const codAllowed = (() => {
      try {
        return decideOrder(placing('cod'), initialOrderState()).length > 0;
      } catch {
        return false;
      }
    })();
    const events = decideOrder(placing(codAllowed ? chosen : 'razorpay'), initialOrderState());
    if (available < quantities[i]!) throw new Error('fixture: not enough stock to place');
    available -= quantities[i]!;
    books.push({
      state: events.reduce(evolveOrder, initialOrderState()),
      paidPaise: 0,
      refundedPaise: 0,
      cashPaise: 0,
      returnedPaise: 0,
      reserved: quantities[i]!,
      receivedUnits: 0,
      restockedUnits: 0,
      placed: (events[0] as Extract<OrderEvent, { type: 'OrderPlaced' }>).data,
      documents: [],
      returnedAtInvoice: 0,
    });
  });
  steps.forEach((step, n) => {
    const book = books[step.order]!;
    const quantity = quantities[step.order]!;
    let events: OrderEvent[];
    try {
      events = decideOrder(commandFor(step, 31 + n, book.state), book.state);
    } catch {
      return; // refused: nothing appended
    }
    if (events.length === 0) return;
    const effect = stockEffect(events);
    // The inventory refuses a reservation it cannot honour, and with it the whole append.
    if (effect === 'reserve' && available < quantity) return;
    if (effect === 'reserve') {
      available -= quantity;
      book.reserved = quantity;
    }
    if (effect === 'release') {
      available += book.reserved;
      book.reserved = 0;
    }
    // Resellable units of a received return go back on sale: at most what the inventory still holds for the order.
    for (const unit of restockedUnits(events)) {
      const back = Math.min(unit.quantity, book.reserved);
      available += back;
      book.reserved -= back;
      book.restockedUnits += back;
    }
    const before = book.state;
    const after = events.reduce(evolveOrder, before);
    for (const e of events) {
      if (e.type === 'PaymentConfirmed') book.paidPaise += e.data.amountPaise;
      if (e.type === 'PaymentRefunded') book.refundedPaise += e.data.amountPaise;
      if (e.type === 'CashCollected') book.cashPaise += e.data.amountPaise;
      if (e.type === 'ReturnRefunded') book.returnedPaise += e.data.amountPaise;
      if (e.type === 'ReturnReceived') book.receivedUnits += e.data.items.reduce((sum, i) => sum + i.quantity, 0);
    }
    const issued = documentsFor(book.placed, book.documents, before, after, events, at(31 + n));
    if (issued.some((d) => d.type === 'InvoiceIssued') && before.status === 'active') book.returnedAtInvoice = before.order.returnedPaise;
    book.documents.push(...issued);
    book.state = after;

    // Stock: never negative, never more than the shop had; what is held plus what is on sale is the whole stock.
    expect(available).toBeGreaterThanOrEqual(0);
    expect(available + held()).toBe(STOCK);
    for (const b of books) {
      if (b.state.status === 'none') continue;
      const order = b.state.order;
      const counted = b.state.status === 'active' && countsAsRevenue(order);
      const net = b.paidPaise - b.refundedPaise - (order.paymentMethod === 'razorpay' ? b.returnedPaise : 0);
      // Never more refunded than paid, and never paid twice over.
      expect(net).toBeGreaterThanOrEqual(0);
      expect(net).toBeLessThanOrEqual(order.totalPaise);
      if (order.paymentMethod === 'razorpay') {
        // Revenue equals payments minus refunds for every order confirmed or later.
        if (REVENUE_STATUSES.includes(order.status) && b.state.status === 'active') expect(counted ? revenuePaise(order) : 0).toBe(net);
        if (order.paymentStatus === 'refunded') expect(counted).toBe(false);
      }
      // An invoice is in force exactly while the order counts, so never without a payment or a COD confirmation, and
      // what it has in force is the order's revenue (its total less what returns refunded since it was issued).
      const open = invoiceInForce(b.documents);
      const inForcePaise = open ? linesInForce(open.invoice, open.creditNotes).reduce((sum, l) => sum + l.grossPaise, 0) : 0;
      if (b.state.status === 'active') {
        if (counted) expect(open).not.toBeNull();
        expect(inForcePaise).toBe(counted ? revenuePaise(order) + b.returnedAtInvoice : 0);
      }
      if (inForcePaise > 0) {
        expect(order.paymentMethod === 'cod' ? REVENUE_STATUSES.includes(order.status) : order.paymentStatus === 'completed').toBe(true);
      }
      // Every earlier invoice was reversed by a whole-order credit note, or its returns had credited all of it.
      for (const d of b.documents) {
        if (d.type !== 'InvoiceIssued' || d.data.invoiceNumber === open?.invoice.invoiceNumber) continue;
        const notes = b.documents.flatMap((c) => (c.type === 'CreditNoteIssued' && c.data.invoiceNumber === d.data.invoiceNumber ? [c.data] : []));
        expect(notes.some((c) => c.reason !== 'returned') || linesInForce(d.data, notes).length === 0).toBe(true);
      }
      expectCreditsWithinInvoices(b.documents);
      // Returns: refunds never exceed what was paid (online) or collected (cash on delivery); stock never gets back
      // more than was received, nor more than was delivered.
      expect(b.returnedPaise).toBe(order.returnedPaise);
      expect(b.returnedPaise).toBeLessThanOrEqual(order.paymentMethod === 'razorpay' ? b.paidPaise : b.cashPaise);
      expect(b.restockedUnits).toBeLessThanOrEqual(b.receivedUnits);
      expect(b.receivedUnits).toBeLessThanOrEqual(order.items[0]!.quantity);
    }
  });
  return books;
}

describe('money follows the payment, over random histories (fast-check)', () => {
  it('revenue = payments − refunds (returns included), no invoice without payment or COD confirmation, stock within bounds', () => {
    fc.assert(
      fc.property(
        fc.tuple(fc.constantFrom<'cod' | 'razorpay'>('cod', 'razorpay'), fc.constantFrom<'cod' | 'razorpay'>('cod', 'razorpay')),
        fc.tuple(fc.integer({ min: 1, max: 2 }), fc.constant(1)),
        fc.array(stepArb, { maxLength: 40 }),
        (methods, quantities, steps) => {
          run(methods, quantities, steps);
        },
      ),
      { numRuns: 1500 },
    );
  });

  // Random histories rarely pay, deliver and return the same order; these start from two delivered orders (paid
  // online, or cash collected at the door) and go on with the same random steps.
  const delivered = (order: number): Step[] => [
    { kind: 'record', order, providerOrder: 0 },
    { kind: 'pay', order, providerOrder: 0, payment: 0 },
    { kind: 'confirm', order },
    { kind: 'status', order, status: 'delivered' },
  ];
  // Any price (with or without shipping), any coupon share, CGST + SGST or IGST: the rounding of returned units' tax.
  const pricingArb: fc.Arbitrary<Pricing> = fc
    .record({
      unitPaise: fc.integer({ min: 1, max: 2000_00 }),
      share: fc.double({ min: 0, max: 0.5, noNaN: true }),
      state: fc.constantFrom('Karnataka' as const, 'Maharashtra' as const),
    })
    .map(({ unitPaise, share, state }) => ({ unitPaise, discountPaise: Math.floor(unitPaise * share), state }));
  it('after delivery: returns never refund more than was paid or collected, stock gets back at most what was received, credit notes stay within the invoice', () => {
    const seen = { refunded: 0 };
    fc.assert(
      fc.property(
        fc.tuple(fc.constantFrom<'cod' | 'razorpay'>('cod', 'razorpay'), fc.constantFrom<'cod' | 'razorpay'>('cod', 'razorpay')),
        fc.tuple(fc.integer({ min: 1, max: 2 }), fc.constant(1)),
        fc.array(fc.oneof({ weight: 1, arbitrary: stepArb }, { weight: 3, arbitrary: returnStepArb }), { minLength: 5, maxLength: 40 }),
        pricingArb,
        (methods, quantities, steps, pricing) => {
          const books = run(methods, [1, quantities[1]], [...delivered(0), ...delivered(1), ...steps], pricing);
          seen.refunded += books.reduce((n, b) => n + (b.returnedPaise > 0 ? 1 : 0), 0);
        },
      ),
      { numRuns: 1500 },
    );
    // The histories do reach refunded returns (else this property would prove nothing about them).
    expect(seen.refunded).toBeGreaterThan(100);
  });
});
