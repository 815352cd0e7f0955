import { execFileSync } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { specApp } from '../../../../tests/helpers/spec-app.js';
import { createTestProduct } from '../../../../tests/helpers/test-products.js';
import { placeTestOrder } from '../test-orders.js';

/** The PDF's text as poppler's pdftotext reads it (apt-get install poppler-utils). */
function pdfText(pdf: Buffer): string {
  const file = path.join(mkdtempSync(path.join(os.tmpdir(), 'invoice-')), 'invoice.pdf');
  writeFileSync(file, pdf);
  return execFileSync('pdftotext', ['-layout', file, '-'], { encoding: 'utf8' });
}

describe('the tax invoice (JSON and PDF) of a confirmed order', () => {
  const s = specApp({ admin: true });

  it('carries every Rule 46 field, in the JSON and in the PDF text read back with pdftotext; shopper and admin get the same bytes', async () => {
    const figure = await createTestProduct(s.t.runtime, { price: 2499, name: '鬼滅の刃 Tanjiro Figure', hsn: '95030010', gstRate: 18 });
    const keychain = await createTestProduct(s.t.runtime, { price: 349, name: 'Akatsuki Keychain', category: 'Keychains' });
    const order = await placeTestOrder(s.t.app, s.shopper.auth, {
      items: [
        { id: figure.id, quantity: 1 },
        { id: keychain.id, quantity: 2 },
      ],
      state: 'Karnataka',
      pincode: '560001',
      name: 'Asha Rao',
    });
    const confirm = await s.t.app.inject({ method: 'PUT', url: `/api/orders/${order.id}/status`, headers: s.shopper.auth, payload: { status: 'confirmed' } });
    expect(confirm.statusCode).toBe(200);

    const { invoice } = (await s.t.app.inject({ url: `/api/orders/${order.id}/invoice`, headers: s.shopper.auth })).json();
    // the spec's fields stay
    expect(invoice).toMatchObject({
      orderNumber: order.orderNumber,
      customer: { name: 'Asha Rao' },
      items: [
        { name: '鬼滅の刃 Tanjiro Figure', quantity: 1, price: 2499, total: 2499 },
        { name: 'Akatsuki Keychain', quantity: 2, price: 349, total: 698 },
      ],
      summary: { subtotal: 3197, shipping: 0, total: 3197 },
    });
    // 249900 / 1.18 = 211779.66 → 211780 (tax 38120 → 19060 + 19060); 69800 / 1.18 = 59152.54 → 59153 (tax 10647 → 5324 + 5323)
    expect(invoice.summary.tax).toBe(487.67);
    expect(invoice).toMatchObject({
      title: 'Tax Invoice',
      copy: 'Original for Recipient',
      invoiceNumber: 'AC/26-27/000001',
      seller: {
        legalName: 'Anime Collectibles (Demo) Private Limited',
        address: '12 Brigade Road, Bengaluru 560001',
        gstin: '29AAACA1234A1ZG',
        state: { code: '29', name: 'Karnataka' },
      },
      recipient: { name: 'Asha Rao', address: '14 Residency Road', pincode: '560001', state: { code: '29', name: 'Karnataka' } },
      placeOfSupply: { code: '29', name: 'Karnataka' },
      reverseCharge: 'No',
      lines: [
        {
          description: '鬼滅の刃 Tanjiro Figure',
          hsn: '95030010',
          quantity: 1,
          unit: 'NOS',
          taxableValue: 2117.8,
          rate: 18,
          cgstRate: 9,
          cgst: 190.6,
          sgstRate: 9,
          sgst: 190.6,
          igst: 0,
        },
        { description: 'Akatsuki Keychain', hsn: '3926', quantity: 2, unit: 'NOS', taxableValue: 591.53, rate: 18, cgst: 53.24, sgst: 53.23, igst: 0 },
      ],
      totals: { taxableValue: 2709.33, cgst: 243.84, sgst: 243.83, igst: 0, tax: 487.67, total: 3197 },
      amountInWords: 'Indian Rupees Three Thousand One Hundred Ninety Seven Only',
      signature: { for: 'Anime Collectibles (Demo) Private Limited', label: 'Authorised Signatory' },
    });

    const shopperPdf = (await s.t.app.inject({ url: `/api/orders/${order.id}/invoice.pdf`, headers: s.shopper.auth })).rawPayload;
    const adminPdf = (await s.t.app.inject({ url: `/api/orders/${order.id}/invoice?format=pdf`, headers: s.admin.auth })).rawPayload;
    expect(adminPdf.equals(shopperPdf)).toBe(true);
    const text = pdfText(shopperPdf);
    for (const field of [
      'Tax Invoice',
      'Original for Recipient',
      'Anime Collectibles (Demo) Private Limited',
      '12 Brigade Road, Bengaluru 560001',
      'GSTIN: 29AAACA1234A1ZG',
      'State: Karnataka (State code 29)',
      'Invoice No.: AC/26-27/000001',
      `Invoice Date: ${invoice.invoiceDate}`,
      `Order No.: ${order.orderNumber}`,
      'Place of Supply: Karnataka (29)',
      'Reverse Charge: No',
      'Asha Rao',
      '14 Residency Road',
      'HSN/SAC',
      '95030010',
      '3926',
      'Tanjiro Figure',
      'Akatsuki Keychain',
      'NOS',
      'Taxable value',
      '18%',
      'CGST',
      'SGST',
      'IGST',
      '₹2,117.80',
      '₹190.60',
      '₹53.24',
      '₹53.23',
      'Total taxable value: ₹2,709.33',
      'CGST: ₹243.84',
      'SGST: ₹243.83',
      'Total tax: ₹487.67',
      'Invoice total: ₹3,197.00',
      'Amount in words: Indian Rupees Three Thousand One Hundred Ninety Seven Only',
      'For Anime Collectibles (Demo) Private Limited',
      'Authorised Signatory',
    ]) {
      expect(text, field).toContain(field);
    }
    expect(invoice.invoiceDate).toMatch(/^\d{2}-\d{2}-\d{4}$/);
  });

  it('an order not yet confirmed still answers the spec summary (no tax invoice yet)', async () => {
    const product = await createTestProduct(s.t.runtime, { price: 1180 });
    const order = await placeTestOrder(s.t.app, s.shopper.auth, { items: [{ id: product.id, quantity: 1 }], state: 'Goa', pincode: '403001' });
    const { invoice } = (await s.t.app.inject({ url: `/api/orders/${order.id}/invoice`, headers: s.shopper.auth })).json();
    expect(invoice.invoiceNumber).toBeUndefined();
    // Its tax is already the GST of each line at its own rate (a figure: 5 %), as the tax invoice will show it.
    expect(invoice.summary).toMatchObject({ subtotal: 1180, tax: 56.19, total: 1180 });
  });
});
