import { describe, expect, it } from 'vitest';
import { validateSignup } from '../../app/routes/signup';
import { orderStatusLabel, paymentStatusLabel } from '@kit/orders';
import { normalizeOrder } from './types';

describe('order display', () => {
  it('shows pending as Placed and labels the other statuses', () => {
    expect(orderStatusLabel('pending', 'shopper')).toBe('Placed');
    expect(orderStatusLabel('placed', 'shopper')).toBe('Placed');
    expect(orderStatusLabel('shipped', 'shopper')).toBe('Shipped');
  });

  it('labels payment statuses, Unknown otherwise', () => {
    expect(['pending', 'completed', 'failed', 'refunded', 'weird'].map(paymentStatusLabel)).toEqual(['Pending', 'Completed', 'Failed', 'Refunded', 'Unknown']);
  });

  it('reads the address from addressLine1 or address', () => {
    const order = normalizeOrder({
      id: 'o1',
      orderNumber: 'AC-2026-000001',
      total_amount: '1200.50',
      shipping_address: { addressLine1: '1 Main Rd', city: 'Pune' },
      items: [],
    });
    expect(order).toMatchObject({ orderNumber: 'AC-2026-000001', totalAmount: 1200.5, shippingAddress: { address: '1 Main Rd', city: 'Pune' } });
  });
});

describe('signup checks, in the spec order', () => {
  const ok = {
    fullName: 'A',
    email: 'a@b.in',
    password: 'secret1',
    confirmPassword: 'secret1',
    phone: '',
    address: '',
    pincode: '400001',
    city: 'Mumbai',
    state: 'Maharashtra',
  };
  it('gives each message', () => {
    expect(validateSignup({ ...ok, email: ' ' })).toBe('Please fill in all required fields');
    expect(validateSignup({ ...ok, confirmPassword: 'other' })).toBe('Passwords do not match');
    expect(validateSignup({ ...ok, password: 'abc', confirmPassword: 'abc' })).toBe('Password must be at least 6 characters long');
    expect(validateSignup({ ...ok, city: '' })).toBe('Please provide your location details');
    expect(validateSignup(ok)).toBeNull();
  });
});
