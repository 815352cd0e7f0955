import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, loginAdmin, signUp, type TestContext } from '../../../../tests/helpers/test-runtime.js';
import { runOrderCommand } from '../../orders/index.js';
import { createTestProduct } from '../../../../tests/helpers/test-products.js';
import { seriesStream, taxDocumentsStream, type CreditNoteIssued, type InvoiceIssued } from './documents.js';
import { placeTestOrder } from '../test-orders.js';

type Shopper = Awaited<ReturnType<typeof signUp>>;

describe('GST invoices and credit notes as events', () => {
  let a: TestContext;
  let b: TestContext;
  let shopper: Shopper;
  let admin: Awaited<ReturnType<typeof loginAdmin>>;
  beforeAll(async () => {
    a = await createTestApp();
    // A second instance on the same database: its own in-process lock, only the event store keeps the series apart.
    b = await createTestApp({ databaseUrl: a.databaseUrl });
    shopper = await signUp(a.app);
    admin = await loginAdmin(a.app);
  });
  afterAll(async () => {
    await b?.close();
    await a?.close();
  });

  const documents = async (orderId: string) => (await a.runtime.store.readStream(taxDocumentsStream(orderId))).map((e) => ({ type: e.type, data: e.data }));
  const confirmAt = (t: TestContext, orderId: string, at: string) =>
    runOrderCommand(
      t.runtime.store,
      orderId,
      { type: 'ConfirmOrder', data: { by: shopper.user.id, at } },
      { userId: shopper.user.id, correlationId: randomUUID(), now: new Date(at) },
    );
  const numbersOf = async (series: 'invoice' | 'credit-note', fy: string) =>
    (await a.runtime.store.readStream(seriesStream(series, fy))).map((e) => (e.data as { documentNumber: string }).documentNumber);

  it('same state as the seller (Karnataka): CGST + SGST at half the rate each, issued when the shopper confirms', async () => {
    const product = await createTestProduct(a.runtime, { price: 1180, hsn: '95030010', gstRate: 18 });
    const order = await placeTestOrder(a.app, shopper.auth, { items: [{ id: product.id, quantity: 2 }], state: 'Karnataka', pincode: '560001' });
    expect(await documents(order.id)).toEqual([]);
    const confirmed = await a.app.inject({ method: 'PUT', url: `/api/orders/${order.id}/status`, headers: shopper.auth, payload: { status: 'confirmed' } });
    expect(confirmed.statusCode).toBe(200);
    const [issued] = await documents(order.id);
    expect(issued!.type).toBe('InvoiceIssued');
    const invoice = issued!.data as InvoiceIssued;
    expect(invoice.invoiceNumber).toMatch(/^AC\/\d{2}-\d{2}\/\d{6}$/);
    expect(invoice).toMatchObject({
      orderId: order.id,
      orderNumber: order.orderNumber,
      seller: { gstin: '29AAACA1234A1ZG', state: { code: '29', name: 'Karnataka' } },
      recipient: { name: 'Asha Rao', state: { code: '29', name: 'Karnataka' }, pincode: '560001' },
      placeOfSupply: { code: '29', name: 'Karnataka' },
      supplyType: 'intra-state',
      lines: [
        {
          kind: 'goods',
          hsn: '95030010',
          quantity: 2,
          unit: 'NOS',
          grossPaise: 236_000,
          rate: 18,
          taxablePaise: 200_000,
          cgstPaise: 18_000,
          sgstPaise: 18_000,
          igstPaise: 0,
        },
      ],
      totals: { taxablePaise: 200_000, cgstPaise: 18_000, sgstPaise: 18_000, igstPaise: 0, taxPaise: 36_000, totalPaise: 236_000 },
      amountInWords: 'Indian Rupees Two Thousand Three Hundred Sixty Only',
    });
    // confirming again, or moving on to processing, issues nothing more
    await a.app.inject({ method: 'PUT', url: `/api/orders/${order.id}/status`, headers: shopper.auth, payload: { status: 'confirmed' } });
    await a.app.inject({ method: 'PUT', url: `/api/admin/orders/${order.id}/status`, headers: admin.auth, payload: { status: 'processing' } });
    expect(await documents(order.id)).toHaveLength(1);
  });

  it('another state (Maharashtra): IGST; shipping is its own line at its own rate; the category default classifies', async () => {
    const product = await createTestProduct(a.runtime, { price: 899, category: 'Anime Figures' });
    const order = await placeTestOrder(a.app, shopper.auth, {
      items: [{ id: product.id, quantity: 1 }],
      state: 'Maharashtra',
      pincode: '411001',
      method: 'razorpay',
    });
    // an admin confirming a paid order also invoices it
    const post = (url: string, payload: object) => a.app.inject({ method: 'POST', url, headers: shopper.auth, payload });
    const providerOrderId = (await post('/api/razorpay/create-order', { amount: order.totalAmount, currency: 'INR', orderId: order.id })).json()
      .order_id as string;
    const { success: _s, ...proof } = (await post('/api/payments/simulator/pay', { razorpay_order_id: providerOrderId, outcome: 'success' })).json();
    expect((await post('/api/razorpay/verify-payment', { ...proof, orderId: order.id })).json()).toMatchObject({ verified: true });
    const moved = await a.app.inject({ method: 'PUT', url: `/api/admin/orders/${order.id}/status`, headers: admin.auth, payload: { status: 'confirmed' } });
    expect(moved.statusCode).toBe(200);
    const invoice = (await documents(order.id))[0]!.data as InvoiceIssued;
    // ₹899 at 5 %: 89900 / 1.05 = 85619.05 → 85619, IGST 4281; shipping ₹100 at 18 %: 10000 / 1.18 = 8474.58 → 8475, IGST 1525
    expect(invoice.supplyType).toBe('inter-state');
    expect(invoice.placeOfSupply).toEqual({ code: '27', name: 'Maharashtra' });
    expect(invoice.lines).toMatchObject([
      { kind: 'goods', hsn: '9503', rate: 5, grossPaise: 89_900, taxablePaise: 85_619, cgstPaise: 0, sgstPaise: 0, igstPaise: 4_281 },
      { kind: 'shipping', hsn: '996812', unit: 'NA', rate: 18, grossPaise: 10_000, taxablePaise: 8_475, igstPaise: 1_525 },
    ]);
    expect(invoice.totals).toEqual({ taxablePaise: 94_094, cgstPaise: 0, sgstPaise: 0, igstPaise: 5_806, taxPaise: 5_806, totalPaise: 99_900 });
    expect(invoice.totals.totalPaise).toBe(Math.round(order.totalAmount * 100));
  });

  it('numbers run per financial year: 31 March 23:59:59 IST closes 2026-27, 1 April 00:00 IST starts 2027-28 at 000001', async () => {
    const product = await createTestProduct(a.runtime, { price: 1500, stock: 100 });
    const orders = [];
    for (let i = 0; i < 3; i++)
      orders.push(await placeTestOrder(a.app, shopper.auth, { items: [{ id: product.id, quantity: 1 }], state: 'Kerala', pincode: '682001' }));
    const before = await numbersOf('invoice', '2026-27');
    await confirmAt(a, orders[0]!.id, '2027-03-31T18:29:59.999Z');
    await confirmAt(a, orders[1]!.id, '2027-03-31T18:30:00.000Z');
    await confirmAt(a, orders[2]!.id, '2027-04-01T09:00:00.000Z');
    const number = async (orderId: string) => ((await documents(orderId))[0]!.data as InvoiceIssued).invoiceNumber;
    expect(await number(orders[0]!.id)).toBe(`AC/26-27/${String(before.length + 1).padStart(6, '0')}`);
    expect(await number(orders[1]!.id)).toBe('AC/27-28/000001');
    expect(await number(orders[2]!.id)).toBe('AC/27-28/000002');
    const series = await numbersOf('invoice', '2026-27');
    expect(series).toEqual(series.map((_, i) => `AC/26-27/${String(i + 1).padStart(6, '0')}`));
    expect(((await documents(orders[0]!.id))[0]!.data as InvoiceIssued).financialYear).toBe('2026-27');
  });

  it('50 concurrent confirmations on two instances: numbers 1–50, no gap, no duplicate, one invoice per order', async () => {
    const product = await createTestProduct(a.runtime, { price: 1200, stock: 1000 });
    const orders = [];
    for (let i = 0; i < 50; i++)
      orders.push(
        await placeTestOrder(a.app, shopper.auth, { items: [{ id: product.id, quantity: 1 }], state: i % 2 ? 'Karnataka' : 'Goa', pincode: '560001' }),
      );
    const at = '2030-06-15T10:00:00.000Z';
    await Promise.all(orders.map((o, i) => confirmAt(i % 2 ? a : b, o.id, at)));
    const claimed = await numbersOf('invoice', '2030-31');
    expect(claimed).toHaveLength(50);
    expect([...claimed].sort()).toEqual(Array.from({ length: 50 }, (_, i) => `AC/30-31/${String(i + 1).padStart(6, '0')}`));
    const perOrder = await Promise.all(orders.map(async (o) => (await documents(o.id)).map((d) => (d.data as InvoiceIssued).invoiceNumber)));
    expect(perOrder.every((n) => n.length === 1)).toBe(true);
    expect(new Set(perOrder.flat()).size).toBe(50);
    expect([...perOrder.flat()].sort()).toEqual([...claimed].sort());
  });

  it('cancelling a paid, invoiced order refunds it and issues a credit note in its own series reversing the tax', async () => {
    const product = await createTestProduct(a.runtime, { price: 2499, gstRate: 18, hsn: '9503' });
    const order = await placeTestOrder(a.app, shopper.auth, {
      items: [{ id: product.id, quantity: 1 }],
      state: 'Tamil Nadu',
      pincode: '600001',
      method: 'razorpay',
    });
    const post = (url: string, payload: object) => a.app.inject({ method: 'POST', url, headers: shopper.auth, payload });
    const providerOrderId = (await post('/api/razorpay/create-order', { amount: order.totalAmount, currency: 'INR', orderId: order.id })).json()
      .order_id as string;
    const { success: _s, ...proof } = (await post('/api/payments/simulator/pay', { razorpay_order_id: providerOrderId, outcome: 'success' })).json();
    expect((await post('/api/razorpay/verify-payment', { ...proof, orderId: order.id })).json()).toMatchObject({ verified: true });
    // paid but not yet confirmed: no invoice
    expect(await documents(order.id)).toEqual([]);
    await a.app.inject({ method: 'PUT', url: `/api/orders/${order.id}/status`, headers: shopper.auth, payload: { status: 'confirmed' } });
    const cancelled = await a.app.inject({ method: 'PUT', url: `/api/admin/orders/${order.id}/status`, headers: admin.auth, payload: { status: 'cancelled' } });
    expect(cancelled.json().order).toMatchObject({ status: 'cancelled', paymentStatus: 'refunded' });
    const [invoiceEvent, creditEvent] = await documents(order.id);
    const invoice = invoiceEvent!.data as InvoiceIssued;
    expect(creditEvent!.type).toBe('CreditNoteIssued');
    const credit = creditEvent!.data as CreditNoteIssued;
    expect(credit.creditNoteNumber).toMatch(/^CN\/\d{2}-\d{2}\/000001$/);
    expect(credit).toMatchObject({
      invoiceNumber: invoice.invoiceNumber,
      invoiceDate: invoice.issuedAt,
      reason: 'refunded',
      orderId: order.id,
      totals: invoice.totals,
      lines: invoice.lines,
      placeOfSupply: { code: '33', name: 'Tamil Nadu' },
    });
    expect(credit.totals).toMatchObject({ igstPaise: 38_120, taxablePaise: 211_780, totalPaise: 249_900 });
    // a refunded order is not invoiced again by a status change alone; reopened and paid again it is invoiced afresh
    // (the old invoice stays reversed); cancelling again credits that one
    const refused = await a.app.inject({ method: 'PUT', url: `/api/admin/orders/${order.id}/status`, headers: admin.auth, payload: { status: 'confirmed' } });
    expect(refused.statusCode).toBe(409);
    expect((await documents(order.id)).map((d) => d.type)).toEqual(['InvoiceIssued', 'CreditNoteIssued']);
    await a.app.inject({ method: 'PUT', url: `/api/admin/orders/${order.id}/status`, headers: admin.auth, payload: { status: 'pending' } });
    const again = (await post('/api/razorpay/create-order', { amount: order.totalAmount, currency: 'INR', orderId: order.id })).json().order_id as string;
    const { success: _again, ...proofAgain } = (await post('/api/payments/simulator/pay', { razorpay_order_id: again, outcome: 'success' })).json();
    expect((await post('/api/razorpay/verify-payment', { ...proofAgain, orderId: order.id })).json()).toMatchObject({ verified: true });
    await a.app.inject({ method: 'PUT', url: `/api/admin/orders/${order.id}/status`, headers: admin.auth, payload: { status: 'confirmed' } });
    await a.app.inject({ method: 'PUT', url: `/api/admin/orders/${order.id}/status`, headers: admin.auth, payload: { status: 'cancelled' } });
    const all = await documents(order.id);
    expect(all.map((d) => d.type)).toEqual(['InvoiceIssued', 'CreditNoteIssued', 'InvoiceIssued', 'CreditNoteIssued']);
    expect((all[3]!.data as CreditNoteIssued).invoiceNumber).toBe((all[2]!.data as InvoiceIssued).invoiceNumber);
  });

  it('a cancelled order that was never confirmed gets no documents', async () => {
    const product = await createTestProduct(a.runtime, { price: 1500 });
    const order = await placeTestOrder(a.app, shopper.auth, { items: [{ id: product.id, quantity: 1 }], state: 'Delhi', pincode: '110001' });
    await a.app.inject({ method: 'PUT', url: `/api/admin/orders/${order.id}/status`, headers: admin.auth, payload: { status: 'cancelled' } });
    expect(await documents(order.id)).toEqual([]);
  });

  it('the admin changes a category default; products without their own classification are invoiced with it', async () => {
    const put = (payload: object, auth = admin.auth) => a.app.inject({ method: 'PUT', url: '/api/admin/gst/category-defaults', headers: auth, payload });
    const count = async () => (await a.runtime.pool.query("select count(*)::int as n from events where type = 'GstCategoryDefaultSet'")).rows[0].n as number;
    expect((await put({ category: 'Keychains', hsn: '711', rate: 5 })).json()).toEqual({ success: false, error: 'HSN must be 4, 6 or 8 digits' });
    expect((await put({ category: 'Keychains', hsn: '7117', rate: 12 })).json()).toEqual({ success: false, error: 'GST rate must be one of 0, 5, 18, 40 %' });
    expect((await put({ category: 'Cars', hsn: '7117', rate: 5 })).statusCode).toBe(400);
    expect((await put({ category: 'Keychains', hsn: '7117', rate: 5 }, shopper.auth)).statusCode).toBe(403);
    expect(await count()).toBe(0);
    const saved = await put({ category: 'Keychains', hsn: '7117', rate: '5' });
    expect(saved.statusCode).toBe(200);
    expect(saved.json().defaults).toContainEqual({ category: 'Keychains', hsn: '7117', rate: 5 });
    expect(saved.json().defaults).toContainEqual({ category: 'Anime Figures', hsn: '9503', rate: 5 });
    const keychain = await createTestProduct(a.runtime, { price: 1050, category: 'Keychains' });
    const own = await createTestProduct(a.runtime, { price: 1050, category: 'Keychains', hsn: '3926', gstRate: 18 });
    const order = await placeTestOrder(a.app, shopper.auth, {
      items: [
        { id: keychain.id, quantity: 1 },
        { id: own.id, quantity: 1 },
      ],
      state: 'Karnataka',
      pincode: '560001',
    });
    await a.app.inject({ method: 'PUT', url: `/api/orders/${order.id}/status`, headers: shopper.auth, payload: { status: 'confirmed' } });
    const invoice = (await documents(order.id))[0]!.data as InvoiceIssued;
    expect(invoice.lines.map((l) => [l.hsn, l.rate])).toEqual([
      ['7117', 5],
      ['3926', 18],
    ]);
  });
});
