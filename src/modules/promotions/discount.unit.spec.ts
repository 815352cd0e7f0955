import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { discountOn, priceCoupon, spreadDiscount, type CartLine } from './discount.js';
import { couponTerms as terms } from '../../../tests/helpers/coupon-terms.js';

const line = (lineNo: number, unitPricePaise: number, quantity = 1, category = 'Anime Figures'): CartLine => ({
  lineNo,
  productId: `p${lineNo}`,
  category,
  unitPricePaise,
  quantity,
});

describe('spreading a discount over lines (largest remainder)', () => {
  it('gives the odd paise to the lines with the largest remainders, ties to the lower line number', () => {
    // 100 paise over three equal lines: 33 each, one paisa left for line 1.
    expect([
      ...spreadDiscount(
        100,
        [1, 2, 3].map((n) => ({ lineNo: n, amountPaise: 1000 })),
      ),
    ]).toEqual([
      [1, 34],
      [2, 33],
      [3, 33],
    ]);
    // 10 over 1:2 — 3.33 and 6.67: the larger remainder (line 2) takes the paisa.
    expect([
      ...spreadDiscount(10, [
        { lineNo: 1, amountPaise: 100 },
        { lineNo: 2, amountPaise: 200 },
      ]),
    ]).toEqual([
      [1, 3],
      [2, 7],
    ]);
  });

  it('a percentage is rounded half up to the paisa; a fixed amount never exceeds what it applies to', () => {
    expect(discountOn({ kind: 'percent', value: 1000 }, 12_345)).toBe(1235); // 1234.5 → 1235
    expect(discountOn({ kind: 'percent', value: 1000 }, 12_344)).toBe(1234);
    expect(discountOn({ kind: 'amount', value: 50_000 }, 29_900)).toBe(29_900);
    expect(discountOn({ kind: 'percent', value: 10_000 }, 29_900)).toBe(29_900);
  });

  it('applies to the lines of its categories (any case) or products only', () => {
    const lines = [line(1, 100_00, 1, 'Anime Figures'), line(2, 50_00, 2, 'Keychains')];
    const priced = priceCoupon(terms({ categories: ['keychains'] }), lines);
    expect(priced.basePaise).toBe(100_00);
    expect(priced.discountPaise).toBe(10_00);
    expect([...priced.lineDiscounts]).toEqual([
      [1, 0],
      [2, 10_00],
    ]);
    expect(priceCoupon(terms({ productIds: ['p1'] }), lines).lineDiscounts.get(1)).toBe(10_00);
  });

  const cart = fc.array(
    fc.record({ unitPricePaise: fc.integer({ min: 1, max: 5_000_000 }), quantity: fc.integer({ min: 1, max: 10 }), keychain: fc.boolean() }),
    { minLength: 1, maxLength: 12 },
  );
  const coupon = fc.oneof(
    fc.record({ kind: fc.constant('percent' as const), value: fc.integer({ min: 1, max: 10_000 }) }),
    fc.record({ kind: fc.constant('amount' as const), value: fc.integer({ min: 1, max: 100_000_000 }) }),
  );

  it('property: line discounts sum to the discount, none is negative or exceeds its line', () => {
    fc.assert(
      fc.property(cart, coupon, fc.boolean(), (rows, c, onlyKeychains) => {
        const lines = rows.map((r, i) => line(i + 1, r.unitPricePaise, r.quantity, r.keychain ? 'Keychains' : 'Anime Figures'));
        const priced = priceCoupon(terms({ ...c, categories: onlyKeychains ? ['keychains'] : [] }), lines);
        const shares = [...priced.lineDiscounts.values()];
        expect(shares.reduce((s, d) => s + d, 0)).toBe(priced.discountPaise);
        lines.forEach((l) => {
          const d = priced.lineDiscounts.get(l.lineNo)!;
          expect(d).toBeGreaterThanOrEqual(0);
          expect(d).toBeLessThanOrEqual(l.unitPricePaise * l.quantity);
        });
      }),
      { numRuns: 500 },
    );
  });

  it('property: the spread is proportional: each share is within one paisa of its exact part', () => {
    fc.assert(
      fc.property(fc.array(fc.integer({ min: 0, max: 10_000_000 }), { minLength: 1, maxLength: 20 }), fc.nat(), (amounts, d) => {
        const total = amounts.reduce((s, a) => s + a, 0);
        const discount = total === 0 ? 0 : d % (total + 1);
        const shares = spreadDiscount(
          discount,
          amounts.map((a, i) => ({ lineNo: i + 1, amountPaise: a })),
        );
        expect([...shares.values()].reduce((s, x) => s + x, 0)).toBe(discount);
        amounts.forEach((a, i) => {
          const exact = total === 0 ? 0 : (discount * a) / total;
          expect(Math.abs(shares.get(i + 1)! - exact)).toBeLessThan(1 + 1e-9);
        });
      }),
      { numRuns: 500 },
    );
  });
});
