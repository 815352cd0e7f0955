import { describe, expect, it } from 'vitest';
import { ORDER_STATUSES, orderStatusLabel, orderStatusTone, paymentMethodLabel, paymentStatusLabel } from './statuses.js';

describe('order statuses in both apps', () => {
  it('shows pending as Placed to the shopper and as Pending in the dashboard', () => {
    expect(ORDER_STATUSES.map((s) => orderStatusLabel(s, 'shopper'))).toEqual([
      'Placed',
      'Placed',
      'Confirmed',
      'Processing',
      'Shipped',
      'Delivered',
      'Cancelled',
    ]);
    expect(ORDER_STATUSES.map((s) => orderStatusLabel(s, 'admin'))).toEqual([
      'Pending',
      'Placed',
      'Confirmed',
      'Processing',
      'Shipped',
      'Delivered',
      'Cancelled',
    ]);
    expect(orderStatusLabel('', 'shopper')).toBe('Unknown');
  });

  it('colours every stored status: pending/placed amber, confirmed/processing blue, shipped indigo, delivered green, cancelled red', () => {
    expect(ORDER_STATUSES.map(orderStatusTone)).toEqual(['amber', 'amber', 'blue', 'blue', 'indigo', 'green', 'red']);
    expect(orderStatusTone('lost')).toBe('grey');
  });

  it('labels payment statuses and methods', () => {
    expect(['pending', 'completed', 'failed', 'refunded', 'weird'].map(paymentStatusLabel)).toEqual(['Pending', 'Completed', 'Failed', 'Refunded', 'Unknown']);
    expect(['cod', 'razorpay', ''].map(paymentMethodLabel)).toEqual(['Cash on Delivery', 'Online (Razorpay)', 'Unknown']);
  });
});
