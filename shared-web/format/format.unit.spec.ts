import { describe, expect, it } from 'vitest';
import { compactINR } from './format.js';

/** The analytics revenue axis: a label must name the value its grid line stands at. */
describe('admin compact rupee axis labels', () => {
  it('keeps the halves and quarters Recharts picks as tick steps', () => {
    expect([0, 4500, 9000, 13500, 18000].map(compactINR)).toEqual(['₹0', '₹4.5k', '₹9k', '₹13.5k', '₹18k']);
    expect([125000, 150000, 200000].map(compactINR)).toEqual(['₹1.25L', '₹1.5L', '₹2L']);
  });

  it('writes small values as they are', () => {
    expect([1, 250, 999].map(compactINR)).toEqual(['₹1', '₹250', '₹999']);
  });
});
