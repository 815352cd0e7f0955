import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, loginAdmin, signUp, type TestContext } from '../../../tests/helpers/test-runtime.js';
import { codOrderBody } from '../../../tests/helpers/test-orders.js';
import { createTestProduct } from '../../../tests/helpers/test-products.js';
import { loadInventory } from '../inventory/index.js';
import { NOT_A_HOLD_MESSAGE } from './cod-holds.js';

/** The store as an operator runs it: new accounts' COD caps on (the defaults), the general hoarding caps too. */
let ctx: TestContext;
let admin: Record<string, string>;
beforeAll(async () => {
  ctx = await createTestApp({ env: { COD_NEW_ACCOUNT_LIMITS: 'true' } });
  admin = (await loginAdmin(ctx.app)).auth;
});
afterAll(async () => ctx?.close());

const RULE = 'New accounts (e-mail address not verified, or opened less than 7 days ago) can hold at most';
/** Units on sale, from the product's inventory stream (the catalogue's copy follows its projection). */
const stockOf = async (id: string) => (await loadInventory(ctx.runtime.store, id)).available;
const placeCod = (auth: Record<string, string>, productId: string, quantity: number) =>
  ctx.app.inject({ method: 'POST', url: '/api/orders', headers: auth, payload: codOrderBody(productId, quantity) });
const holdsOf = async (productId: string) =>
  (await ctx.app.inject({ method: 'GET', url: `/api/admin/cod-holds?productId=${encodeURIComponent(productId)}`, headers: admin })).json();

