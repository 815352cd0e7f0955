import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, loginAdmin, signUp, type TestContext } from '../../../tests/helpers/test-runtime.js';
import { PUNE_SHIPPING as address } from '../../../tests/helpers/test-orders.js';
import { loadInventory } from '../inventory/index.js';
import { expireDueOrders } from './commands.js';
import { orderStream } from './order.js';
import { DEFAULT_HOLD_CAPS } from './holds.js';
import { createTestProduct } from '../../../tests/helpers/test-products.js';

type Shopper = Awaited<ReturnType<typeof signUp>>;

describe('orders API', () => {
  let t: TestContext;
  let shopper: Shopper;
  let other: Shopper;
  let admin: Awaited<ReturnType<typeof loginAdmin>>;
  beforeAll(async () => {
    t = await createTestApp();
    shopper = await signUp(t.app);
    other = await signUp(t.app);
    admin = await loginAdmin(t.app);
  });
  afterAll(async () => t?.close());

  const place = (who: { auth: Record<string, string> } | null, payload: Record<string, unknown>) =>
    t.app.inject({ method: 'POST', url: '/api/orders', headers: who?.auth ?? {}, payload: { ...address, payment_method: 'cod', ...payload } });
  const setStatus = (who: { auth: Record<string, string> }, id: string, payload: Record<string, unknown>, url = `/api/orders/${id}/status`) =>
    t.app.inject({ method: 'PUT', url, headers: who.auth, payload });
  const get = (who: { auth: Record<string, string> } | null, url: string) => t.app.inject({ method: 'GET', url, headers: who?.auth ?? {} });
  const stock = async (productId: string) => (await loadInventory(t.runtime.store, productId)).available;

  it('needs a signed-in shopper', async () => {
    const product = await createTestProduct(t.runtime);
    const response = await place(null, { items: [{ id: product.id, quantity: 1 }] });
    expect(response.statusCode).toBe(401);
    expect(response.json()).toEqual({ success: false, error: 'Please log in' });
    const id = randomUUID();
    for (const [method, url] of [
      ['GET', '/api/orders'],
      ['GET', '/api/user/orders'],
      ['GET', `/api/orders/${id}`],
      ['GET', `/api/orders/${id}/invoice`],
      ['GET', `/api/orders/${id}/invoice.pdf`],
      ['PUT', `/api/orders/${id}/status`],
      ['POST', '/api/razorpay/create-order'],
      ['POST', '/api/razorpay/verify-payment'],
      ['POST', '/api/payments/simulator/pay'],
    ] as const) {
      const response = await t.app.inject({ method, url, payload: method === 'GET' ? undefined : {} });
      expect(response.statusCode, `${method} ${url}`).toBe(401);
    }
  });

  it('prices on the server, ignores client prices and totals, adds shipping below ₹1000, reserves stock', async () => {
    const product = await createTestProduct(t.runtime, { price: '449.50', stock: 7 });
    const response = await place(shopper, { items: [{ id: product.id, price: 1, quantity: 2 }], total_amount: 2, payment_method: 'razorpay' });
    expect(response.statusCode).toBe(201);
    const { success, order } = response.json();
    expect(success).toBe(true);
    expect(order).toMatchObject({
      status: 'pending',
      paymentStatus: 'pending',
      payment_method: 'razorpay',
      subtotal: 899,
      shipping: 100,
      totalAmount: 999,
      total_amount: 999,
    });
    expect(order.orderNumber).toMatch(/^AC-\d{4}-\d{6}$/);
    expect(order.items).toEqual([expect.objectContaining({ productId: product.id, name: product.name, price: 449.5, quantity: 2 })]);
    expect(order.shippingAddress).toEqual({
      name: 'Test Shopper',
      address: '12 MG Road',
      addressLine1: '12 MG Road',
      addressLine2: '',
      city: 'Pune',
      state: 'Maharashtra',
      pincode: '411001',
      phone: '9876543210',
    });
    expect(await stock(product.id)).toBe(5);
  });

  it('ships free from a ₹1000 subtotal and keeps paise exact', async () => {
    const a = await createTestProduct(t.runtime, { price: '333.33' });
    const b = await createTestProduct(t.runtime, { price: '0.01' });
    const response = await place(shopper, {
      items: [
        { productId: a.id, quantity: 3 },
        { product_id: b.id, quantity: 1 },
      ],
    });
    expect(response.statusCode).toBe(201);
    expect(response.json().order).toMatchObject({ subtotal: 1000, shipping: 0, totalAmount: 1000, payment_method: 'cod' });
  });

  it('refuses cash on delivery below ₹1000 and changes nothing', async () => {
    const product = await createTestProduct(t.runtime, { price: 850, stock: 3 });
    const response = await place(shopper, { items: [{ id: product.id, quantity: 1 }], payment_method: 'cod' });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ success: false, error: 'Cash on Delivery is only available for orders above ₹1000.' });
    expect(await stock(product.id)).toBe(3);
    // 900 + ₹100 shipping = ₹1000 total: allowed
    const ok = await createTestProduct(t.runtime, { price: 900 });
    expect((await place(shopper, { items: [{ id: ok.id, quantity: 1 }] })).statusCode).toBe(201);
  });

  it('validates the address, the quantity, the method and the products', async () => {
    const product = await createTestProduct(t.runtime);
    const items = [{ id: product.id, quantity: 1 }];
    for (const field of ['shipping_address', 'shipping_city', 'shipping_state', 'shipping_pincode']) {
      const response = await place(shopper, { items, [field]: '  ' });
      expect(response.statusCode).toBe(400);
      expect(response.json().error).toBe('Incomplete shipping address');
    }
    expect((await place(shopper, { items, shipping_pincode: '4110' })).json().error).toBe('Invalid Pincode');
    expect((await place(shopper, { items: [{ id: product.id, quantity: 11 }] })).json().error).toBe('Quantity must be between 1 and 10');
    expect((await place(shopper, { items: [{ id: product.id, quantity: 0 }] })).json().error).toBe('Quantity must be between 1 and 10');
    // Lenient coercion: a boolean, hex, exponent or padded text is not a quantity; plain decimal text is.
    const events = async () => Number((await t.runtime.pool.query('select count(*) from events')).rows[0].count);
    const before = await events();
    for (const quantity of [true, '0x3', '1e1', ' 3 ', '+3', '', [3]]) {
      const refused = await place(shopper, { items: [{ id: product.id, quantity }] });
      expect(refused.statusCode, JSON.stringify(quantity)).toBe(400);
      expect(refused.json().error).toBe('Quantity must be between 1 and 10');
    }
    expect(await events()).toBe(before);
    expect((await place(shopper, { items: [{ id: product.id, quantity: '3' }] })).statusCode).toBe(201);
    expect((await place(shopper, { items: [] })).json().error).toBe('Your cart is empty');
    expect((await place(shopper, { items: [{ id: 'x'.repeat(101), quantity: 1 }] })).statusCode).toBe(400);
    expect((await place(shopper, { items: [{ id: { $ne: 1 }, quantity: 1 }] })).statusCode).toBe(400);
    expect((await place(shopper, { items: [{ quantity: 1 }] })).json().error).toBe('Each item needs a product id');
    expect((await place(shopper, { items, payment_method: 'paypal' })).json().error).toBe('Please select a payment method');
    const unknown = await place(shopper, { items: [{ id: 'no-such-product', quantity: 1 }] });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().error).toBe('Product not found: no-such-product');
    const removed = await createTestProduct(t.runtime);
    const gone = await t.runtime.store.append(
      `product-${removed.id}`,
      [
        {
          type: 'ProductRemoved',
          data: { productId: removed.id, reason: 'deleted', removedAt: new Date().toISOString() },
          metadata: { correlationId: randomUUID(), timestamp: new Date().toISOString() },
        },
      ],
      { expectedVersion: 'any' },
    );
    await t.runtime.projections.waitFor(gone.position, ['catalogue']);
    expect((await place(shopper, { items: [{ id: removed.id, quantity: 1 }] })).statusCode).toBe(404);
    const off = await createTestProduct(t.runtime, { inStockFlag: false });
    expect((await place(shopper, { items: [{ id: off.id, quantity: 1 }] })).statusCode).toBe(409);
  });

  it("answers each order field under one name, the spec's (both names only where the two specs differ)", async () => {
    const product = await createTestProduct(t.runtime, { price: 1200 });
    const placed = await place(shopper, { ...address, payment_method: 'cod', items: [{ id: product.id, quantity: 1 }] });
    expect(placed.statusCode).toBe(201);
    const order = placed.json().order as Record<string, unknown> & { items: Record<string, unknown>[] };
    expect(order).toMatchObject({ orderNumber: expect.stringMatching(/^AC-/), paymentStatus: 'pending', created_at: expect.any(String) });
    for (const dropped of ['order_number', 'payment_status', 'createdAt']) expect(order, dropped).not.toHaveProperty(dropped);
    expect(order.items[0]).toHaveProperty('productId', product.id);
    expect(order.items[0]).not.toHaveProperty('product_id');
    // The storefront spec's Order says totalAmount and paymentMethod; the admin's total_amount, the create answer payment_method.
    expect(order).toMatchObject({ totalAmount: 1200, total_amount: 1200, paymentMethod: 'cod', payment_method: 'cod' });
  });

  it('refuses more than the stock with 409 Insufficient Stock, all lines or none', async () => {
    const a = await createTestProduct(t.runtime, { stock: 5 });
    const b = await createTestProduct(t.runtime, { stock: 1 });
    const response = await place(shopper, {
      items: [
        { id: a.id, quantity: 2 },
        { id: b.id, quantity: 2 },
      ],
    });
    expect(response.statusCode).toBe(409);
    expect(response.json().error).toMatch(/^Insufficient Stock/);
    expect(await stock(a.id)).toBe(5);
    expect(await stock(b.id)).toBe(1);
  });

  it('numbers orders sequentially', async () => {
    const product = await createTestProduct(t.runtime);
    const numbers: string[] = [];
    for (let i = 0; i < 3; i++) numbers.push((await place(shopper, { items: [{ id: product.id, quantity: 1 }] })).json().order.orderNumber);
    const seq = numbers.map((n) => Number(n.slice(-6)));
    expect(seq[1]).toBe(seq[0]! + 1);
    expect(seq[2]).toBe(seq[0]! + 2);
  });

  it("lists only the shopper's own orders; another user's order is 404; an admin sees it", async () => {
    const product = await createTestProduct(t.runtime);
    const mine = (await place(other, { items: [{ id: product.id, quantity: 1 }] })).json().order;
    for (const url of ['/api/orders', '/api/user/orders']) {
      const list = (await get(other, url)).json();
      expect(list.success).toBe(true);
      expect(list.orders.map((o: { id: string }) => o.id)).toEqual([mine.id]);
      expect((await get(shopper, url)).json().orders.some((o: { id: string }) => o.id === mine.id)).toBe(false);
    }
    const notYours = await get(shopper, `/api/orders/${mine.id}`);
    expect(notYours.statusCode).toBe(404);
    expect(notYours.json()).toEqual({ success: false, error: 'Order not found' });
    expect((await get(shopper, `/api/orders/${mine.id}/invoice`)).statusCode).toBe(404);
    expect((await setStatus(shopper, mine.id, { status: 'confirmed' })).statusCode).toBe(404);
    const own = (await get(other, `/api/orders/${mine.id}`)).json();
    expect(own.order).toMatchObject({ id: mine.id, orderNumber: mine.orderNumber, reviews: [] });
    expect((await get(admin, `/api/orders/${mine.id}`)).statusCode).toBe(200);
    expect((await get(other, `/api/orders/${randomUUID()}`)).statusCode).toBe(404);
  });

  it('shows the owner’s reviews of the order’s products', async () => {
    const product = await createTestProduct(t.runtime);
    const order = (await place(shopper, { items: [{ id: product.id, quantity: 1 }] })).json().order;
    // Both reviews go through the commands a shopper uses: a delivered order, then its review.
    const theirs = (await place(other, { items: [{ id: product.id, quantity: 1 }] })).json().order;
    for (const [who, id, rating, comment] of [
      [shopper, order.id, 4, 'Lovely'],
      [other, theirs.id, 1, 'Not mine'],
    ] as const) {
      expect((await setStatus(admin, id, { status: 'delivered' })).statusCode).toBe(200);
      const reviewed = await t.app.inject({
        method: 'POST',
        url: `/api/user/orders/${id}/review`,
        headers: who.auth,
        payload: { productId: product.id, rating, comment },
      });
      expect(reviewed.statusCode).toBe(201);
    }
    const body = (await get(shopper, `/api/orders/${order.id}`)).json();
    expect(body.reviews).toEqual([expect.objectContaining({ productId: product.id, rating: 4, comment: 'Lovely' })]);
    expect(body.order.reviews).toHaveLength(1);
  });

  it('a shopper confirms their own pending COD order (twice is harmless) and may set nothing else', async () => {
    const product = await createTestProduct(t.runtime, { price: 1500 });
    const order = (await place(shopper, { items: [{ id: product.id, quantity: 1 }] })).json().order;
    const denied = await setStatus(shopper, order.id, { status: 'shipped' });
    expect(denied.statusCode).toBe(403);
    const confirmed = await setStatus(shopper, order.id, { status: 'confirmed' });
    expect(confirmed.statusCode).toBe(200);
    expect(confirmed.json()).toMatchObject({ success: true, order: { status: 'confirmed' } });
    expect((await setStatus(shopper, order.id, { status: 'confirmed' })).statusCode).toBe(200);
    expect((await setStatus(shopper, order.id, { status: 'bogus' })).json().error).toMatch(/^Invalid status/);
  });

  it('an online order cannot be confirmed by the shopper before its payment completes', async () => {
    const product = await createTestProduct(t.runtime);
    const order = (await place(shopper, { items: [{ id: product.id, quantity: 1 }], payment_method: 'razorpay' })).json().order;
    const response = await setStatus(shopper, order.id, { status: 'confirmed' });
    expect(response.statusCode).toBe(400);
    expect(response.json().error).toMatch(/Payment not completed/);
    expect((await get(shopper, `/api/orders/${order.id}`)).json().order.status).toBe('pending');
  });

  it('an admin sets any status through either route: tracking, delivery dates, cancel releases, reopen re-reserves or 409', async () => {
    const product = await createTestProduct(t.runtime, { price: 1200, stock: 2 });
    const order = (await place(shopper, { items: [{ id: product.id, quantity: 2 }] })).json().order;
    expect(await stock(product.id)).toBe(0);
    const shipped = (await setStatus(admin, order.id, { status: 'shipped', trackingNumber: 'BLUEDART42' }, `/api/orders/${order.id}/status`)).json();
    expect(shipped.order.trackingNumber).toBe('BLUEDART42');
    expect(Date.parse(shipped.order.estimatedDelivery) - Date.now()).toBeGreaterThan(4.9 * 86_400_000);
    const delivered = (await setStatus(admin, order.id, { status: 'delivered' })).json().order;
    expect(delivered.actualDelivery).not.toBeNull();
    const cancelled = (await setStatus(admin, order.id, { status: 'cancelled' })).json().order;
    expect(cancelled.status).toBe('cancelled');
    expect(await stock(product.id)).toBe(2);
    // someone buys the released units: reopening the cancelled order is refused
    const rival = (await place(other, { items: [{ id: product.id, quantity: 1 }] })).json().order;
    const refused = await setStatus(admin, order.id, { status: 'processing' });
    expect(refused.statusCode).toBe(409);
    expect(refused.json().error).toMatch(/^Insufficient Stock/);
    expect((await get(admin, `/api/orders/${order.id}`)).json().order.status).toBe('cancelled');
    await setStatus(admin, rival.id, { status: 'cancelled' });
    const reopened = await setStatus(admin, order.id, { status: 'processing' });
    expect(reopened.statusCode).toBe(200);
    expect(reopened.json().order.status).toBe('processing');
    expect(await stock(product.id)).toBe(0);
  });

  it('a delivered cash-on-delivery order shows payment status completed (the shopper and the admin alike)', async () => {
    const product = await createTestProduct(t.runtime, { price: 1200, stock: 2 });
    const order = (await place(shopper, { items: [{ id: product.id, quantity: 1 }] })).json().order;
    expect((await setStatus(shopper, order.id, { status: 'confirmed' })).statusCode).toBe(200);
    expect((await setStatus(admin, order.id, { status: 'shipped' })).json().order.paymentStatus).toBe('pending');
    expect((await setStatus(admin, order.id, { status: 'delivered' })).json().order.paymentStatus).toBe('completed');
    expect((await get(shopper, `/api/orders/${order.id}`)).json().order).toMatchObject({ status: 'delivered', paymentStatus: 'completed' });
  });

  it('serves the invoice with its order number, lines and GST contained in the total, and as a PDF', async () => {
    const product = await createTestProduct(t.runtime, { price: '590' });
    const order = (await place(shopper, { items: [{ id: product.id, quantity: 2 }] })).json().order;
    const response = await get(shopper, `/api/orders/${order.id}/invoice`);
    expect(response.statusCode).toBe(200);
    const { invoice } = response.json();
    expect(invoice).toMatchObject({
      orderNumber: order.orderNumber,
      customer: { name: expect.any(String) },
      items: [{ name: product.name, quantity: 2, price: 590, total: 1180 }],
      summary: { subtotal: 1180, shipping: 0, total: 1180 },
    });
    // The GST each line contains at its own rate (a figure: 5 %), not the whole total at one 18 % rate; and the same
    // figure the tax invoice shows once the order is confirmed and invoiced.
    expect(invoice.summary.tax).toBe(56.19);
    expect(invoice.summary).not.toHaveProperty('taxRate');
    expect(invoice.date).toBe(order.created_at);
    for (const url of [`/api/orders/${order.id}/invoice?format=pdf`, `/api/orders/${order.id}/invoice.pdf`]) {
      const pdf = await get(shopper, url);
      expect(pdf.statusCode).toBe(200);
      expect(pdf.headers['content-type']).toBe('application/pdf');
      expect(pdf.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
    }
    expect((await setStatus(shopper, order.id, { status: 'confirmed' })).statusCode).toBe(200);
    const taxInvoice = (await get(shopper, `/api/orders/${order.id}/invoice`)).json().invoice;
    expect(taxInvoice.title).toBe('Tax Invoice');
    expect(taxInvoice.summary.tax).toBe(invoice.summary.tax);
  });

  it('expires unpaid online orders after 30 minutes and unconfirmed COD orders only after 24 hours, releasing their stock; confirmed COD orders stay', async () => {
    const product = await createTestProduct(t.runtime, { price: 1500, stock: 6 });
    const online = (await place(shopper, { items: [{ id: product.id, quantity: 2 }], payment_method: 'razorpay' })).json().order;
    const cod = (await place(shopper, { items: [{ id: product.id, quantity: 1 }] })).json().order;
    const unconfirmed = (await place(shopper, { items: [{ id: product.id, quantity: 2 }] })).json().order;
    expect((await setStatus(shopper, cod.id, { status: 'confirmed' })).statusCode).toBe(200);
    expect(await stock(product.id)).toBe(1);
    const deps = { store: t.runtime.store, pool: t.runtime.pool };
    const minutes = (n: number) => new Date(Date.now() + n * 60_000);
    const early = await expireDueOrders(deps, minutes(29));
    expect(early).not.toContain(online.id);
    expect(early).not.toContain(unconfirmed.id);
    const expired = await expireDueOrders(deps, minutes(31));
    expect(expired).toContain(online.id);
    expect(expired).not.toContain(unconfirmed.id);
    expect(expired).not.toContain(cod.id);
    expect(await stock(product.id)).toBe(3);
    const expiry = (await t.runtime.store.readStream(orderStream(online.id))).at(-1)!;
    expect(expiry.type).toBe('OrderExpired');
    await t.runtime.projections.waitFor(expiry.position, ['orders'], 15_000);
    expect((await get(shopper, `/api/orders/${online.id}`)).json().order.status).toBe('cancelled');
    expect((await get(shopper, `/api/orders/${unconfirmed.id}`)).json().order.status).toBe('pending');
    const nextDay = await expireDueOrders(deps, minutes(24 * 60 + 1));
    expect(nextDay).toContain(unconfirmed.id);
    expect(nextDay).not.toContain(cod.id);
    expect(await stock(product.id)).toBe(5);
    const codExpiry = (await t.runtime.store.readStream(orderStream(unconfirmed.id))).at(-1)!;
    expect(codExpiry).toMatchObject({ type: 'OrderExpired', data: { reason: 'Cash on delivery order not confirmed within 24 hours' } });
  });
});

