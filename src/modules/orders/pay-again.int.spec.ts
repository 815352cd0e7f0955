import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { paymentsApp, SHIPPING_ADDRESS } from '../../../tests/helpers/payments-app.js';
import { loadInventory } from '../inventory/index.js';
import { webhookSignature } from '../payments/signature.js';
import { expireDueOrders } from './commands.js';
import { EXPIRED_MESSAGE } from './decide.js';
import { createTestProduct } from '../../../tests/helpers/test-products.js';

const WEBHOOK_SECRET = 'whsec_pay_again_0123';

/** One checkout is one order; paying again pays that order until it expires after 30 minutes. */
describe('paying the same order again', () => {
  const s = paymentsApp(WEBHOOK_SECRET);
  const { post } = s;
  const streamOf = async (orderId: string) => (await s.t.runtime.store.readStream(`order-${orderId}`)).map((e) => e.type);
  const available = async (productId: string) => (await loadInventory(s.t.runtime.store, productId)).available;
  const ownOrders = async (headers = s.shopper.auth) =>
    (await s.t.app.inject({ method: 'GET', url: '/api/user/orders', headers })).json().orders as Record<string, unknown>[];

  it('the same checkout id places one order: a repeated request answers that order and reserves nothing more', async () => {
    const product = await createTestProduct(s.t.runtime, { price: 700, stock: 10 });
    const checkout_id = randomUUID();
    const body = { ...SHIPPING_ADDRESS, payment_method: 'razorpay', checkout_id, items: [{ id: product.id, quantity: 2 }] };
    const first = await post('/api/orders', body);
    expect(first.statusCode).toBe(201);
    const again = await post('/api/orders', body);
    expect(again.statusCode).toBe(200);
    expect(again.json().order).toMatchObject({ id: first.json().order.id, orderNumber: first.json().order.orderNumber });
    // two requests at once, too
    const racing = await Promise.all([post('/api/orders', body), post('/api/orders', body)]);
    expect(racing.map((r) => r.json().order.id)).toEqual([first.json().order.id, first.json().order.id]);
    expect(await streamOf(first.json().order.id)).toEqual(['OrderPlaced']);
    expect(await available(product.id)).toBe(8);
    expect((await ownOrders()).filter((o) => (o.items as { productId: string }[])[0]!.productId === product.id)).toHaveLength(1);
    // Another shopper's checkout with the same id is their own order; a new checkout id is a new order.
    const theirs = await post('/api/orders', body, s.other.auth);
    expect(theirs.statusCode).toBe(201);
    expect(theirs.json().order.id).not.toBe(first.json().order.id);
    const next = await post('/api/orders', { ...body, checkout_id: randomUUID() });
    expect(next.statusCode).toBe(201);
    expect(await available(product.id)).toBe(4);
  });

  it('after a dismissed or failed payment window, paying again pays the same order with the same provider order', async () => {
    const product = await createTestProduct(s.t.runtime, { price: 640 });
    const placed = await post('/api/orders', {
      ...SHIPPING_ADDRESS,
      payment_method: 'razorpay',
      checkout_id: randomUUID(),
      items: [{ id: product.id, quantity: 1 }],
    });
    const order = placed.json().order as { id: string; totalAmount: number; created_at: string; paymentExpiresAt: string | null; expiredAt: string | null };
    // Awaiting payment: payable until 30 minutes after it was placed.
    expect(order.paymentExpiresAt).toBe(new Date(Date.parse(order.created_at) + 30 * 60_000).toISOString());
    expect(order.expiredAt).toBeNull();
    const open = async () =>
      (await post('/api/razorpay/create-order', { amount: order.totalAmount, currency: 'INR', orderId: order.id })).json().order_id as string;
    const providerOrderId = await open();
    // first window: dismissed (nothing happens); second: the bank declines
    expect(await open()).toBe(providerOrderId);
    const declined = await post('/api/payments/simulator/pay', { razorpay_order_id: providerOrderId, outcome: 'failure' });
    expect(declined.json().success).toBe(false);
    const listed = (await ownOrders()).find((o) => o.id === order.id)!;
    expect(listed).toMatchObject({ status: 'pending', paymentStatus: 'failed', paymentExpiresAt: order.paymentExpiresAt });
    // third: paid, on the same provider order; the webhook for it races the browser's verify
    expect(await open()).toBe(providerOrderId);
    const { success: _s, ...proof } = (await post('/api/payments/simulator/pay', { razorpay_order_id: providerOrderId, outcome: 'success' })).json();
    const raw = JSON.stringify({
      event: 'payment.captured',
      payload: { payment: { entity: { id: proof.razorpay_payment_id, order_id: providerOrderId, amount: Math.round(order.totalAmount * 100) } } },
    });
    const [verified, hooked] = await Promise.all([
      post('/api/razorpay/verify-payment', { ...proof, orderId: order.id }),
      s.t.app.inject({
        method: 'POST',
        url: '/api/razorpay/webhook',
        headers: { 'content-type': 'application/json', 'x-razorpay-signature': webhookSignature(raw, WEBHOOK_SECRET), 'x-razorpay-event-id': randomUUID() },
        payload: raw,
      }),
    ]);
    expect(verified.json()).toMatchObject({ verified: true, paymentStatus: 'completed' });
    expect(hooked.statusCode).toBe(200);
    expect(await streamOf(order.id)).toEqual(['OrderPlaced', 'PaymentOrderCreated', 'PaymentFailed', 'PaymentConfirmed']);
    const paid = (await ownOrders()).find((o) => o.id === order.id)!;
    expect(paid).toMatchObject({ paymentStatus: 'completed', paymentExpiresAt: null });
  });

  it('an unpaid order expires after 30 minutes: it says so, releases its stock, and can no longer be paid', async () => {
    const product = await createTestProduct(s.t.runtime, { price: 900, stock: 4 });
    const order = (
      await post('/api/orders', { ...SHIPPING_ADDRESS, payment_method: 'razorpay', checkout_id: randomUUID(), items: [{ id: product.id, quantity: 3 }] })
    ).json().order as { id: string; totalAmount: number; created_at: string };
    expect(await available(product.id)).toBe(1);
    const deps = { store: s.t.runtime.store, pool: s.t.runtime.pool };
    expect(await expireDueOrders(deps, new Date(Date.parse(order.created_at) + 29 * 60_000))).not.toContain(order.id);
    const expiredAt = new Date(Date.parse(order.created_at) + 31 * 60_000);
    expect(await expireDueOrders(deps, expiredAt)).toContain(order.id);
    expect(await available(product.id)).toBe(4);
    await expect
      .poll(async () => (await ownOrders()).find((o) => o.id === order.id))
      .toMatchObject({ status: 'cancelled', expiredAt: expiredAt.toISOString(), paymentExpiresAt: null });
    const late = await post('/api/razorpay/create-order', { amount: order.totalAmount, currency: 'INR', orderId: order.id });
    expect(late.statusCode).toBe(409);
    expect(late.json()).toEqual({ success: false, error: EXPIRED_MESSAGE });
    // The same checkout id still names that order: it is never placed a second time.
    expect(await streamOf(order.id)).toEqual(['OrderPlaced', 'OrderExpired']);
  });

  it('refuses a malformed checkout id and changes nothing', async () => {
    const product = await createTestProduct(s.t.runtime, { price: 700, stock: 2 });
    for (const checkout_id of ['short', 'x'.repeat(65), 'has space in it', '../../etc']) {
      const answer = await post('/api/orders', { ...SHIPPING_ADDRESS, payment_method: 'razorpay', checkout_id, items: [{ id: product.id, quantity: 1 }] });
      expect(answer.statusCode).toBe(400);
      expect(answer.json()).toMatchObject({ success: false, error: 'Invalid checkout id' });
    }
    expect(await available(product.id)).toBe(2);
  });
});
