import { describe, expect, it } from 'vitest';
import { offerSelectAll, selectedCount, selectedIdsOf, selectionLabel } from '../../admin-web/src/features/orders/components/order-selection.js';

describe('order selection across pages', () => {
  it("counts ticks from every page against the true total, and all M once 'Select all' is chosen", () => {
    const rows: Record<string, boolean> = { a: true, b: true, z: true, gone: false };
    expect(selectedIdsOf({ rows, all: false })).toEqual(['a', 'b', 'z']);
    expect(selectionLabel({ rows, all: false }, 120)).toBe('3 of 120 orders selected');
    expect(selectedCount({ rows, all: true }, 120)).toBe(120);
    expect(selectionLabel({ rows: {}, all: true }, 120)).toBe('120 of 120 orders selected');
  });

  it('offers to select all M only when the whole page is ticked and there are more orders than the page', () => {
    const page = ['a', 'b'];
    expect(offerSelectAll({ rows: { a: true, b: true }, all: false }, page, 120)).toBe(true);
    expect(offerSelectAll({ rows: { a: true }, all: false }, page, 120)).toBe(false);
    expect(offerSelectAll({ rows: { a: true, b: true }, all: false }, page, 2)).toBe(false);
    expect(offerSelectAll({ rows: { a: true, b: true }, all: true }, page, 120)).toBe(false);
  });
});
