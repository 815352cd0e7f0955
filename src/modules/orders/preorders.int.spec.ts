import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, loginAdmin, signUp, type TestContext } from '../../../tests/helpers/test-runtime.js';
import { createTestProduct } from '../../../tests/helpers/test-products.js';
import { payThroughSimulator, PUNE_SHIPPING as address } from '../../../tests/helpers/test-orders.js';
import { istDate } from '../../shared/financial-year.js';
import { PREORDER_MESSAGES } from '../../shared/preorder.js';
import { loadInventory } from '../inventory/index.js';
import { orderStream } from './order.js';
import { formatReleaseDate } from './preorder-rules.js';

const inDays = (days: number) => istDate(new Date(Date.now() + days * 86_400_000));

describe('pre-orders through the routes', () => {
  let t: TestContext;
  let shopper: Awaited<ReturnType<typeof signUp>>;
  let admin: Awaited<ReturnType<typeof loginAdmin>>;
  beforeAll(async () => {
    t = await createTestApp();
    shopper = await signUp(t.app);
    admin = await loginAdmin(t.app);
  });
  afterAll(async () => t?.close());

  const call = (method: 'GET' | 'POST' | 'PUT', url: string, auth: Record<string, string>, payload?: object) =>
    t.app.inject({ method, url, headers: auth, ...(payload ? { payload } : {}) });
  const place = (productId: string, method: 'cod' | 'razorpay', quantity = 1) =>
    call('POST', '/api/orders', shopper.auth, { ...address, payment_method: method, items: [{ id: productId, quantity }] });
  const pay = async (order: { id: string; totalAmount: number }) => expect((await payThroughSimulator(t.app, shopper.auth, order)).statusCode).toBe(200);
  const stock = async (productId: string) => (await loadInventory(t.runtime.store, productId)).available;

  it('the admin form takes a pre-order with its release date; a date in the past is refused with its message', async () => {
    const form = { name: 'Frieren Pre-order Figure', price: 4999, category: 'Anime Figures', stock_quantity: 30, is_preorder: true };
    const past = await call('POST', '/api/admin/products', admin.auth, { ...form, release_date: inDays(-1) });
    expect(past.statusCode).toBe(400);
    expect(past.json()).toEqual({ success: false, error: PREORDER_MESSAGES.releaseDateInPast });
    const noDate = await call('POST', '/api/admin/products', admin.auth, form);
    expect(noDate.json()).toEqual({ success: false, error: PREORDER_MESSAGES.needsReleaseDate });

    const release = inDays(60);
    const created = await call('POST', '/api/admin/products', admin.auth, { ...form, release_date: release });
    expect(created.statusCode).toBe(201);
    const id = created.json().product.id as string;
    expect(created.json().product).toMatchObject({ is_preorder: true, release_date: release });
    expect((await t.app.inject({ url: `/api/products/${id}` })).json().product).toMatchObject({ is_preorder: true, release_date: release });
    const { rows } = await t.runtime.pool.query('select release_date::text from products where id = $1', [id]);
    expect(rows).toEqual([{ release_date: release }]);

    // Turned off, it is an ordinary product again; moved to a past date while still a pre-order, refused.
    expect((await call('PUT', `/api/admin/products/${id}`, admin.auth, { release_date: inDays(-3) })).json().error).toBe(PREORDER_MESSAGES.releaseDateInPast);
    const off = await call('PUT', `/api/admin/products/${id}`, admin.auth, { is_preorder: false });
    expect(off.json().product).toMatchObject({ is_preorder: false, release_date: null });
  });

  it('a pre-order is placed and paid online; cash on delivery is refused with nothing reserved', async () => {
    const figure = await createTestProduct(t.runtime, { price: 2999, stock: 10, releaseDate: inDays(30) });
    const cod = await place(figure.id, 'cod', 2);
    expect(cod.statusCode).toBe(400);
    expect(cod.json()).toEqual({ success: false, error: PREORDER_MESSAGES.onlineOnly });
    expect(await stock(figure.id)).toBe(10);

    const online = await place(figure.id, 'razorpay', 2);
    expect(online.statusCode).toBe(201);
    const order = online.json().order;
    await pay(order);
    expect(await stock(figure.id)).toBe(8);
    const [placed] = await t.runtime.store.readStream(orderStream(order.id));
    expect((placed!.data as { items: { releaseDate?: string }[] }).items[0]!.releaseDate).toBe(inDays(30));

    // The checkout's coupon quote offers no cash on delivery for it either.
    expect((await call('POST', '/api/admin/coupons', admin.auth, { code: 'PREORDER5', kind: 'percent', value: 5 })).statusCode).toBe(201);
    const quoted = await call('POST', '/api/coupons/apply', shopper.auth, { code: 'preorder5', items: [{ id: figure.id, quantity: 1 }] });
    expect(quoted.json()).toMatchObject({ success: true, total: 2849.05, codAvailable: false });
  });

  it('an order with a pre-order line is not shipped before the release date: 409, nothing changed', async () => {
    const release = inDays(20);
    const figure = await createTestProduct(t.runtime, { price: 3499, stock: 5, releaseDate: release });
    const order = (await place(figure.id, 'razorpay')).json().order;
    await pay(order);
    await call('PUT', `/api/orders/${order.id}/status`, shopper.auth, { status: 'confirmed' });
    for (const url of [`/api/admin/orders/${order.id}/status`, `/api/orders/${order.id}/status`]) {
      const refused = await call('PUT', url, admin.auth, { status: 'shipped' });
      expect(refused.statusCode).toBe(409);
      expect(refused.json()).toEqual({ success: false, error: PREORDER_MESSAGES.shipBeforeRelease(formatReleaseDate(release)) });
    }
    const given = await call('PUT', `/api/admin/orders/${order.id}/status`, admin.auth, { status: 'shipped', trackingNumber: 'AWB123' });
    expect(given.statusCode).toBe(409);
    expect((await call('GET', `/api/orders/${order.id}`, shopper.auth)).json().order).toMatchObject({ status: 'confirmed', trackingNumber: null });
  });

  it("the admin's pre-order book: who, how many, paid; a shopper's cancel before release refunds and leaves the totals", async () => {
    const figure = await createTestProduct(t.runtime, { price: 1999, stock: 10, releaseDate: inDays(45) });
    const paid = (await place(figure.id, 'razorpay', 3)).json().order;
    await pay(paid);
    const unpaid = (await place(figure.id, 'razorpay', 1)).json().order;
    const bookOf = async () => (await call('GET', `/api/admin/products/${figure.id}/preorders`, admin.auth)).json();
    const book = await bookOf();
    expect(book).toMatchObject({ success: true, productId: figure.id, total: 2, totals: { orders: 2, units: 4, paidUnits: 3 } });
    expect(book.orders).toEqual([
      expect.objectContaining({ orderId: unpaid.id, quantity: 1, paymentStatus: 'pending', customerEmail: shopper.user.email, releaseDate: inDays(45) }),
      expect.objectContaining({ orderId: paid.id, orderNumber: paid.orderNumber, quantity: 3, paymentStatus: 'completed', status: 'pending' }),
    ]);
    expect((await call('GET', `/api/admin/products/${figure.id}/preorders`, shopper.auth)).statusCode).toBe(403);

    const cancelled = await call('POST', `/api/orders/${paid.id}/cancel`, shopper.auth);
    expect(cancelled.json().order).toMatchObject({ status: 'cancelled', paymentStatus: 'refunded' });
    expect(await stock(figure.id)).toBe(9);
    expect((await bookOf()).totals).toEqual({ orders: 1, units: 1, paidUnits: 0 });

    // An ordinary product has an empty book.
    const plain = await createTestProduct(t.runtime, { price: 1999, stock: 10 });
    await place(plain.id, 'cod', 1);
    expect(await (async () => (await call('GET', `/api/admin/products/${plain.id}/preorders`, admin.auth)).json())()).toMatchObject({
      total: 0,
      orders: [],
    });
  });
});