describe('cash-on-delivery holds of new accounts', () => {
  it('two fresh accounts can no longer take all 15 units of a ₹6,999 product: 2 each at most, 3 for all new accounts together', async () => {
    const product = await createTestProduct(ctx.runtime, { price: 6999, stock: 15 });
    const [first, second, third] = await Promise.all([signUp(ctx.app), signUp(ctx.app), signUp(ctx.app)]);
    // Yesterday's attack: 10 units (the spec's per-line maximum) and then the last 5.
    const big = await placeCod(first!.auth, product.id, 10);
    expect(big.statusCode).toBe(409);
    expect(big.json()).toEqual({ success: false, error: `${RULE} 2 of ${product.name} in cash-on-delivery orders. Please pay online for more.` });
    expect((await placeCod(second!.auth, product.id, 5)).statusCode).toBe(409);
    expect(await stockOf(product.id)).toBe(15);

    expect((await placeCod(first!.auth, product.id, 2)).statusCode).toBe(201);
    const more = await placeCod(first!.auth, product.id, 1);
    expect(more.statusCode).toBe(409);
    expect(more.json().error).toBe(`${RULE} 2 of ${product.name} in cash-on-delivery orders; you already have 2. Please pay online for more.`);
    // New accounts together: 20 % of the 15 units.
    const together = `${product.name} is in high demand: new accounts together can hold only 3 of it in cash-on-delivery orders right now. Please pay online.`;
    const second2 = await placeCod(second!.auth, product.id, 2);
    expect(second2.statusCode).toBe(409);
    expect(second2.json().error).toBe(together);
    expect((await placeCod(second!.auth, product.id, 1)).statusCode).toBe(201);
    expect((await placeCod(third!.auth, product.id, 1)).json()).toEqual({ success: false, error: together });
    expect(await stockOf(product.id)).toBe(12);

    // The admin sees who holds how many since when.
    const listed = await holdsOf(product.id);
    expect(listed).toMatchObject({ success: true, units: 3, total: 2 });
    expect(listed.holds.map((h: { customerEmail: string; quantity: number }) => [h.customerEmail, h.quantity])).toEqual([
      [first!.email, 2],
      [second!.email, 1],
    ]);
    expect(Date.parse(listed.holds[0].since)).toBeLessThanOrEqual(Date.parse(listed.holds[1].since));
  });

  it('a new account may have 2 open COD orders; the third waits for a delivery, and paying online is never limited here', async () => {
    const shopper = await signUp(ctx.app);
    const products = await Promise.all([1, 2, 3].map(() => createTestProduct(ctx.runtime, { price: 1299, stock: 20 })));
    expect((await placeCod(shopper.auth, products[0]!.id, 1)).statusCode).toBe(201);
    expect((await placeCod(shopper.auth, products[1]!.id, 1)).statusCode).toBe(201);
    const third = await placeCod(shopper.auth, products[2]!.id, 1);
    expect(third.statusCode).toBe(409);
    expect(third.json().error).toBe(`${RULE} 2 open cash-on-delivery orders; you have 2. Please pay online, or wait until one is delivered.`);
    const online = await ctx.app.inject({
      method: 'POST',
      url: '/api/orders',
      headers: shopper.auth,
      payload: { ...codOrderBody(products[2]!.id, 5), payment_method: 'razorpay' },
    });
    expect(online.statusCode).toBe(201);
  });

  it("an honest new shopper's single COD purchase goes through as the spec describes: placed, confirmed, delivered", async () => {
    const product = await createTestProduct(ctx.runtime, { price: 6999, stock: 15 });
    const shopper = await signUp(ctx.app);
    const placed = await placeCod(shopper.auth, product.id, 1);
    expect(placed.statusCode).toBe(201);
    const order = placed.json().order as { id: string };
    const confirm = await ctx.app.inject({ method: 'PUT', url: `/api/orders/${order.id}/status`, headers: shopper.auth, payload: { status: 'confirmed' } });
    expect(confirm.statusCode).toBe(200);
    expect(confirm.json().order.status).toBe('confirmed');
    expect(await stockOf(product.id)).toBe(14);
    for (const status of ['shipped', 'delivered']) {
      const moved = await ctx.app.inject({ method: 'PUT', url: `/api/admin/orders/${order.id}/status`, headers: admin, payload: { status } });
      expect(moved.statusCode).toBe(200);
    }
    // Delivered: paid, no longer a hold; the account may hold 2 again.
    expect((await holdsOf(product.id)).total).toBe(0);
    expect((await placeCod(shopper.auth, product.id, 2)).statusCode).toBe(201);
  });

  it('the admin releases a hold with a reason: the order is cancelled, its stock back, the shopper told why', async () => {
    const product = await createTestProduct(ctx.runtime, { price: 6999, stock: 15 });
    const shopper = await signUp(ctx.app);
    const order = (await placeCod(shopper.auth, product.id, 2)).json().order as { id: string; orderNumber: string };
    expect(await stockOf(product.id)).toBe(13);
    const release = (reason: unknown) =>
      ctx.app.inject({ method: 'POST', url: `/api/admin/cod-holds/${order.id}/release`, headers: admin, payload: { reason } });

    const noReason = await release('');
    expect(noReason.statusCode).toBe(400);
    expect(noReason.json()).toMatchObject({ success: false, error: 'Please give a reason (the shopper is told it)' });
    const asShopper = await ctx.app.inject({
      method: 'POST',
      url: `/api/admin/cod-holds/${order.id}/release`,
      headers: shopper.auth,
      payload: { reason: 'mine' },
    });
    expect(asShopper.statusCode).toBe(403);

    const reason = 'Several accounts ordered the same figure to one address';
    const released = await release(reason);
    expect(released.statusCode).toBe(200);
    expect(released.json().order.status).toBe('cancelled');
    expect(await stockOf(product.id)).toBe(15);
    expect((await holdsOf(product.id)).total).toBe(0);
    // A retried click changes nothing.
    expect((await release(reason)).statusCode).toBe(200);
    expect(await stockOf(product.id)).toBe(15);

    let mail: { id: string } | undefined;
    for (let i = 0; i < 100 && !mail; i++) {
      const list = await ctx.app.inject({ method: 'GET', url: '/api/admin/messages?kind=order-cancelled&limit=50', headers: admin });
      mail = list.json().messages.find((m: { subject: string }) => m.subject === `Your order ${order.orderNumber} was cancelled`);
      if (!mail) await new Promise((r) => setTimeout(r, 100));
    }
    expect(mail).toBeDefined();
    const body = (await ctx.app.inject({ method: 'GET', url: `/api/admin/messages/${mail!.id}`, headers: admin })).json().message;
    expect(body.text).toContain(`Reason: ${reason}`);
  });

  it('refuses to release what is not an open COD hold: an online order, a shipped one, an unknown id', async () => {
    const product = await createTestProduct(ctx.runtime, { price: 1299, stock: 15 });
    const shopper = await signUp(ctx.app);
    const release = (id: string) =>
      ctx.app.inject({ method: 'POST', url: `/api/admin/cod-holds/${id}/release`, headers: admin, payload: { reason: 'hoarding' } });
    const online = await ctx.app.inject({
      method: 'POST',
      url: '/api/orders',
      headers: shopper.auth,
      payload: { ...codOrderBody(product.id, 1), payment_method: 'razorpay' },
    });
    expect((await release(online.json().order.id)).json()).toEqual({ success: false, error: NOT_A_HOLD_MESSAGE });
    const cod = (await placeCod(shopper.auth, product.id, 1)).json().order as { id: string };
    await ctx.app.inject({ method: 'PUT', url: `/api/admin/orders/${cod.id}/status`, headers: admin, payload: { status: 'shipped' } });
    const shipped = await release(cod.id);
    expect(shipped.statusCode).toBe(409);
    expect((await release('00000000-0000-4000-8000-000000000009')).statusCode).toBe(404);
  });
});
