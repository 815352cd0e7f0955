import { describe, expect, it } from 'vitest';
import {
  COD_MESSAGE,
  COD_MINIMUM_PAISE,
  codAllowed,
  FREE_SHIPPING_FROM_PAISE,
  gstContained,
  priceLines,
  shippingFor,
  SHIPPING_FEE_PAISE,
  toPaise,
  toRupees,
} from './pricing.js';

describe('money rules in paise', () => {
  it('the spec values', () => {
    expect([FREE_SHIPPING_FROM_PAISE, SHIPPING_FEE_PAISE, COD_MINIMUM_PAISE]).toEqual([100000, 10000, 100000]);
    expect(COD_MESSAGE).toBe('Cash on Delivery is only available for orders above ₹1000.');
  });

  it.each([
    [1299.99, 129999],
    [0.1 + 0.2, 30],
    [1000, 100000],
    ['1000', 100000],
    [' 12.5 ', 1250],
    ['12.05', 1205],
    ['12.059', 1205],
    ['0', 0],
    [-5.5, -550],
    ['-0.01', -1],
  ] as const)('toPaise(%s) = %s', (rupees, paise) => expect(toPaise(rupees)).toBe(paise));

  it.each(['', 'abc', '1e3', '12.', '.5', '1,000', '--1', '0x10'])('toPaise refuses %j', (text) => expect(() => toPaise(text)).toThrow('Invalid amount'));

  it('toRupees gives a JSON number with at most 2 decimals', () => {
    expect([toRupees(129999), toRupees(100000), toRupees(1), toRupees(-550)]).toEqual([1299.99, 1000, 0.01, -5.5]);
  });

  it('shipping is free from ₹1000 exactly, ₹100 below', () => {
    expect([shippingFor(99999), shippingFor(100000), shippingFor(100001), shippingFor(0)]).toEqual([10000, 0, 0, 10000]);
  });

  it('prices lines: subtotal of unit price × quantity, then shipping', () => {
    expect(
      priceLines([
        { unitPricePaise: 30000, quantity: 2 },
        { unitPricePaise: 10000, quantity: 3 },
      ]),
    ).toEqual({ subtotalPaise: 90000, shippingPaise: 10000, totalPaise: 100000 });
    expect(priceLines([{ unitPricePaise: 50000, quantity: 2 }])).toEqual({ subtotalPaise: 100000, shippingPaise: 0, totalPaise: 100000 });
    expect(priceLines([])).toEqual({ subtotalPaise: 0, shippingPaise: 10000, totalPaise: 10000 });
  });

  it('cash on delivery from ₹1000 exactly', () => {
    expect([codAllowed(99999), codAllowed(100000), codAllowed(250000)]).toEqual([false, true, true]);
  });

  it('GST contained in an inclusive total, rounded to the paisa', () => {
    expect(gstContained(118000, 0.18)).toBe(18000);
    expect(gstContained(10500, 0.05)).toBe(500);
    expect(gstContained(99999, 0.18)).toBe(15254); // 99999 - 84745.08 = 15253.92 -> nearest paisa
    expect(gstContained(1, 0.18)).toBe(0);
  });
});
