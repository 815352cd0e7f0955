import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { paymentsApp, SHIPPING_ADDRESS } from '../../../tests/helpers/payments-app.js';
import { createTestProduct } from '../../../tests/helpers/test-products.js';
import { loginAdmin } from '../../../tests/helpers/test-runtime.js';
import { LIMIT_REACHED, loadCoupon } from '../promotions/index.js';
import { expireDueOrders } from './commands.js';

/** A coupon's use is held by its order while the order holds its goods, and given back when it stops holding them. */
describe('a coupon use follows its order', () => {
  const s = paymentsApp('whsec_coupon_use_0123');
  const { post } = s;
  let seq = 0;
  const newCoupon = async () => {
    const admin = await loginAdmin(s.t.app);
    const code = `BACK${Date.now().toString(36).toUpperCase()}${seq++}`;
    const made = await s.t.app.inject({
      method: 'POST',
      url: '/api/admin/coupons',
      headers: admin.auth,
      payload: { code, kind: 'amount', value: 100, maxUses: 1 },
    });
    expect(made.statusCode).toBe(201);
    return { code, admin };
  };
  const order = async (code: string, productId: string, headers = s.shopper.auth) =>
    post(
      '/api/orders',
      { ...SHIPPING_ADDRESS, payment_method: 'razorpay', checkout_id: randomUUID(), coupon_code: code, items: [{ id: productId, quantity: 1 }] },
      headers,
    );
  const uses = async (code: string) => {
    const { state } = await loadCoupon(s.t.runtime.store, code);
    return state.status === 'active' ? state.coupon.uses : -1;
  };
  const listedUses = async (code: string, admin: { auth: Record<string, string> }) => {
    await s.t.runtime.projections.waitFor(await s.t.runtime.store.headPosition(), ['coupons']);
    const answer = await s.t.app.inject({ url: `/api/admin/coupons/${code}/uses`, headers: admin.auth });
    return (answer.json().uses as unknown[]).length;
  };

  it('cancelling the order gives its use back: the last use of a one-use coupon is free again', async () => {
    const { code, admin } = await newCoupon();
    const product = await createTestProduct(s.t.runtime, { price: 1500 });
    const placed = await order(code, product.id);
    expect(placed.statusCode).toBe(201);
    expect(await uses(code)).toBe(1);
    expect((await order(code, product.id, s.other.auth)).json()).toEqual({ success: false, error: LIMIT_REACHED });

    const cancelled = await post(`/api/orders/${placed.json().order.id}/cancel`, {});
    expect(cancelled.statusCode).toBe(200);
    expect(await uses(code)).toBe(0);
    expect(await listedUses(code, admin)).toBe(0);
    // Cancelling again changes nothing; the use is now the other shopper's to take.
    await post(`/api/orders/${placed.json().order.id}/cancel`, {});
    expect(await uses(code)).toBe(0);
    expect((await order(code, product.id, s.other.auth)).statusCode).toBe(201);
    expect(await uses(code)).toBe(1);
    expect(await listedUses(code, admin)).toBe(1);
  });

  it('a failed payment keeps the use (the shopper may pay again); expiry gives it back, once', async () => {
    const { code } = await newCoupon();
    const product = await createTestProduct(s.t.runtime, { price: 1500 });
    const placed = await order(code, product.id);
    const orderId = placed.json().order.id as string;
    const providerOrderId = (await post('/api/razorpay/create-order', { amount: placed.json().order.totalAmount, currency: 'INR', orderId })).json()
      .order_id as string;
    const declined = await post('/api/payments/simulator/pay', { razorpay_order_id: providerOrderId, outcome: 'failure' });
    expect(declined.json().success).toBe(false);
    expect(await uses(code)).toBe(1);

    const later = new Date(Date.now() + 31 * 60_000);
    expect(await expireDueOrders({ store: s.t.runtime.store, pool: s.t.runtime.pool }, later)).toContain(orderId);
    expect(await uses(code)).toBe(0);
    await expireDueOrders({ store: s.t.runtime.store, pool: s.t.runtime.pool }, later);
    expect(await uses(code)).toBe(0);
  });

  it('an admin reopening a cancelled order takes its use again, or is refused when the coupon has none left', async () => {
    const { code, admin } = await newCoupon();
    const product = await createTestProduct(s.t.runtime, { price: 1500 });
    const first = (await order(code, product.id)).json().order.id as string;
    const setStatus = (id: string, status: string) =>
      s.t.app.inject({ method: 'PUT', url: `/api/admin/orders/${id}/status`, headers: admin.auth, payload: { status } });
    expect((await setStatus(first, 'cancelled')).statusCode).toBe(200);
    expect(await uses(code)).toBe(0);
    expect((await setStatus(first, 'pending')).statusCode).toBe(200);
    expect(await uses(code)).toBe(1);

    expect((await setStatus(first, 'cancelled')).statusCode).toBe(200);
    const second = await order(code, product.id, s.other.auth);
    expect(second.statusCode).toBe(201);
    const refused = await setStatus(first, 'pending');
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toEqual({ success: false, error: LIMIT_REACHED });
    expect(await uses(code)).toBe(1);
  });
});
