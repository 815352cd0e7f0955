import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { replay } from '../../../projections/runner.js';
import { createTestApp, loginAdmin, signUp, type TestContext } from '../../../tests/helpers/test-runtime.js';
import type { OrderCommand } from '../orders/decide.js';
import { runOrderCommand } from '../orders/index.js';
import { createTestProduct } from '../../../tests/helpers/test-products.js';
import { runGstCli } from './cli.js';
import type { CreditNoteIssued, InvoiceIssued } from './invoices/documents.js';
import { taxInvoicePdf } from './invoices/invoice-pdf.js';
import { latestInvoice } from './invoices/order-invoice.js';
import { taxInvoice } from './invoices/tax-invoice.js';
import { placeTestOrder } from './test-orders.js';

describe('GSTR-1 for a month, reconciled with the log, and invoices rebuilt by replay', () => {
  let t: TestContext;
  let shopper: Awaited<ReturnType<typeof signUp>>;
  let admin: Awaited<ReturnType<typeof loginAdmin>>;
  const orderIds: string[] = [];
  beforeAll(async () => {
    t = await createTestApp();
    shopper = await signUp(t.app);
    admin = await loginAdmin(t.app);
    const figure = await createTestProduct(t.runtime, { price: 1180, hsn: '95030010', gstRate: 18, stock: 100 });
    const small = await createTestProduct(t.runtime, { price: 899, category: 'Anime Figures', stock: 100 });
    const run = async (orderId: string, at: string, command: (at: string) => OrderCommand) => {
      const { result } = await runOrderCommand(t.runtime.store, orderId, command(at), {
        userId: shopper.user.id,
        correlationId: randomUUID(),
        now: new Date(at),
      });
      if (result) await t.runtime.projections.waitFor(result.position);
    };
    const confirm = (at: string): OrderCommand => ({ type: 'ConfirmOrder', data: { by: shopper.user.id, at } });
    const status =
      (to: 'confirmed' | 'cancelled') =>
      (at: string): OrderCommand => ({ type: 'ChangeOrderStatus', data: { status: to, generatedTrackingNumber: 'AWB1', by: admin.user.id, at } });
    const place = async (items: { id: string; quantity: number }[], state: string, method: 'cod' | 'razorpay' = 'cod') => {
      const order = await placeTestOrder(t.app, shopper.auth, { items, state, pincode: '560001', method });
      orderIds.push(order.id);
      return order.id;
    };
    // July 2031 (India time), hand-computed below
    const o1 = await place([{ id: figure.id, quantity: 2 }], 'Karnataka'); // 2360.00 at 18 %, intra-state
    const o2 = await place([{ id: small.id, quantity: 1 }], 'Maharashtra', 'razorpay'); // 899 at 5 % + shipping 100 at 18 %, inter-state
    const o3 = await place([{ id: figure.id, quantity: 1 }], 'Maharashtra'); // 1180 at 18 %, invoiced then cancelled
    const o4 = await place([{ id: small.id, quantity: 2 }], 'Karnataka'); // 1798 at 5 %, on 31 July 23:59 IST
    const o5 = await place([{ id: figure.id, quantity: 1 }], 'Karnataka'); // 1 August 00:00 IST: not July
    await run(o1, '2031-07-02T05:00:00.000Z', confirm);
    // paid online, then confirmed by an admin
    const paymentOrder = (at: string): OrderCommand => ({
      type: 'RecordPaymentOrder',
      data: { providerOrderId: `order_${o2}`, amountPaise: 99_900, provider: 'simulator', by: shopper.user.id, at },
    });
    const payment = (at: string): OrderCommand => ({
      type: 'ConfirmPayment',
      data: { providerOrderId: `order_${o2}`, paymentId: `pay_${o2}`, amountPaise: 99_900, via: 'webhook', by: 'system', at },
    });
    await run(o2, '2031-07-03T04:00:00.000Z', paymentOrder);
    await run(o2, '2031-07-03T04:01:00.000Z', payment);
    await run(o2, '2031-07-03T05:00:00.000Z', status('confirmed'));
    await run(o3, '2031-07-04T05:00:00.000Z', confirm);
    await run(o3, '2031-07-05T05:00:00.000Z', status('cancelled'));
    await run(o4, '2031-07-31T18:29:00.000Z', confirm);
    await run(o5, '2031-07-31T18:30:00.000Z', confirm);
  });
  afterAll(async () => t?.close());

  const get = (url: string, auth = admin.auth) => t.app.inject({ url, headers: auth });

  it('B2CS by place of supply and rate, HSN summary and documents issued, as computed by hand', async () => {
    const response = await get('/api/admin/gst/gstr1?month=2031-07');
    expect(response.statusCode).toBe(200);
    const { gstr1 } = response.json();
    expect(gstr1.b2cs).toEqual([
      // shipping of o2 (8475 / 1525) + o3 (100000 / 18000) − its credit note
      { type: 'OE', placeOfSupply: '27-Maharashtra', rate: 18, taxablePaise: 8_475, igstPaise: 1_525, cgstPaise: 0, sgstPaise: 0 },
      { type: 'OE', placeOfSupply: '27-Maharashtra', rate: 5, taxablePaise: 85_619, igstPaise: 4_281, cgstPaise: 0, sgstPaise: 0 },
      { type: 'OE', placeOfSupply: '29-Karnataka', rate: 18, taxablePaise: 200_000, igstPaise: 0, cgstPaise: 18_000, sgstPaise: 18_000 },
      // 179800 / 1.05 = 171238.10 → 171238, tax 8562 → 4281 + 4281
      { type: 'OE', placeOfSupply: '29-Karnataka', rate: 5, taxablePaise: 171_238, igstPaise: 0, cgstPaise: 4_281, sgstPaise: 4_281 },
    ]);
    expect(gstr1.hsn).toEqual([
      {
        hsn: '95030010',
        description: '',
        uqc: 'NOS-NUMBERS',
        quantity: 2,
        totalValuePaise: 236_000,
        rate: 18,
        taxablePaise: 200_000,
        igstPaise: 0,
        cgstPaise: 18_000,
        sgstPaise: 18_000,
      },
      {
        hsn: '9503',
        description: '',
        uqc: 'NOS-NUMBERS',
        quantity: 3,
        totalValuePaise: 269_700,
        rate: 5,
        taxablePaise: 256_857,
        igstPaise: 4_281,
        cgstPaise: 4_281,
        sgstPaise: 4_281,
      },
      {
        hsn: '996812',
        description: 'Shipping and handling',
        uqc: 'NA-NOT APPLICABLE',
        quantity: 1,
        totalValuePaise: 10_000,
        rate: 18,
        taxablePaise: 8_475,
        igstPaise: 1_525,
        cgstPaise: 0,
        sgstPaise: 0,
      },
    ]);
    expect(gstr1.docs).toEqual([
      { natureOfDocument: 'Invoices for outward supply', from: 'AC/31-32/000001', to: 'AC/31-32/000004', totalNumber: 4, cancelled: 0 },
      { natureOfDocument: 'Credit Note', from: 'CN/31-32/000001', to: 'CN/31-32/000001', totalNumber: 1, cancelled: 0 },
    ]);
    expect(gstr1.totals).toEqual({ taxablePaise: 465_332, igstPaise: 5_806, cgstPaise: 22_281, sgstPaise: 22_281, invoices: 4, creditNotes: 1 });
    expect(gstr1.gstin).toBe('29AAACA1234A1ZG');
    // August holds only o5
    expect((await get('/api/admin/gst/gstr1?month=2031-08')).json().gstr1.totals).toMatchObject({ invoices: 1, creditNotes: 0, taxablePaise: 100_000 });
  });

  it('CSV in the offline tool column order, from the route and from npm run gst', async () => {
    const csv = await get('/api/admin/gst/gstr1?month=2031-07&format=csv&sheet=b2cs');
    expect(csv.headers['content-type']).toContain('text/csv');
    expect(csv.body).toBe(
      [
        'Type,Place Of Supply,Applicable % of Tax Rate,Rate,Taxable Value,Cess Amount,E-Commerce GSTIN',
        'OE,27-Maharashtra,,18,84.75,0.00,',
        'OE,27-Maharashtra,,5,856.19,0.00,',
        'OE,29-Karnataka,,18,2000.00,0.00,',
        'OE,29-Karnataka,,5,1712.38,0.00,',
        '',
      ].join('\n'),
    );
    const lines: string[] = [];
    expect(await runGstCli(['gstr1', '--month', '2031-07', '--format', 'csv'], t.runtime, (l) => lines.push(l))).toBe(0);
    const all = lines.join('\n');
    expect(all).toContain(
      'hsn\nHSN,Description,UQC,Total Quantity,Total Value,Rate,Taxable Value,Integrated Tax Amount,Central Tax Amount,State/UT Tax Amount,Cess Amount\n95030010,,NOS-NUMBERS,2,2360.00,18,2000.00,0.00,180.00,180.00,0.00',
    );
    expect(all).toContain('9503,,NOS-NUMBERS,3,2697.00,5,2568.57,42.81,42.81,42.81,0.00');
    expect(all).toContain(
      'docs\nNature of Document,Sr. No. From,Sr. No. To,Total Number,Cancelled\nInvoices for outward supply,AC/31-32/000001,AC/31-32/000004,4,0\nCredit Note,CN/31-32/000001,CN/31-32/000001,1,0',
    );
    await expect(runGstCli(['gstr1', '--month', '2031-7'], t.runtime, () => undefined)).rejects.toThrow('month must be YYYY-MM');
  });

  it('admin only; a bad month is a 400 with nothing else', async () => {
    expect((await get('/api/admin/gst/gstr1?month=2031-07', shopper.auth)).statusCode).toBe(403);
    expect((await t.app.inject({ url: '/api/admin/gst/gstr1?month=2031-07' })).statusCode).toBe(401);
    const bad = await get('/api/admin/gst/gstr1?month=July');
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toEqual({ success: false, error: 'month must be YYYY-MM' });
    expect((await get('/api/admin/gst/gstr1?month=2031-07&format=xml')).statusCode).toBe(400);
  });

  it('reconciles with the events to the paisa; the auditor sees a read model that drifted', async () => {
    const ok = (await get('/api/admin/audit/gst?month=2031-07')).json().reconciliation;
    expect(ok).toMatchObject({
      reconciled: true,
      differences: [],
      events: { taxablePaise: 465_332, igstPaise: 5_806, cgstPaise: 22_281, sgstPaise: 22_281, invoices: 4, creditNotes: 1 },
    });
    expect(ok.gstr1).toEqual(ok.events);
    expect(await runGstCli(['reconcile', '--month', '2031-07'], t.runtime, () => undefined)).toBe(0);
    // a read model changed behind the log's back (or a projector bug) is reported, document and total
    await t.runtime.pool.query("update invoices set igst_paise = igst_paise + 1 where document_number = 'AC/31-32/000002'");
    const drifted = (await get('/api/admin/gst/reconciliation?month=2031-07')).json().reconciliation;
    expect(drifted.reconciled).toBe(false);
    expect(drifted.differences.map((d: { documentNumber: string }) => d.documentNumber)).toEqual(['AC/31-32/000002']);
    expect(drifted.differences[0].reason).toContain('igst 58.07');
    expect(await runGstCli(['reconcile', '--month', '2031-07'], t.runtime, () => undefined)).toBe(1);
    await t.runtime.pool.query("update invoices set igst_paise = igst_paise - 1 where document_number = 'AC/31-32/000002'");
    await t.runtime.pool.query("delete from invoices where document_number = 'CN/31-32/000001'");
    const missing = (await get('/api/admin/audit/gst?month=2031-07')).json().reconciliation;
    expect(missing.differences.map((d: { documentNumber: string }) => d.documentNumber)).toEqual(['CN/31-32/000001', '(total)']);
  });

  it('replaying the log rebuilds the invoices table and every invoice, JSON and PDF, byte for byte', async () => {
    const rendered = async () => {
      const out: { json: string; pdf: Buffer }[] = [];
      const { rows } = await t.runtime.pool.query<{ kind: string; document: InvoiceIssued; invoice_number: string }>(
        "select kind, document, invoice_number from invoices where kind = 'invoice' order by document_number",
      );
      for (const row of rows) {
        const credits = (
          await t.runtime.pool.query<{ document: CreditNoteIssued }>(
            "select document from invoices where kind = 'credit-note' and invoice_number = $1 order by document_number",
            [row.invoice_number],
          )
        ).rows.map((r) => r.document);
        const document = taxInvoice(row.document, credits);
        out.push({ json: JSON.stringify(document), pdf: await taxInvoicePdf(document) });
      }
      return out;
    };
    const snapshot = async () => (await t.runtime.pool.query('select * from invoices order by document_number')).rows;
    await t.runtime.projections.stop();
    await replay(t.runtime.store, t.runtime.pool, t.runtime.projections.projectors, ['invoices']);
    const before = await snapshot();
    const invoicesBefore = await rendered();
    expect(before).toHaveLength(6);
    await replay(t.runtime.store, t.runtime.pool, t.runtime.projections.projectors, ['invoices']);
    expect(await snapshot()).toEqual(before);
    const invoicesAfter = await rendered();
    expect(invoicesAfter.map((i) => i.json)).toEqual(invoicesBefore.map((i) => i.json));
    invoicesAfter.forEach((i, n) => expect(i.pdf.equals(invoicesBefore[n]!.pdf)).toBe(true));
    // and the same bytes as the shop serves, rebuilt straight from each order's events
    for (const orderId of orderIds) {
      const found = await latestInvoice(t.runtime.store, orderId);
      if (!found) continue;
      const fromEvents = taxInvoice(found.invoice, found.creditNotes);
      const i = invoicesAfter.findIndex((x) => JSON.parse(x.json).invoiceNumber === found.invoice.invoiceNumber);
      expect(JSON.stringify(fromEvents)).toBe(invoicesAfter[i]!.json);
      expect((await taxInvoicePdf(fromEvents)).equals(invoicesAfter[i]!.pdf)).toBe(true);
    }
    await t.runtime.projections.start();
  });
});

