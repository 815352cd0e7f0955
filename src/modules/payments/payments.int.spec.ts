import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import type { RecordedEvent, SubscribeOptions } from '../../core/event-store.js';
import type { Runtime } from '../../runtime.js';
import { paymentsApp, SHIPPING_ADDRESS } from '../../../tests/helpers/payments-app.js';
import { loginAdmin } from '../../../tests/helpers/test-runtime.js';
import { createTestProduct } from '../../../tests/helpers/test-products.js';
import { SIMULATOR_KEY_ID, type PaymentProvider } from './provider.js';
import { startRefunds } from './refunds.js';
import { webhookSignature } from './signature.js';

const WEBHOOK_SECRET = 'whsec_test_0123456789';

/**
 * The runtime as a log follower sees it, except that `afterBatch` is told each batch once the follower's own handler
 * has returned from it: a signal that the follower is done with those events, whatever it did with them.
 */
function watchBatches(runtime: Runtime, afterBatch: (events: RecordedEvent[]) => void): Runtime {
  const subscribe = (options: SubscribeOptions) =>
    runtime.store.subscribe({
      ...options,
      onEvents: async (events) => {
        await options.onEvents(events);
        afterBatch(events);
      },
    });
  const store = new Proxy(runtime.store, {
    get: (target, key) => {
      if (key === 'subscribe') return subscribe;
      const value = Reflect.get(target, key, target) as unknown;
      return typeof value === 'function' ? value.bind(target) : value;
    },
  });
  return { ...runtime, store };
}

