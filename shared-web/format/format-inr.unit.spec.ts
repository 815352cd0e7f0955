import { describe, expect, it } from 'vitest';
import { formatINR } from './format.js';

const intl = new Intl.NumberFormat('en-IN', { style: 'currency', currency: 'INR', maximumFractionDigits: 2, minimumFractionDigits: 2 });
/** en-IN money: two decimals when there are paise, none for whole rupees. */
const reference = (amount: number) => intl.format(amount).replace(/\.00$/, '');

describe('formatINR', () => {
  it('groups rupees the Indian way', () => {
    expect(formatINR(0)).toBe('₹0');
    expect(formatINR(999)).toBe('₹999');
    expect(formatINR(1000)).toBe('₹1,000');
    expect(formatINR(129999)).toBe('₹1,29,999');
    expect(formatINR(12345678.9)).toBe('₹1,23,45,678.90');
    expect(formatINR(1299.5)).toBe('₹1,299.50');
    expect(formatINR(1299)).toBe('₹1,299');
    expect(formatINR(1299.05)).toBe('₹1,299.05');
  });

  it('shows nothing odd for amounts that are not numbers', () => {
    expect(formatINR(Number.NaN)).toBe('₹0');
    expect(formatINR(Number.POSITIVE_INFINITY)).toBe('₹0');
    expect(formatINR('1299.5')).toBe('₹1,299.50');
    expect(formatINR(null)).toBe('₹0');
  });

  it("answers what Intl.NumberFormat('en-IN', INR) answers with two decimals, less a '.00'", () => {
    const edges = [
      0.004,
      0.005,
      0.015,
      1.005,
      1.255,
      0.1 + 0.2,
      99.995,
      999.999,
      100000,
      1e7,
      1e7 + 0.01,
      123456789012.34,
      -0,
      -5,
      -0.004,
      -1234.5,
      2 ** 40 + 0.5,
    ];
    const sweep = Array.from({ length: 20_000 }, (_, i) => (i * 7919) / 100 + (i % 3) / 1000);
    for (const amount of [...edges, ...sweep]) expect(formatINR(amount), String(amount)).toBe(reference(amount));
  });
});
