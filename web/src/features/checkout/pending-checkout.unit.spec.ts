import { describe, expect, it } from 'vitest';
import { awaitsPayment } from '../orders/types';
import { checkoutFor, forgetPendingCheckout, readPendingCheckout, rememberCheckoutOrder } from './pending-checkout';

function memoryStorage(): Storage {
  const data = new Map<string, string>();
  return {
    get length() {
      return data.size;
    },
    clear: () => data.clear(),
    getItem: (k) => data.get(k) ?? null,
    key: (i) => [...data.keys()][i] ?? null,
    removeItem: (k) => void data.delete(k),
    setItem: (k, v) => void data.set(k, String(v)),
  };
}

describe('one checkout is one order', () => {
  it('paying again for the same cart, address and method sends the same checkout id', () => {
    const storage = memoryStorage();
    const first = checkoutFor('u1', 'cart-A', storage);
    rememberCheckoutOrder(first, 'order-1', storage);
    const again = checkoutFor('u1', 'cart-A', storage);
    expect(again.checkoutId).toBe(first.checkoutId);
    expect(again.orderId).toBe('order-1');
  });

  it('a changed cart, another user or a finished checkout starts a new one', () => {
    const storage = memoryStorage();
    const first = checkoutFor('u1', 'cart-A', storage);
    expect(checkoutFor('u1', 'cart-B', storage).checkoutId).not.toBe(first.checkoutId);
    const b = checkoutFor('u1', 'cart-B', storage);
    expect(checkoutFor('u2', 'cart-B', storage).checkoutId).not.toBe(b.checkoutId);
    forgetPendingCheckout(storage);
    expect(readPendingCheckout(storage)).toBeNull();
    storage.setItem('pendingCheckout', '{not json');
    expect(readPendingCheckout(storage)).toBeNull();
  });

  it('an unpaid order offers Pay now until its deadline only', () => {
    const now = Date.parse('2026-11-23T10:00:00Z');
    expect(awaitsPayment({ paymentExpiresAt: '2026-11-23T10:20:00Z' }, now)).toBe(true);
    expect(awaitsPayment({ paymentExpiresAt: '2026-11-23T09:59:59Z' }, now)).toBe(false);
    expect(awaitsPayment({ paymentExpiresAt: undefined }, now)).toBe(false);
  });
});