describe('payments (local simulator)', () => {
  const s = paymentsApp(WEBHOOK_SECRET);
  const { post } = s;
  const paymentEvents = async (orderId: string, type: string) => (await s.t.runtime.store.readStream(`order-${orderId}`)).filter((e) => e.type === type);

  async function onlineOrder(price = 1499.5) {
    const product = await createTestProduct(s.t.runtime, { price });
    const response = await post('/api/orders', { ...SHIPPING_ADDRESS, payment_method: 'razorpay', items: [{ id: product.id, quantity: 1 }] });
    expect(response.statusCode).toBe(201);
    return response.json().order as { id: string; totalAmount: number };
  }
  async function payable(price?: number) {
    const order = await onlineOrder(price);
    const created = await post('/api/razorpay/create-order', { amount: order.totalAmount, currency: 'INR', orderId: order.id });
    expect(created.statusCode).toBe(200);
    return { order, providerOrderId: created.json().order_id as string };
  }
  const webhook = (body: object, eventId: string = randomUUID(), secret = WEBHOOK_SECRET) => {
    const raw = JSON.stringify(body);
    return s.t.app.inject({
      method: 'POST',
      url: '/api/razorpay/webhook',
      headers: { 'content-type': 'application/json', 'x-razorpay-signature': webhookSignature(raw, secret), 'x-razorpay-event-id': eventId },
      payload: raw,
    });
  };

  it("create-order charges the order's own total in paise, hands out the public key, and returns the same provider order on retry", async () => {
    const order = await onlineOrder(1499.5);
    const first = await post('/api/razorpay/create-order', { amount: 1499.5, currency: 'INR', orderId: order.id });
    expect(first.statusCode).toBe(200);
    const body = first.json();
    expect(body).toMatchObject({ success: true, amount: 149950, currency: 'INR', key_id: SIMULATOR_KEY_ID });
    expect(body.order_id).toMatch(/^order_[0-9A-Za-z]{14}$/);
    expect(JSON.stringify(body)).not.toContain('secret');
    const retry = await post('/api/razorpay/create-order', { amount: 1499.5, currency: 'INR', orderId: order.id });
    expect(retry.json().order_id).toBe(body.order_id);
    expect(await paymentEvents(order.id, 'PaymentOrderCreated')).toHaveLength(1);
  });

  it('refuses a different amount, another currency, another shopper, a COD order and guests', async () => {
    const order = await onlineOrder();
    const wrong = await post('/api/razorpay/create-order', { amount: 1, currency: 'INR', orderId: order.id });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().error).toBe('Amount does not match the order total');
    expect((await post('/api/razorpay/create-order', { amount: order.totalAmount, currency: 'USD', orderId: order.id })).statusCode).toBe(400);
    expect((await post('/api/razorpay/create-order', { amount: order.totalAmount, orderId: order.id }, s.other.auth)).statusCode).toBe(404);
    expect((await post('/api/razorpay/create-order', { amount: order.totalAmount, orderId: '' })).statusCode).toBe(400);
    expect((await post('/api/razorpay/create-order', { amount: order.totalAmount, orderId: order.id }, {})).statusCode).toBe(401);
    const product = await createTestProduct(s.t.runtime, { price: 2000 });
    const cod = (await post('/api/orders', { ...SHIPPING_ADDRESS, payment_method: 'cod', items: [{ id: product.id, quantity: 1 }] })).json().order;
    expect((await post('/api/razorpay/create-order', { amount: 2000, orderId: cod.id })).statusCode).toBe(400);
    // Found by the fuzzer: an absurd amount is a 400, not a 500.
    for (const amount of [1.7976931348623127e308, 7e126, 1e9]) {
      const huge = await post('/api/razorpay/create-order', { amount, currency: 'INR', orderId: order.id });
      expect(huge.statusCode).toBe(400);
      expect(huge.json()).toMatchObject({ success: false, error: 'Invalid amount' });
    }
    expect(await paymentEvents(order.id, 'PaymentOrderCreated')).toHaveLength(0);
  });

  it('verifies a simulator payment signed like Razorpay, exactly once, then lets the shopper confirm', async () => {
    const { order, providerOrderId } = await payable();
    const paid = await post('/api/payments/simulator/pay', { razorpay_order_id: providerOrderId, outcome: 'success' });
    expect(paid.statusCode).toBe(200);
    const proof = paid.json();
    expect(proof.razorpay_payment_id).toMatch(/^pay_[0-9A-Za-z]{14}$/);
    expect(proof.razorpay_signature).toMatch(/^[0-9a-f]{64}$/);
    const { success: _s, ...signed } = proof;
    for (let i = 0; i < 2; i++) {
      const verified = await post('/api/razorpay/verify-payment', signed);
      expect(verified.statusCode).toBe(200);
      expect(verified.json()).toMatchObject({ success: true, verified: true, paymentStatus: 'completed' });
    }
    // and a webhook for the same payment arriving after the browser's verify
    const late = await webhook({
      event: 'payment.captured',
      payload: { payment: { entity: { id: proof.razorpay_payment_id, order_id: providerOrderId, amount: Math.round(order.totalAmount * 100) } } },
    });
    expect(late.statusCode).toBe(200);
    expect(await paymentEvents(order.id, 'PaymentConfirmed')).toHaveLength(1);
    const confirmed = await s.t.app.inject({ method: 'PUT', url: `/api/orders/${order.id}/status`, headers: s.shopper.auth, payload: { status: 'confirmed' } });
    expect(confirmed.json().order).toMatchObject({ status: 'confirmed', paymentStatus: 'completed' });
  });

  it('a forged or misplaced signature confirms nothing', async () => {
    const { order, providerOrderId } = await payable();
    const proof = (await post('/api/payments/simulator/pay', { razorpay_order_id: providerOrderId })).json();
    const forged = await post('/api/razorpay/verify-payment', { ...proof, razorpay_signature: 'f'.repeat(64) });
    expect(forged.statusCode).toBe(400);
    expect(forged.json()).toEqual({ success: false, error: 'Payment verification failed' });
    const otherPayment = await post('/api/razorpay/verify-payment', { ...proof, razorpay_payment_id: 'pay_AAAAAAAAAAAAAA' });
    expect(otherPayment.json().error).toBe('Payment verification failed');
    // a valid signature for another order's provider id does not pay this order
    const second = await payable();
    const secondProof = (await post('/api/payments/simulator/pay', { razorpay_order_id: second.providerOrderId })).json();
    expect((await post('/api/razorpay/verify-payment', { ...secondProof, orderId: order.id })).json().error).toBe('Payment verification failed');
    expect((await post('/api/razorpay/verify-payment', { razorpay_order_id: providerOrderId })).json().error).toBe('Payment verification failed');
    expect(await paymentEvents(order.id, 'PaymentConfirmed')).toHaveLength(0);
    expect((await s.t.app.inject({ method: 'GET', url: `/api/orders/${order.id}`, headers: s.shopper.auth })).json().order.paymentStatus).toBe('pending');
  });

  it('a failed simulator payment marks the payment failed', async () => {
    const { order, providerOrderId } = await payable();
    const failed = await post('/api/payments/simulator/pay', { razorpay_order_id: providerOrderId, outcome: 'failure' });
    expect(failed.json()).toMatchObject({ success: false, error: 'Payment was not completed' });
    expect((await s.t.app.inject({ method: 'GET', url: `/api/orders/${order.id}`, headers: s.shopper.auth })).json().order.paymentStatus).toBe('failed');
    expect((await post('/api/payments/simulator/pay', { razorpay_order_id: providerOrderId }, s.other.auth)).statusCode).toBe(404);
  });

  it('the webhook checks the raw-body signature, de-duplicates deliveries and never moves a paid order backwards', async () => {
    const { order, providerOrderId } = await payable();
    const captured = {
      event: 'payment.captured',
      payload: { payment: { entity: { id: 'pay_WEBHOOK0000001', order_id: providerOrderId, amount: Math.round(order.totalAmount * 100) } } },
    };
    const bad = await webhook(captured, randomUUID(), 'wrong-secret');
    expect(bad.statusCode).toBe(400);
    expect(await paymentEvents(order.id, 'PaymentConfirmed')).toHaveLength(0);
    const eventId = randomUUID();
    const first = await webhook(captured, eventId);
    expect(first.json()).toMatchObject({ success: true, status: 'processed', orderId: order.id });
    expect((await webhook(captured, eventId)).json().status).toBe('duplicate');
    // Another delivery of the capture (its own event id) finds the order paid.
    expect((await webhook(captured, randomUUID())).json()).toMatchObject({ status: 'ignored', orderId: order.id, reason: 'already paid' });
    const failedLater = await webhook({
      event: 'payment.failed',
      payload: { payment: { entity: { id: 'pay_WEBHOOK0000002', order_id: providerOrderId, error_description: 'declined' } } },
    });
    expect(failedLater.statusCode).toBe(200);
    expect(failedLater.json()).toMatchObject({ status: 'ignored', orderId: order.id, reason: 'payment already settled' });
    expect(await paymentEvents(order.id, 'PaymentConfirmed')).toHaveLength(1);
    expect(await paymentEvents(order.id, 'PaymentFailed')).toHaveLength(0);
    const view = (await s.t.app.inject({ method: 'GET', url: `/api/orders/${order.id}`, headers: s.shopper.auth })).json().order;
    expect(view.paymentStatus).toBe('completed');
  });

  it('order.paid finds the order by its receipt and pays it; unknown orders and deliveries without an id are acknowledged', async () => {
    const { order, providerOrderId } = await payable();
    const paise = Math.round(order.totalAmount * 100);
    const paid = {
      event: 'order.paid',
      payload: {
        order: { entity: { id: providerOrderId, receipt: order.id, amount: paise } },
        payment: { entity: { id: 'pay_ORDERPAID0001', order_id: providerOrderId, amount: paise } },
      },
    };
    expect((await webhook(paid)).json()).toMatchObject({ status: 'processed', orderId: order.id });
    expect((await webhook(paid, '')).json()).toMatchObject({ status: 'ignored' });
    const unknown = await webhook({
      event: 'payment.captured',
      payload: { payment: { entity: { id: 'pay_UNKNOWN000001', order_id: 'order_NOSUCHORDER00', amount: 100 } } },
    });
    expect(unknown.statusCode).toBe(200);
    expect(unknown.json()).toMatchObject({ status: 'ignored', reason: 'unknown order' });
    expect(await paymentEvents(order.id, 'PaymentConfirmed')).toHaveLength(1);
    const wrongAmount = await payable();
    const short = await webhook({
      event: 'payment.captured',
      payload: { payment: { entity: { id: 'pay_SHORT00000001', order_id: wrongAmount.providerOrderId, amount: 100 } } },
    });
    expect(short.json()).toMatchObject({ status: 'ignored', reason: 'Payment amount does not match the order total' });
    expect(await paymentEvents(wrongAmount.order.id, 'PaymentConfirmed')).toHaveLength(0);
  });

  it('payment.failed from the webhook sets failed on an unpaid order', async () => {
    const { order, providerOrderId } = await payable();
    const res = await webhook({
      event: 'payment.failed',
      payload: { payment: { entity: { id: 'pay_FAILED00000001', order_id: providerOrderId, error_description: 'Card declined' } } },
    });
    expect(res.json().status).toBe('processed');
    const events = await paymentEvents(order.id, 'PaymentFailed');
    expect(events).toHaveLength(1);
    expect(events[0]!.data).toMatchObject({ reason: 'Card declined', via: 'webhook' });
  });

  it('an admin cancelling a paid order refunds it', async () => {
    const { order, providerOrderId } = await payable();
    const { success: _s, ...proof } = (await post('/api/payments/simulator/pay', { razorpay_order_id: providerOrderId })).json();
    await post('/api/razorpay/verify-payment', proof);
    const admin = await loginAdmin(s.t.app);
    const cancelled = await s.t.app.inject({ method: 'PUT', url: `/api/orders/${order.id}/status`, headers: admin.auth, payload: { status: 'cancelled' } });
    expect(cancelled.json().order).toMatchObject({ status: 'cancelled', paymentStatus: 'refunded' });
  });

  it('with real keys, a refund decided by cancelling a paid order is issued through the provider exactly once', async () => {
    const calls: { paymentId: string; amountPaise: number }[] = [];
    const fake: PaymentProvider = {
      kind: 'razorpay',
      keyId: 'rzp_test_fake',
      keySecret: 'fake',
      webhookSecret: null,
      createOrder: async () => ({ id: 'order_FAKE' }),
      refund: async (input) => (calls.push(input), { id: `rfnd_${calls.length}` }),
    };
    const { order, providerOrderId } = await payable();
    const { success: _s, ...proof } = (await post('/api/payments/simulator/pay', { razorpay_order_id: providerOrderId })).json();
    await post('/api/razorpay/verify-payment', proof);
    const admin = await loginAdmin(s.t.app);
    await s.t.app.inject({ method: 'PUT', url: `/api/admin/orders/${order.id}/status`, headers: admin.auth, payload: { status: 'cancelled' } });
    // Two instances follow the log; the test learns when each has handled this payment's refund (its handler returned
    // from the batch that holds it), whichever of them issued it.
    let handled = 0;
    const watched = watchBatches(s.t.runtime, (events) => {
      if (events.some((e) => e.type === 'PaymentRefunded' && (e.data as { paymentId?: string }).paymentId === proof.razorpay_payment_id)) handled++;
    });
    const one = startRefunds(watched, fake);
    const two = startRefunds(watched, fake);
    await expect.poll(() => handled).toBe(2);
    await one.close();
    await two.close();
    const stream = `razorpay-refund-${proof.razorpay_payment_id}`;
    // (an earlier test cancelled another paid order: its refund is issued too, once)
    expect(new Set(calls.map((c) => c.paymentId)).size).toBe(calls.length);
    expect(calls.filter((c) => c.paymentId === proof.razorpay_payment_id)).toEqual([
      { paymentId: proof.razorpay_payment_id, amountPaise: Math.round(order.totalAmount * 100), orderId: order.id },
    ]);
    expect((await s.t.runtime.store.readStream(stream)).map((e) => e.type)).toEqual(['RazorpayRefundRequested', 'RazorpayRefundIssued']);
  });
});
