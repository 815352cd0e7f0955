import { describe, expect, it } from 'vitest';
import { count, holdsByProduct, releaseReasonProblem, type CodHold } from '../../admin-web/src/features/orders/components/cod-holds.js';

const hold = (orderId: string, productId: string, quantity: number, since: string): CodHold => ({
  orderId,
  orderNumber: `AC-2026-${orderId.padStart(6, '0')}`,
  status: 'confirmed',
  customerId: `c-${orderId}`,
  customerName: 'Shopper',
  customerEmail: 's@example.in',
  productId,
  productName: productId === 'p1' ? 'Goku Statue' : 'Nami Figure',
  quantity,
  since,
});

describe('the admin COD holds panel', () => {
  it('sums the units held per product across orders, most held first, with the oldest hold', () => {
    const rows = [
      hold('1', 'p2', 1, '2026-11-28T09:00:00.000Z'),
      hold('2', 'p1', 2, '2026-11-28T08:00:00.000Z'),
      hold('3', 'p1', 2, '2026-11-28T07:00:00.000Z'),
      hold('4', 'p2', 1, '2026-11-28T06:00:00.000Z'),
    ];
    expect(holdsByProduct(rows)).toEqual([
      { productId: 'p1', productName: 'Goku Statue', units: 4, orders: 2, since: '2026-11-28T07:00:00.000Z' },
      { productId: 'p2', productName: 'Nami Figure', units: 2, orders: 2, since: '2026-11-28T06:00:00.000Z' },
    ]);
    expect(holdsByProduct([])).toEqual([]);
    expect([count(1, 'unit'), count(4, 'unit'), count(0, 'order')]).toEqual(['1 unit', '4 units', '0 orders']);
  });

  it('asks for a reason before releasing (the server refuses an empty one too)', () => {
    expect(releaseReasonProblem('  ')).toBe('Please give a reason (the shopper is told it)');
    expect(releaseReasonProblem('ok')).not.toBeNull();
    expect(releaseReasonProblem('Several accounts, one address')).toBeNull();
  });
});
