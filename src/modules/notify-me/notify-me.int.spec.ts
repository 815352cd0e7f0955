import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, loginAdmin, signUp, type TestContext } from '../../../tests/helpers/test-runtime.js';
import { createTestProduct } from '../../../tests/helpers/test-products.js';
import { setStockLevel } from '../inventory/index.js';
import { runNotifyMeCommand } from './commands.js';
import { NOTIFY_ME_MESSAGES } from './decide.js';
import { notifyMeStream } from './notify-me.js';
import type { RestockWatch } from './restock-watch.js';

describe('notify me through the routes', () => {
  let t: TestContext;
  let other: TestContext;
  let admin: { auth: Record<string, string> };
  beforeAll(async () => {
    const env = { JWT_SECRET: 'shared-secret-of-both-instances-0123456789' };
    t = await createTestApp({ env });
    // A second instance on the same database runs its own restock watch: nobody may be told twice.
    other = await createTestApp({ env, databaseUrl: t.databaseUrl });
    admin = await loginAdmin(t.app);
  });
  afterAll(async () => {
    await other?.close();
    await t?.close();
  });

  const subscribe = (auth: Record<string, string>, productId: string) =>
    t.app.inject({ method: 'POST', url: '/api/user/notify-me', headers: auth, payload: { productId } });
  const unsubscribe = (auth: Record<string, string>, productId: string) =>
    t.app.inject({ method: 'DELETE', url: `/api/user/notify-me/${productId}`, headers: auth });
  const restock = async (productId: string, quantity: number) => {
    const put = await t.app.inject({ method: 'PUT', url: `/api/admin/products/${productId}`, headers: admin.auth, payload: { stock_quantity: quantity } });
    expect(put.statusCode).toBe(200);
  };
  /** The back-in-stock messages queued for the product, by shopper (the outbox projector, behind the watch). */
  const messagesFor = async (productId: string) => {
    const { rows } = await t.runtime.pool.query<{ customer_id: string }>(
      `select e.data->>'customerId' as customer_id from message_outbox m join events e on e.event_id::text = m.event_id
        where m.kind = 'back-in-stock' and m.stream_id = $1`,
      [notifyMeStream(productId)],
    );
    return rows.map((r) => r.customer_id).sort();
  };
  const watches = () => [t, other].map((ctx) => (ctx.runtime.modules.find((m) => m.name === 'notify-me') as unknown as { watch(): RestockWatch }).watch());
  /** Both instances' watches have looked at everything, and the outbox has every message the log asks for. */
  const settle = async () => {
    for (const watch of watches()) await watch.sweep();
    await t.runtime.projections.waitFor(await t.runtime.store.headPosition(), ['messages', 'notify-me']);
  };

  it('a signed-in shopper subscribes to an out-of-stock product, once, and sees it in their list', async () => {
    const shopper = await signUp(t.app);
    const product = await createTestProduct(t.runtime, { stock: 0 });
    const first = await subscribe(shopper.auth, product.id);
    expect(first.statusCode).toBe(200);
    expect(first.json()).toEqual({ success: true, message: NOTIFY_ME_MESSAGES.subscribed, productId: product.id, subscribed: true, productIds: [product.id] });
    expect((await subscribe(shopper.auth, product.id)).json()).toMatchObject({ success: true, productIds: [product.id] });
    const list = await t.app.inject({ url: '/api/user/notify-me', headers: shopper.auth });
    expect(list.json()).toEqual({ success: true, productIds: [product.id] });
    const demand = await t.app.inject({ url: `/api/admin/notify-me?productIds=${product.id},nobody-waits`, headers: admin.auth });
    expect(demand.json()).toEqual({ success: true, demand: { [product.id]: 1, 'nobody-waits': 0 } });
  });

  it('refuses a product in stock, an unknown product, a guest and a shopper asking for the admin figures', async () => {
    const shopper = await signUp(t.app);
    const inStock = await createTestProduct(t.runtime, { stock: 3 });
    const refused = await subscribe(shopper.auth, inStock.id);
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toEqual({ success: false, error: NOTIFY_ME_MESSAGES.inStock });
    expect((await subscribe(shopper.auth, 'no-such-product')).json()).toEqual({ success: false, error: 'Product not found' });
    expect((await t.app.inject({ method: 'POST', url: '/api/user/notify-me', payload: { productId: inStock.id } })).statusCode).toBe(401);
    expect((await subscribe(shopper.auth, '')).statusCode).toBe(400);
    expect((await t.app.inject({ url: `/api/admin/notify-me?productIds=${inStock.id}`, headers: shopper.auth })).statusCode).toBe(403);
    expect((await t.app.inject({ url: '/api/user/notify-me', headers: shopper.auth })).json()).toEqual({ success: true, productIds: [] });
  });

  it('a restock tells each waiting shopper exactly once, even when the stock changes again and two instances watch', async () => {
    const [a, b, leaver] = [await signUp(t.app), await signUp(t.app), await signUp(t.app)];
    const product = await createTestProduct(t.runtime, { stock: 0 });
    for (const s of [a, b, leaver]) expect((await subscribe(s.auth, product.id)).statusCode).toBe(200);
    const left = await unsubscribe(leaver.auth, product.id);
    expect(left.json()).toEqual({ success: true, message: NOTIFY_ME_MESSAGES.unsubscribed, productId: product.id, subscribed: false, productIds: [] });

    await restock(product.id, 5);
    await expect.poll(() => messagesFor(product.id), { timeout: 10_000 }).toEqual([a.user.id, b.user.id].sort());
    await restock(product.id, 8);
    await restock(product.id, 0);
    await restock(product.id, 2);
    await settle();
    expect(await messagesFor(product.id)).toEqual([a.user.id, b.user.id].sort());
    expect((await t.app.inject({ url: '/api/user/notify-me', headers: a.auth })).json()).toEqual({ success: true, productIds: [] });
    const demand = await t.app.inject({ url: `/api/admin/notify-me?productIds=${product.id}`, headers: admin.auth });
    expect(demand.json().demand).toEqual({ [product.id]: 0 });
  });

  it('stock given back by a cancelled order tells the waiting shoppers too', async () => {
    const product = await createTestProduct(t.runtime, { stock: 1 });
    const buyer = await signUp(t.app);
    const placed = await t.app.inject({
      method: 'POST',
      url: '/api/orders',
      headers: buyer.auth,
      payload: {
        shipping_address: '9 Brigade Road',
        shipping_city: 'Bengaluru',
        shipping_state: 'Karnataka',
        shipping_pincode: '560001',
        shipping_phone: '',
        payment_method: 'razorpay',
        items: [{ id: product.id, quantity: 1 }],
      },
    });
    expect(placed.statusCode).toBe(201);
    await t.runtime.projections.waitFor(await t.runtime.store.headPosition(), ['catalogue']);
    const waiter = await signUp(t.app);
    await expect.poll(async () => (await subscribe(waiter.auth, product.id)).statusCode, { timeout: 5_000 }).toBe(200);
    const orderId = placed.json().order.id as string;
    expect((await t.app.inject({ method: 'POST', url: `/api/orders/${orderId}/cancel`, headers: buyer.auth })).statusCode).toBe(200);
    await expect.poll(() => messagesFor(product.id), { timeout: 10_000 }).toEqual([waiter.user.id]);
  });

  it('a subscription that lands just after the restock (the route saw it sold out) is told at once', async () => {
    const shopper = await signUp(t.app);
    const product = await createTestProduct(t.runtime, { stock: 0 });
    const now = new Date();
    await setStockLevel(t.runtime.store, product.id, 4, 'restock', { now });
    // Decided as the route would have a moment earlier, when the product could not be bought.
    await runNotifyMeCommand(
      t.runtime.store,
      { type: 'SubscribeToNotifyMe', data: { productId: product.id, customerId: shopper.user.id, buyable: false, now: now.toISOString() } },
      { userId: shopper.user.id, now, correlationId: randomUUID() },
    );
    await expect.poll(() => messagesFor(product.id), { timeout: 10_000 }).toEqual([shopper.user.id]);
    await settle();
    expect(await messagesFor(product.id)).toEqual([shopper.user.id]);
  });
});