describe('stock hoarding caps through the API (3 open unpaid orders, 10 units of a product held unpaid)', () => {
  let t: TestContext;
  let shopper: Shopper;
  beforeAll(async () => {
    t = await createTestApp({ holdCaps: DEFAULT_HOLD_CAPS });
    shopper = await signUp(t.app);
  });
  afterAll(async () => t?.close());
  const place = (payload: Record<string, unknown>) =>
    t.app.inject({ method: 'POST', url: '/api/orders', headers: shopper.auth, payload: { ...address, payment_method: 'razorpay', ...payload } });
  const eventCount = async () => Number((await t.runtime.pool.query('select count(*) from events')).rows[0].count);

  it('refuses a fourth unpaid order and an eleventh unit of one product with 409, writing nothing; a confirmed COD order frees an order slot but its units stay held', async () => {
    const [a, b] = [await createTestProduct(t.runtime, { price: 1500, stock: 100 }), await createTestProduct(t.runtime, { price: 1500, stock: 100 })];
    const first = (await place({ items: [{ id: a.id, quantity: 6 }], payment_method: 'cod' })).json().order;
    expect((await place({ items: [{ id: a.id, quantity: 4 }] })).statusCode).toBe(201);
    let before = await eventCount();
    const tooMany = await place({ items: [{ id: a.id, quantity: 1 }] });
    expect(tooMany.statusCode).toBe(409);
    expect(await eventCount()).toBe(before);
    expect(tooMany.json()).toEqual({ success: false, error: 'You can hold at most 10 of ' + a.name + ' in unpaid orders; you already have 10.' });
    expect((await place({ items: [{ id: b.id, quantity: 1 }] })).statusCode).toBe(201);
    before = await eventCount();
    const fourth = await place({ items: [{ id: b.id, quantity: 1 }] });
    expect(fourth.statusCode).toBe(409);
    expect(fourth.json().error).toBe(
      'You already have 3 unpaid orders. Complete the payment of one (unpaid orders are cancelled after 30 minutes) before placing another.',
    );
    expect(await eventCount()).toBe(before);
    // Confirming the COD order (as the storefront does at once) frees its slot; its 6 units of a are still unpaid.
    expect(
      (await t.app.inject({ method: 'PUT', url: `/api/orders/${first.id}/status`, headers: shopper.auth, payload: { status: 'confirmed' } })).statusCode,
    ).toBe(200);
    expect((await place({ items: [{ id: b.id, quantity: 1 }] })).statusCode).toBe(201);
  });
});
