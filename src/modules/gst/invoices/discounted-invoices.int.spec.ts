import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, loginAdmin, signUp, type TestContext } from '../../../../tests/helpers/test-runtime.js';
import { createTestProduct } from '../../../../tests/helpers/test-products.js';
import { runOrderCommand, type OrderState } from '../../orders/index.js';
import { taxDocumentsStream, type CreditNoteIssued, type InvoiceIssued } from './documents.js';

/**
 * A coupon's discount on GST-inclusive prices: each line's discount comes off its inclusive amount, and its taxable
 * value and GST are what the remainder contains; invoices, credit notes, GSTR-1 and the reconciliation follow.
 */
describe('invoices of discounted orders', () => {
  let t: TestContext;
  let admin: Awaited<ReturnType<typeof loginAdmin>>;
  let shopper: Awaited<ReturnType<typeof signUp>>;
  const placed: { id: string }[] = [];
  beforeAll(async () => {
    t = await createTestApp();
    admin = await loginAdmin(t.app);
    shopper = await signUp(t.app);
    const figure = await createTestProduct(t.runtime, { price: 1180, hsn: '95030010', gstRate: 18 });
    const keychain = await createTestProduct(t.runtime, { price: 525, hsn: '95030090', gstRate: 5, category: 'Keychains' });
    const coupon = await t.app.inject({
      method: 'POST',
      url: '/api/admin/coupons',
      headers: admin.auth,
      payload: { code: 'GST300', kind: 'amount', value: 300 },
    });
    expect(coupon.statusCode).toBe(201);
    for (let i = 0; i < 2; i++) {
      const response = await t.app.inject({
        method: 'POST',
        url: '/api/orders',
        headers: shopper.auth,
        payload: {
          shipping_name: 'Asha Rao',
          shipping_address: '14 Residency Road',
          shipping_city: 'Bengaluru',
          shipping_state: 'Karnataka',
          shipping_pincode: '560001',
          payment_method: 'cod',
          coupon_code: 'gst300',
          items: [
            { id: figure.id, quantity: 1 },
            { id: keychain.id, quantity: 2 },
          ],
        },
      });
      expect(response.statusCode).toBe(201);
      placed.push(response.json().order);
    }
    const run = async (orderId: string, at: string, data: Record<string, unknown>, type: 'ConfirmOrder' | 'ChangeOrderStatus') => {
      const command = (type === 'ConfirmOrder' ? { type, data: { by: shopper.user.id, at } } : { type, data: { ...data, by: admin.user.id, at } }) as never;
      const { result } = await runOrderCommand(t.runtime.store, orderId, command, { userId: shopper.user.id, correlationId: randomUUID(), now: new Date(at) });
      if (result) await t.runtime.projections.waitFor(result.position);
    };
    await run(placed[0]!.id, '2032-03-02T05:00:00.000Z', {}, 'ConfirmOrder');
    await run(placed[1]!.id, '2032-03-03T05:00:00.000Z', {}, 'ConfirmOrder');
    await run(placed[1]!.id, '2032-03-04T05:00:00.000Z', { status: 'cancelled', generatedTrackingNumber: 'AWB1' }, 'ChangeOrderStatus');
  });
  afterAll(async () => t?.close());

  const documents = async (orderId: string) => (await t.runtime.store.readStream(taxDocumentsStream(orderId))).map((e) => e.data);

  it('the invoice shows each line after its share of the discount, taxed on what remains, to the paisa (computed by hand)', async () => {
    const [invoice] = (await documents(placed[0]!.id)) as InvoiceIssued[];
    // ₹300 over ₹1,180 and ₹1,050: 158.744… and 141.255…; the odd paisa goes to the larger remainder (the keychains).
    expect(invoice!.lines).toMatchObject([
      {
        kind: 'goods',
        unitPricePaise: 118_000,
        discountPaise: 15_874,
        grossPaise: 102_126,
        rate: 18,
        taxablePaise: 86_547,
        cgstPaise: 7_790,
        sgstPaise: 7_789,
      },
      {
        kind: 'goods',
        unitPricePaise: 52_500,
        quantity: 2,
        discountPaise: 14_126,
        grossPaise: 90_874,
        rate: 5,
        taxablePaise: 86_547,
        cgstPaise: 2_164,
        sgstPaise: 2_163,
      },
    ]);
    expect(invoice!.lines).toHaveLength(2); // ₹1,930 after the discount: free shipping
    expect(invoice!.totals).toEqual({ taxablePaise: 173_094, cgstPaise: 9_954, sgstPaise: 9_952, igstPaise: 0, taxPaise: 19_906, totalPaise: 193_000 });
    for (const l of invoice!.lines) expect(l.taxablePaise + l.cgstPaise + l.sgstPaise + l.igstPaise).toBe(l.grossPaise);

    const shown = (await t.app.inject({ url: `/api/orders/${placed[0]!.id}/invoice`, headers: shopper.auth })).json().invoice;
    expect(shown.summary).toMatchObject({ subtotal: 1930, discount: 300, shipping: 0, total: 1930 });
    expect(shown.items).toEqual([
      { name: expect.any(String), quantity: 1, price: 1180, discount: 158.74, total: 1021.26 },
      { name: expect.any(String), quantity: 2, price: 525, discount: 141.26, total: 908.74 },
    ]);
    expect(shown.lines[0]).toMatchObject({ value: 1180, discount: 158.74, taxableValue: 865.47, total: 1021.26 });
    const pdf = await t.app.inject({ url: `/api/orders/${placed[0]!.id}/invoice.pdf`, headers: shopper.auth });
    expect(pdf.statusCode).toBe(200);
  });

  it('the credit note of a cancelled discounted order reverses what was paid, line by line', async () => {
    const [invoice, credit] = (await documents(placed[1]!.id)) as [InvoiceIssued, CreditNoteIssued];
    expect(credit.lines).toEqual(invoice.lines);
    expect(credit.totals.totalPaise).toBe(193_000);
    const state = (await import('../../orders/index.js')).loadOrder;
    const order: OrderState = (await state(t.runtime.store, placed[1]!.id)).state;
    expect(order.status === 'active' && order.order.totalPaise).toBe(193_000);
  });

  it('GSTR-1 (B2CS and HSN) carries the discounted values and the reconciliation balances', async () => {
    const gstr1 = (await t.app.inject({ url: '/api/admin/gst/gstr1?month=2032-03', headers: admin.auth })).json().gstr1;
    expect(gstr1.totals).toEqual({ taxablePaise: 173_094, igstPaise: 0, cgstPaise: 9_954, sgstPaise: 9_952, invoices: 2, creditNotes: 1 });
    const hsn = Object.fromEntries(gstr1.hsn.map((h: { hsn: string; totalValuePaise: number; taxablePaise: number }) => [h.hsn, h]));
    expect(hsn['95030010']).toMatchObject({ totalValuePaise: 102_126, taxablePaise: 86_547 });
    expect(hsn['95030090']).toMatchObject({ totalValuePaise: 90_874, taxablePaise: 86_547 });
    const reconciliation = (await t.app.inject({ url: '/api/admin/gst/reconciliation?month=2032-03', headers: admin.auth })).json().reconciliation;
    expect(reconciliation).toMatchObject({ reconciled: true, differences: [] });
  });
});
