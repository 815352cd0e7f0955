import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, loginAdmin, signUp, type TestContext } from '../../../../tests/helpers/test-runtime.js';
import { createTestProduct } from '../../../../tests/helpers/test-products.js';
import { deliverOrder, payThroughSimulator } from '../../../../tests/helpers/test-orders.js';
import { orderStream } from '../../orders/index.js';
import { taxDocumentsStream, type CreditNoteIssued, type DocumentLine, type InvoiceIssued } from './documents.js';

/**
 * Credit notes after a partial return: a whole-order credit note (the order cancelled and refunded after one of its
 * returns was refunded) reverses only what is still in force, so the order's credit notes add up to its invoice, line
 * by line and tax head by tax head, to the paisa, never to more.
 */
describe('credit notes after a partial return (through the API)', () => {
  let t: TestContext;
  let admin: Awaited<ReturnType<typeof loginAdmin>>;
  let shopper: Awaited<ReturnType<typeof signUp>>;
  // Bengaluru: the seller's state, so CGST and SGST (the odd paisa is where rounding bites).
  const bengaluru = {
    shipping_name: 'Asha Rao',
    shipping_address: '14 Residency Road',
    shipping_city: 'Bengaluru',
    shipping_state: 'Karnataka',
    shipping_pincode: '560001',
    shipping_phone: '9876543210',
  };
  beforeAll(async () => {
    t = await createTestApp();
    admin = await loginAdmin(t.app);
    shopper = await signUp(t.app);
    const coupon = await call('POST', '/api/admin/coupons', admin.auth, { code: 'BACK55', kind: 'amount', value: 55 });
    expect(coupon.statusCode).toBe(201);
  });
  afterAll(async () => t?.close());

  const call = (method: 'GET' | 'POST' | 'PUT', url: string, auth: Record<string, string>, payload?: object) =>
    t.app.inject({ method, url, headers: auth, ...(payload ? { payload } : {}) });

  /** A delivered order of `quantity` units (₹55 off with the coupon): paid online through the simulator, or COD. */
  async function delivered(productId: string, method: 'cod' | 'razorpay', quantity: number) {
    const placed = await call('POST', '/api/orders', shopper.auth, {
      ...bengaluru,
      payment_method: method,
      coupon_code: 'back55',
      items: [{ id: productId, quantity }],
    });
    expect(placed.statusCode).toBe(201);
    const order = placed.json().order as { id: string; totalAmount: number };
    if (method === 'razorpay') await payThroughSimulator(t.app, shopper.auth, order);
    const done = await deliverOrder(t.app, shopper.auth, admin.auth, order.id);
    expect(done.json().order.status).toBe('delivered');
    return order;
  }

  /** Asks, approves and receives a return of `quantity` units (none resellable). */
  async function returned(orderId: string, productId: string, quantity: number) {
    const asked = await call('POST', `/api/orders/${orderId}/returns`, shopper.auth, {
      items: [{ productId, quantity }],
      reason: 'Paint chipped',
      upiId: 'asha.rao@okaxis',
    });
    expect(asked.statusCode).toBe(201);
    const id = asked.json().return.id as string;
    expect((await call('POST', `/api/admin/returns/${id}/approve`, admin.auth)).statusCode).toBe(200);
    const received = await call('POST', `/api/admin/returns/${id}/receive`, admin.auth, { items: [] });
    expect(received.json().return.status).toBe('refunded');
    return received.json().return as { id: string; refundedAmount: number };
  }

  const documents = async (orderId: string) => {
    const events = await t.runtime.store.readStream(taxDocumentsStream(orderId));
    const [invoice, ...notes] = events.map((e) => e.data) as [InvoiceIssued, ...CreditNoteIssued[]];
    expect(events[0]!.type).toBe('InvoiceIssued');
    return { invoice, notes };
  };

  const HEADS = ['quantity', 'grossPaise', 'taxablePaise', 'cgstPaise', 'sgstPaise', 'igstPaise'] as const;
  const keyOf = (l: DocumentLine) => `${l.kind}|${l.productId ?? ''}`;
  /** Per invoice line and head: what the credit notes credited of it. */
  function credited(notes: CreditNoteIssued[]) {
    const sums = new Map<string, Record<(typeof HEADS)[number] | 'discountPaise', number>>();
    for (const note of notes) {
      for (const l of note.lines) {
        const s = sums.get(keyOf(l)) ?? { quantity: 0, grossPaise: 0, taxablePaise: 0, cgstPaise: 0, sgstPaise: 0, igstPaise: 0, discountPaise: 0 };
        for (const h of HEADS) s[h] += l[h];
        s.discountPaise += l.discountPaise ?? 0;
        sums.set(keyOf(l), s);
      }
    }
    return sums;
  }
  /** The credit notes reverse the invoice exactly: every line, every head, every total. */
  function expectFullyCredited(invoice: InvoiceIssued, notes: CreditNoteIssued[]) {
    const sums = credited(notes);
    expect([...sums.keys()].sort()).toEqual(invoice.lines.map(keyOf).sort());
    for (const line of invoice.lines) {
      expect({ ...sums.get(keyOf(line)) }).toEqual({
        quantity: line.quantity,
        grossPaise: line.grossPaise,
        taxablePaise: line.taxablePaise,
        cgstPaise: line.cgstPaise,
        sgstPaise: line.sgstPaise,
        igstPaise: line.igstPaise,
        discountPaise: line.discountPaise ?? 0,
      });
    }
    for (const head of ['taxablePaise', 'cgstPaise', 'sgstPaise', 'igstPaise', 'taxPaise', 'totalPaise'] as const) {
      expect(notes.reduce((s, n) => s + n.totals[head], 0)).toBe(invoice.totals[head]);
    }
  }

  it('online: 1 of 3 units returned and refunded, then the order cancelled: the second note credits the 2 units kept and the shipping only', async () => {
    const product = await createTestProduct(t.runtime, { price: 299, stock: 5, hsn: '95030010', gstRate: 18 });
    const order = await delivered(product.id, 'razorpay', 3);
    const ret = await returned(order.id, product.id, 1);
    const cancelled = await call('PUT', `/api/admin/orders/${order.id}/status`, admin.auth, { status: 'cancelled' });
    expect(cancelled.json().order).toMatchObject({ status: 'cancelled', paymentStatus: 'refunded' });

    const { invoice, notes } = await documents(order.id);
    // ₹897 less ₹55 = ₹842 for the goods, under ₹1,000: ₹100 shipping.
    expect(invoice.totals).toMatchObject({ totalPaise: 942_00, igstPaise: 0 });
    expect(invoice.lines.map((l) => l.kind)).toEqual(['goods', 'shipping']);
    expect(notes.map((n) => n.reason)).toEqual(['returned', 'refunded']);
    // The return refunded a third of the ₹842 paid for the goods (rounded down), its note credits exactly that.
    expect(ret.refundedAmount).toBe(280.66);
    expect(notes[0]!.totals.totalPaise).toBe(280_66);
    // The refund note: the 2 units kept (₹842 − ₹280.66) and the shipping, nothing more.
    expect(notes[1]!.lines.map((l) => [l.kind, l.quantity, l.grossPaise])).toEqual([
      ['goods', 2, 561_34],
      ['shipping', 1, 100_00],
    ]);
    expect(notes[1]!.totals.totalPaise).toBe(661_34);
    expectFullyCredited(invoice, notes);
    // The money agrees with the books: the payment refunded what the return had not.
    const refunds = (await t.runtime.store.readStream(orderStream(order.id))).filter((e) => e.type === 'PaymentRefunded');
    expect(refunds.map((e) => (e.data as { amountPaise: number }).amountPaise)).toEqual([661_34]);
  });

  it('cash on delivery: all 3 units returned one at a time, then cancelled: the notes add up to the invoice, the last one the shipping', async () => {
    const product = await createTestProduct(t.runtime, { price: 333, stock: 5, hsn: '95030010', gstRate: 18 });
    const order = await delivered(product.id, 'cod', 3);
    for (let i = 0; i < 3; i++) await returned(order.id, product.id, 1);
    // Every unit returned and credited: the invoice is still in force for the shipping alone.
    const cancelled = await call('PUT', `/api/admin/orders/${order.id}/status`, admin.auth, { status: 'cancelled' });
    expect(cancelled.json().order.status).toBe('cancelled');

    const { invoice, notes } = await documents(order.id);
    expect(notes.map((n) => n.reason)).toEqual(['returned', 'returned', 'returned', 'cancelled']);
    expect(notes[3]!.lines.map((l) => [l.kind, l.quantity, l.grossPaise])).toEqual([['shipping', 1, 100_00]]);
    expectFullyCredited(invoice, notes);
  });

  it('a return after another return credits within what is in force, and the whole-order note closes it exactly', async () => {
    const product = await createTestProduct(t.runtime, { price: 299, stock: 5, hsn: '95030010', gstRate: 18 });
    const order = await delivered(product.id, 'razorpay', 3);
    await returned(order.id, product.id, 2);
    await returned(order.id, product.id, 1);
    const { invoice, notes } = await documents(order.id);
    const goods = invoice.lines.find((l) => l.kind === 'goods')!;
    // Every unit of the line returned: the notes credit the line exactly, the invoice stays in force for the shipping.
    const sums = credited(notes).get(keyOf(goods))!;
    expect(sums).toEqual({
      quantity: 3,
      grossPaise: goods.grossPaise,
      taxablePaise: goods.taxablePaise,
      cgstPaise: goods.cgstPaise,
      sgstPaise: goods.sgstPaise,
      igstPaise: 0,
      discountPaise: goods.discountPaise ?? 0,
    });
    await call('PUT', `/api/admin/orders/${order.id}/status`, admin.auth, { status: 'cancelled' });
    const after = await documents(order.id);
    expect(after.notes.map((n) => n.reason)).toEqual(['returned', 'returned', 'refunded']);
    expectFullyCredited(after.invoice, after.notes);
  });
});
