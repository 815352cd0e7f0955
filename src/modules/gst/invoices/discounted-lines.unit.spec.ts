import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { priceCoupon } from '../../promotions/index.js';
import { buildCreditNote, buildInvoiceIssued, type InvoicedOrder } from './issue-invoice.js';
import { gstSettingsFrom } from '../settings.js';
import { couponTerms } from '../../../../tests/helpers/coupon-terms.js';

const settings = gstSettingsFrom({});
const shippingFor = (itemsPaise: number) => (itemsPaise >= 1000_00 ? 0 : 100_00);

describe('GST of discounted lines (property)', () => {
  it('over random carts, rates and coupons: each line taxable + GST = what was paid for it, lines sum to the total paid, a credit note returns no more', () => {
    const cart = fc.array(
      fc.record({
        unitPricePaise: fc.integer({ min: 1, max: 2_000_000 }),
        quantity: fc.integer({ min: 1, max: 10 }),
        rate: fc.constantFrom(0, 0.25, 3, 5, 12, 18, 28),
        keychain: fc.boolean(),
      }),
      { minLength: 1, maxLength: 10 },
    );
    const coupon = fc.record({
      kind: fc.constantFrom('percent' as const, 'amount' as const),
      value: fc.integer({ min: 1, max: 10_000_000 }),
      keychainsOnly: fc.boolean(),
      state: fc.constantFrom('Karnataka', 'Maharashtra'),
    });
    fc.assert(
      fc.property(cart, coupon, (rows, c) => {
        const items = rows.map((r, i) => ({
          lineNo: i + 1,
          productId: `p${i}`,
          name: `Item ${i}`,
          category: r.keychain ? 'Keychains' : 'Anime Figures',
          unitPricePaise: r.unitPricePaise,
          quantity: r.quantity,
        }));
        const priced = priceCoupon(
          couponTerms({
            kind: c.kind,
            value: c.kind === 'percent' ? Math.min(c.value, 10_000) : c.value,
            categories: c.keychainsOnly ? ['keychains'] : [],
          }),
          items,
        );
        const discounted = items.map((l) => ({ ...l, discountPaise: priced.lineDiscounts.get(l.lineNo) ?? 0 }));
        const itemsPaid = discounted.reduce((s, l) => s + l.unitPricePaise * l.quantity - l.discountPaise, 0);
        const order: InvoicedOrder = {
          orderId: 'o',
          orderNumber: 'AC-2026-000001',
          customerName: 'A',
          customerEmail: 'a@example.in',
          paymentMethod: 'razorpay',
          shippingPaise: shippingFor(itemsPaid),
          items: discounted,
          shippingAddress: { name: 'A', address: '1 Road', addressLine2: '', city: 'X', state: c.state, pincode: '560001', phone: '' },
        };
        const invoice = buildInvoiceIssued({
          order,
          invoiceNumber: 'AC/26-27/000001',
          financialYear: '2026-27',
          issuedAt: '2026-11-28T10:00:00.000Z',
          settings,
          classify: (item) => ({ hsn: '9503', rate: rows[item.lineNo - 1]!.rate }),
        });
        for (const line of invoice.lines) {
          expect(line.taxablePaise).toBeGreaterThanOrEqual(0);
          expect(line.taxablePaise + line.cgstPaise + line.sgstPaise + line.igstPaise).toBe(line.grossPaise);
        }
        const discounts = invoice.lines.reduce((s, l) => s + (l.discountPaise ?? 0), 0);
        expect(discounts).toBe(priced.discountPaise);
        expect(invoice.totals.totalPaise).toBe(itemsPaid + order.shippingPaise);
        expect(invoice.totals.taxablePaise + invoice.totals.taxPaise).toBe(invoice.totals.totalPaise);
        const credit = buildCreditNote({
          invoice,
          creditNotes: [],
          creditNoteNumber: 'CN/26-27/000001',
          financialYear: '2026-27',
          issuedAt: invoice.issuedAt,
          reason: 'refunded',
        });
        expect(credit!.totals.totalPaise).toBeLessThanOrEqual(invoice.totals.totalPaise);
      }),
      { numRuns: 300 },
    );
  });
});