describe('GSTR-1 with returns: the credit note of a return goes to the tax period it was issued in', () => {
  let t: TestContext;
  let shopper: Awaited<ReturnType<typeof signUp>>;
  let admin: Awaited<ReturnType<typeof loginAdmin>>;
  beforeAll(async () => {
    t = await createTestApp();
    shopper = await signUp(t.app);
    admin = await loginAdmin(t.app);
    const figure = await createTestProduct(t.runtime, { price: 1199, hsn: '95030020', gstRate: 18, stock: 10 });
    const order = await placeTestOrder(t.app, shopper.auth, { items: [{ id: figure.id, quantity: 3 }], state: 'Karnataka', pincode: '560001' });
    const run = async (at: string, command: OrderCommand) => {
      const { result } = await runOrderCommand(t.runtime.store, order.id, command, { userId: admin.user.id, correlationId: randomUUID(), now: new Date(at) });
      expect(result).not.toBeNull();
      await t.runtime.projections.waitFor(result!.position);
    };
    const status = (status: 'shipped' | 'delivered', at: string): OrderCommand => ({
      type: 'ChangeOrderStatus',
      data: { status, generatedTrackingNumber: 'AWB1', by: admin.user.id, at },
    });
    /** One unit asked back, approved and received (refunded, with its credit note) at `receivedAt`. */
    const returnOne = async (returnId: string, askedAt: string, receivedAt: string) => {
      const items = [{ productId: figure.id, quantity: 1 }];
      await run(askedAt, { type: 'RequestReturn', data: { returnId, items, reason: 'Box crushed', upiId: 'asha@okaxis', by: shopper.user.id, at: askedAt } });
      await run(askedAt, {
        type: 'ApproveReturn',
        data: { returnId, pickup: { awb: 'SIMR0000000001', courier: 'Simulator Express' }, by: admin.user.id, at: askedAt },
      });
      await run(receivedAt, { type: 'ReceiveReturn', data: { returnId, resellable: [], by: admin.user.id, at: receivedAt } });
    };
    await run('2031-09-20T05:00:00.000Z', { type: 'ConfirmOrder', data: { by: shopper.user.id, at: '2031-09-20T05:00:00.000Z' } });
    await run('2031-09-22T05:00:00.000Z', status('shipped', '2031-09-22T05:00:00.000Z'));
    await run('2031-09-25T05:00:00.000Z', status('delivered', '2031-09-25T05:00:00.000Z'));
    await returnOne(randomUUID(), '2031-09-26T05:00:00.000Z', '2031-09-28T05:00:00.000Z');
    // Received at 1 October 00:00 India time (30 September in UTC): an October credit note.
    await returnOne(randomUUID(), '2031-09-29T05:00:00.000Z', '2031-09-30T18:30:00.000Z');
  });
  afterAll(async () => t?.close());

  const get = (url: string) => t.app.inject({ url, headers: admin.auth });

  it('September: the invoice less the first return; October: the second return alone, negative; to the paisa, computed by hand', async () => {
    // Invoice: 3 × ₹1,199 = 359700 at 18 %, intra-state: taxable 304830.51 → 304831, tax 54869 → CGST 27435 + SGST 27434.
    // Each return: 119900 → taxable 101610.17 → 101610, tax 18290 → 9145 + 9145.
    const september = (await get('/api/admin/gst/gstr1?month=2031-09')).json().gstr1;
    expect(september.b2cs).toEqual([
      { type: 'OE', placeOfSupply: '29-Karnataka', rate: 18, taxablePaise: 203_221, igstPaise: 0, cgstPaise: 18_290, sgstPaise: 18_289 },
    ]);
    expect(september.hsn).toEqual([
      expect.objectContaining({
        hsn: '95030020',
        quantity: 2,
        totalValuePaise: 239_800,
        taxablePaise: 203_221,
        cgstPaise: 18_290,
        sgstPaise: 18_289,
        igstPaise: 0,
      }),
    ]);
    expect(september.docs).toEqual([
      { natureOfDocument: 'Invoices for outward supply', from: 'AC/31-32/000001', to: 'AC/31-32/000001', totalNumber: 1, cancelled: 0 },
      { natureOfDocument: 'Credit Note', from: 'CN/31-32/000001', to: 'CN/31-32/000001', totalNumber: 1, cancelled: 0 },
    ]);
    expect(september.totals).toEqual({ taxablePaise: 203_221, igstPaise: 0, cgstPaise: 18_290, sgstPaise: 18_289, invoices: 1, creditNotes: 1 });

    const october = (await get('/api/admin/gst/gstr1?month=2031-10')).json().gstr1;
    expect(october.b2cs).toEqual([
      { type: 'OE', placeOfSupply: '29-Karnataka', rate: 18, taxablePaise: -101_610, igstPaise: 0, cgstPaise: -9_145, sgstPaise: -9_145 },
    ]);
    expect(october.hsn).toEqual([expect.objectContaining({ hsn: '95030020', quantity: -1, totalValuePaise: -119_900, taxablePaise: -101_610 })]);
    expect(october.docs).toEqual([{ natureOfDocument: 'Credit Note', from: 'CN/31-32/000002', to: 'CN/31-32/000002', totalNumber: 1, cancelled: 0 }]);
    expect(october.totals).toEqual({ taxablePaise: -101_610, igstPaise: 0, cgstPaise: -9_145, sgstPaise: -9_145, invoices: 0, creditNotes: 1 });
    const csv = (await get('/api/admin/gst/gstr1?month=2031-10&format=csv&sheet=b2cs')).body;
    expect(csv.split('\n')[1]).toBe('OE,29-Karnataka,,18,-1016.10,0.00,');
  });

  it('each month reconciles with the log to the paisa', async () => {
    for (const [month, events] of [
      ['2031-09', { taxablePaise: 203_221, igstPaise: 0, cgstPaise: 18_290, sgstPaise: 18_289, invoices: 1, creditNotes: 1 }],
      ['2031-10', { taxablePaise: -101_610, igstPaise: 0, cgstPaise: -9_145, sgstPaise: -9_145, invoices: 0, creditNotes: 1 }],
    ] as const) {
      const reconciliation = (await get(`/api/admin/audit/gst?month=${month}`)).json().reconciliation;
      expect(reconciliation).toMatchObject({ reconciled: true, differences: [], events });
      expect(reconciliation.gstr1).toEqual(reconciliation.events);
    }
  });
});
