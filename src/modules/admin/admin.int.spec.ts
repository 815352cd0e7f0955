import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, loginAdmin, signUp, type TestContext } from '../../../tests/helpers/test-runtime.js';
import { createTestProduct } from '../../../tests/helpers/test-products.js';

const address = { shipping_address: '5 Park Street', shipping_city: 'Kolkata', shipping_state: 'West Bengal', shipping_pincode: '700016', shipping_phone: '' };

describe('admin API (stats, orders, customers, analytics, audit)', () => {
  let t: TestContext;
  let admin: Awaited<ReturnType<typeof loginAdmin>>;
  let alice: Awaited<ReturnType<typeof signUp>>;
  let bob: Awaited<ReturnType<typeof signUp>>;
  const ids: Record<string, string> = {};
  beforeAll(async () => {
    t = await createTestApp();
    admin = await loginAdmin(t.app);
    alice = await signUp(t.app, { full_name: 'Alice Admin-Test', city: 'Chennai', state: 'Tamil Nadu' });
    bob = await signUp(t.app, { full_name: 'Bob Buyer' });
    const figure = await createTestProduct(t.runtime, { price: '1250.75', stock: 50 });
    await createTestProduct(t.runtime, { price: 300, stock: 9 });
    await createTestProduct(t.runtime, { price: 300, stock: 0 });
    await createTestProduct(t.runtime, { price: 300, stock: 10 });
    const place = async (who: typeof alice, method: 'cod' | 'razorpay', quantity = 1) =>
      (
        await t.app.inject({
          method: 'POST',
          url: '/api/orders',
          headers: who.auth,
          payload: { ...address, payment_method: method, items: [{ id: figure.id, quantity }] },
        })
      ).json().order.id as string;
    ids.a1 = await place(alice, 'cod'); // confirmed: counts
    ids.a2 = await place(alice, 'cod', 2); // delivered: counts
    ids.a3 = await place(alice, 'razorpay'); // pending: does not count
    ids.b1 = await place(bob, 'cod'); // cancelled: does not count
    const status = (id: string, s: string) =>
      t.app.inject({ method: 'PUT', url: `/api/admin/orders/${id}/status`, headers: admin.auth, payload: { status: s } });
    await t.app.inject({ method: 'PUT', url: `/api/orders/${ids.a1}/status`, headers: alice.auth, payload: { status: 'confirmed' } });
    expect((await status(ids.a2!, 'delivered')).statusCode).toBe(200);
    await status(ids.b1!, 'cancelled');
  });
  afterAll(async () => t?.close());

  const get = (url: string, headers: Record<string, string> = admin.auth) => t.app.inject({ method: 'GET', url, headers });

  it('refuses guests (401) and shoppers (403) on every admin route', async () => {
    const routes: [string, string, object?][] = [
      ['GET', '/api/admin/stats'],
      ['GET', '/api/admin/orders'],
      ['PUT', `/api/admin/orders/${ids.a1}/status`, { status: 'shipped' }],
      ['DELETE', `/api/admin/orders/${ids.a1}`],
      ['DELETE', '/api/admin/orders', { orderIds: [ids.a1] }],
      ['GET', `/api/admin/orders/${ids.a1}/events`],
      ['GET', `/api/admin/orders/${ids.a1}/history`],
      ['GET', '/api/admin/customers'],
      ['GET', `/api/admin/customers/${alice.user.id}/orders`],
      ['GET', '/api/admin/analytics'],
    ];
    for (const [method, url, payload] of routes) {
      const guest = await t.app.inject({ method: method as 'GET', url, payload });
      expect(guest.statusCode, `${method} ${url}`).toBe(401);
      const shopper = await t.app.inject({ method: method as 'GET', url, headers: alice.auth, payload });
      expect(shopper.statusCode, `${method} ${url}`).toBe(403);
    }
    expect((await get(`/api/orders/${ids.a1}`, alice.auth)).json().order.status).toBe('confirmed');
  });

  it('stats count as the money rules say, exactly to the paisa', async () => {
    const { success, stats } = (await get('/api/admin/stats')).json();
    expect(success).toBe(true);
    expect(stats).toEqual({
      totalProducts: 4,
      totalOrders: 4,
      totalRevenue: 3752.25, // 1250.75 (confirmed) + 2501.50 (delivered)
      totalCustomers: 2,
      pendingOrders: 1,
      lowStockProducts: 2, // stock 9 and 0; 10 is not low
    });
  });

  it('lists orders paged, newest first, with customer name and e-mail, filtered by status or search', async () => {
    const all = (await get('/api/admin/orders?limit=3')).json();
    expect(all).toMatchObject({ success: true, total: 4, page: 1, limit: 3, totalPages: 2 });
    expect(all.orders).toHaveLength(3);
    expect(all.orders[0].id).toBe(ids.b1);
    expect(all.orders[0]).toMatchObject({ customer_name: 'Bob Buyer', customer_email: bob.email, total_amount: 1250.75, status: 'cancelled' });
    expect((await get('/api/admin/orders?page=2&limit=3')).json().orders.map((o: { id: string }) => o.id)).toEqual([ids.a1]);
    expect((await get('/api/admin/orders?status=delivered')).json().orders.map((o: { id: string }) => o.id)).toEqual([ids.a2]);
    expect((await get('/api/admin/orders?search=bob')).json().total).toBe(1);
    expect((await get('/api/admin/orders?limit=1000')).statusCode).toBe(400);
  });

  it('lists customers with orders count and total spent, and a customer’s orders', async () => {
    const { customers, total } = (await get('/api/admin/customers')).json();
    expect(total).toBe(2);
    const a = customers.find((c: { id: string }) => c.id === alice.user.id);
    expect(a).toMatchObject({ full_name: 'Alice Admin-Test', email: alice.email, city: 'Chennai', state: 'Tamil Nadu', total_orders: 3, total_spent: 3752.25 });
    expect(a.created_at).toEqual(expect.any(String));
    expect(customers.find((c: { id: string }) => c.id === bob.user.id)).toMatchObject({ total_orders: 1, total_spent: 0 });
    const theirs = (await get(`/api/admin/customers/${alice.user.id}/orders`)).json();
    expect(theirs.customer.id).toBe(alice.user.id);
    expect(theirs.orders.map((o: { id: string }) => o.id).sort()).toEqual([ids.a1, ids.a2, ids.a3].sort());
    expect((await get('/api/admin/customers/00000000-0000-4000-8000-000000000000/orders')).statusCode).toBe(404);
  });

  it('analytics: revenue and orders per day, status breakdown, top products', async () => {
    const { analytics } = (await get('/api/admin/analytics?days=7')).json();
    expect(analytics.revenueByDay.length).toBeGreaterThanOrEqual(7);
    expect(analytics.revenueByDay.reduce((s: number, d: { revenue: number }) => s + d.revenue, 0)).toBeCloseTo(3752.25, 2);
    expect(analytics.revenueByDay.reduce((s: number, d: { orders: number }) => s + d.orders, 0)).toBe(4);
    expect(analytics.statusBreakdown).toEqual(
      expect.arrayContaining([
        { status: 'cancelled', count: 1 },
        { status: 'delivered', count: 1 },
      ]),
    );
    expect(analytics.topProducts[0]).toMatchObject({ quantity: 4 });
  });

  it('deletes orders as events: gone from the read models, kept in the audit history', async () => {
    const extra = await createTestProduct(t.runtime, { price: 1500 });
    const place = async () =>
      (
        await t.app.inject({
          method: 'POST',
          url: '/api/orders',
          headers: bob.auth,
          payload: { ...address, payment_method: 'cod', items: [{ id: extra.id, quantity: 1 }] },
        })
      ).json().order.id as string;
    const one = await place();
    const two = await place();
    const three = await place();
    await t.app.inject({
      method: 'PUT',
      url: `/api/admin/orders/${one}/status`,
      headers: admin.auth,
      payload: { status: 'shipped', trackingNumber: 'DELHIVERY9' },
    });
    const single = await t.app.inject({ method: 'DELETE', url: `/api/admin/orders/${one}`, headers: admin.auth });
    expect(single.json()).toEqual({ success: true, message: `Order #${one} has been deleted successfully.` });
    expect((await t.app.inject({ method: 'DELETE', url: `/api/admin/orders/${one}`, headers: admin.auth })).statusCode).toBe(404);
    expect((await get(`/api/orders/${one}`, bob.auth)).statusCode).toBe(404);
    const empty = await t.app.inject({ method: 'DELETE', url: '/api/admin/orders', headers: admin.auth, payload: { orderIds: [] } });
    expect(empty.statusCode).toBe(400);
    expect(empty.json().error).toBe('No Orders Selected: Please select orders to delete.');
    const bulk = await t.app.inject({ method: 'DELETE', url: '/api/admin/orders', headers: admin.auth, payload: { orderIds: [two, three, 'missing'] } });
    expect(bulk.json()).toEqual({ success: true, deletedCount: 2, message: '2 orders have been deleted successfully.' });
    const remaining = (await get('/api/admin/orders?limit=200')).json().orders.map((o: { id: string }) => o.id);
    expect(remaining).not.toContain(two);
    const history = (await get(`/api/admin/orders/${one}/events`)).json();
    expect(history).toMatchObject({ success: true, orderId: one, deleted: true });
    expect(history.orderNumber).toMatch(/^AC-/);
    expect(history.events.map((e: { type: string }) => e.type)).toEqual(['StockReserved', 'OrderPlaced', 'OrderStatusChanged', 'OrderDeleted']);
    const three_ = (await get(`/api/admin/orders/${three}/history`)).json();
    expect(three_.events.map((e: { type: string }) => e.type)).toEqual(['StockReserved', 'OrderPlaced', 'StockReleased', 'OrderDeleted']);
    history.events.shift();
    expect(history.events[1]).toMatchObject({ by: admin.user.id, byRole: 'admin', data: { from: 'pending', to: 'shipped', trackingNumber: 'DELHIVERY9' } });
    expect(history.events[0]).toMatchObject({ by: bob.user.id, byName: 'Bob Buyer' });
    expect(history.events.every((e: { at: string }) => !Number.isNaN(Date.parse(e.at)))).toBe(true);
    expect((await get('/api/admin/orders/nope/history')).statusCode).toBe(404);
  });
});
