import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, loginAdmin, signUp, type TestContext } from '../../tests/helpers/test-runtime.js';
import { createTestProduct } from '../../tests/helpers/test-products.js';
import { replay } from '../runner.js';
import { ordersProjector } from './orders-projector.js';

const address = {
  shipping_address: '3 Residency Road',
  shipping_city: 'Bengaluru',
  shipping_state: 'Karnataka',
  shipping_pincode: '560025',
  shipping_phone: '9000000000',
};

async function snapshot(t: TestContext) {
  const orders = await t.runtime.pool.query('select * from orders order by id');
  const items = await t.runtime.pool.query('select * from order_items order by order_id, line_no');
  return { orders: orders.rows, items: items.rows };
}

describe('orders projection replay', () => {
  let t: TestContext;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => t?.close());

  it('rebuilds orders and order_items identical, row by row, after placing, paying, changing and deleting orders', async () => {
    const admin = await loginAdmin(t.app);
    const shopper = await signUp(t.app);
    const product = await createTestProduct(t.runtime, { price: '749.25', stock: 30 });
    const place = async (method: 'cod' | 'razorpay', quantity: number) =>
      (
        await t.app.inject({
          method: 'POST',
          url: '/api/orders',
          headers: shopper.auth,
          payload: { ...address, payment_method: method, items: [{ id: product.id, quantity }] },
        })
      ).json().order.id as string;
    const status = (id: string, s: string) =>
      t.app.inject({ method: 'PUT', url: `/api/admin/orders/${id}/status`, headers: admin.auth, payload: { status: s } });

    const cod = await place('cod', 2);
    const online = await place('razorpay', 1);
    const toDelete = await place('cod', 3);
    const created = (await t.app.inject({ method: 'POST', url: '/api/razorpay/create-order', headers: shopper.auth, payload: { orderId: online } })).json();
    const { success: _s, ...proof } = (
      await t.app.inject({ method: 'POST', url: '/api/payments/simulator/pay', headers: shopper.auth, payload: { razorpay_order_id: created.order_id } })
    ).json();
    await t.app.inject({ method: 'POST', url: '/api/razorpay/verify-payment', headers: shopper.auth, payload: proof });
    await t.app.inject({ method: 'PUT', url: `/api/orders/${cod}/status`, headers: shopper.auth, payload: { status: 'confirmed' } });
    await status(cod, 'shipped');
    await status(cod, 'delivered');
    await status(online, 'cancelled');
    await t.app.inject({ method: 'DELETE', url: `/api/admin/orders/${toDelete}`, headers: admin.auth });

    const live = await snapshot(t);
    expect(live.orders).toHaveLength(2);
    expect(live.orders.find((o) => o.id === online)).toMatchObject({ status: 'cancelled', payment_status: 'refunded' });
    expect(live.orders.find((o) => o.id === cod)).toMatchObject({ status: 'delivered', total_amount: '1498.50' });

    await t.runtime.projections.stop();
    const report = await replay(t.runtime.store, t.runtime.pool, [ordersProjector], ['orders']);
    expect(report[0]!.events).toBeGreaterThan(10);
    expect(await snapshot(t)).toEqual(live);
  });
});
