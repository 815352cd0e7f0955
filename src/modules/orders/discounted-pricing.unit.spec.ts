import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { priceCoupon } from '../promotions/index.js';
import { codAllowed, priceDiscountedLines } from './pricing.js';
import { couponTerms } from '../../../tests/helpers/coupon-terms.js';

const terms = (kind: 'percent' | 'amount', value: number) => couponTerms({ kind, value });

describe('order amounts after a coupon', () => {
  it('free shipping and the COD minimum are judged after the discount: ₹1,100 less 20% pays ₹100 shipping, ₹980 in all', () => {
    const amounts = priceDiscountedLines([{ unitPricePaise: 1100_00, quantity: 1, discountPaise: 220_00 }]);
    expect(amounts).toEqual({ subtotalPaise: 1100_00, discountPaise: 220_00, shippingPaise: 100_00, totalPaise: 980_00 });
    expect(codAllowed(amounts.totalPaise)).toBe(false);
    expect(priceDiscountedLines([{ unitPricePaise: 1250_00, quantity: 1, discountPaise: 250_00 }]).shippingPaise).toBe(0);
  });

  it('a discount larger than a line counts for the line only: nothing goes below zero', () => {
    expect(priceDiscountedLines([{ unitPricePaise: 100, quantity: 1, discountPaise: 500 }])).toEqual({
      subtotalPaise: 100,
      discountPaise: 100,
      shippingPaise: 100_00,
      totalPaise: 100_00,
    });
  });

  it('property: over random carts and coupons the total is never negative and always subtotal − discount + shipping', () => {
    const cart = fc.array(fc.record({ unitPricePaise: fc.integer({ min: 1, max: 5_000_000 }), quantity: fc.integer({ min: 1, max: 10 }) }), {
      minLength: 1,
      maxLength: 12,
    });
    const coupon = fc.oneof(
      fc.integer({ min: 1, max: 10_000 }).map((v) => terms('percent', v)),
      fc.integer({ min: 1, max: 100_000_000 }).map((v) => terms('amount', v)),
    );
    fc.assert(
      fc.property(cart, coupon, (rows, t) => {
        const lines = rows.map((r, i) => ({ ...r, lineNo: i + 1, productId: `p${i}`, category: 'Anime Figures' }));
        const priced = priceCoupon(t, lines);
        const amounts = priceDiscountedLines(lines.map((l) => ({ ...l, discountPaise: priced.lineDiscounts.get(l.lineNo) })));
        expect(amounts.discountPaise).toBe(priced.discountPaise);
        expect(amounts.totalPaise).toBeGreaterThanOrEqual(0);
        expect(amounts.subtotalPaise - amounts.discountPaise).toBeGreaterThanOrEqual(0);
        expect(amounts.totalPaise).toBe(amounts.subtotalPaise - amounts.discountPaise + amounts.shippingPaise);
      }),
      { numRuns: 500 },
    );
  });
});
