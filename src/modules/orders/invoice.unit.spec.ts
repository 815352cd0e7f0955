import { describe, expect, it } from 'vitest';
import { fontFor, invoiceMoney } from '../gst/invoices/pdf-document.js';
import { invoicePdf, type Invoice } from './invoice.js';

const invoice: Invoice = {
  orderNumber: 'AC-2026-000042',
  orderId: '00000000-0000-4000-8000-000000000042',
  date: '2026-11-22T10:00:00.000Z',
  customer: { name: '山田 花子', email: 'hanako@example.com' },
  shippingAddress: {
    name: '山田 花子',
    address: '12 MG Road',
    addressLine2: '',
    city: 'Bengaluru',
    state: 'Karnataka',
    pincode: '560001',
    phone: '9876543210',
  },
  paymentMethod: 'cod',
  paymentStatus: 'pending',
  items: [
    { name: '鬼滅の刃 竈門炭治郎 Tanjiro Kamado Desk Figure', quantity: 1, price: 2499, total: 2499 },
    { name: 'Naruto Keychain', quantity: 2, price: 199, total: 398 },
  ],
  summary: { subtotal: 2897, shipping: 0, tax: 179.72, total: 2897 },
} as unknown as Invoice;

describe('invoice PDF', () => {
  it('writes rupees with the ₹ sign in en-IN grouping', () => {
    expect(invoiceMoney(123456.5)).toBe('₹1,23,456.50');
  });

  it('sets ₹ and Latin text in DejaVu Sans and Japanese product names in Noto Sans JP', () => {
    expect(fontFor(invoiceMoney(2499))).toBe('regular');
    expect(fontFor('Naruto Keychain')).toBe('regular');
    expect(fontFor('Item', 'bold')).toBe('bold');
    expect(fontFor('鬼滅の刃 竈門炭治郎 Tanjiro Kamado Desk Figure')).toBe('japanese');
    expect(fontFor('Bill to: 山田 花子')).toBe('japanese');
  });

  it('embeds the fonts it uses (subset), not Helvetica, so ₹ and kanji print', async () => {
    const pdf = (await invoicePdf(invoice)).toString('latin1');
    expect(pdf.startsWith('%PDF-')).toBe(true);
    expect(pdf).toMatch(/\/BaseFont \/[A-Z]{6}\+DejaVuSans\b/);
    expect(pdf).toMatch(/\/BaseFont \/[A-Z]{6}\+DejaVuSans-Bold\b/);
    expect(pdf).toMatch(/\/BaseFont \/[A-Z]{6}\+NotoSansJP/);
    expect(pdf).not.toContain('Helvetica');
  });
});
