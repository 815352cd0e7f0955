import type { ParsedMail } from 'mailparser';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, loginAdmin, signUp, type TestContext } from '../../../tests/helpers/test-runtime.js';
import { createTestProduct } from '../../../tests/helpers/test-products.js';
import { MUMBAI_SHIPPING } from '../../../tests/helpers/test-orders.js';
import { expireDueOrders } from '../orders/index.js';
import { startTestSmtpServer, type TestSmtpServer } from './test-smtp.js';

/**
 * Every kind of message, caused through the store's own API and delivered by the module's sender over SMTP_URL to a
 * real SMTP server in this process, then parsed back with mailparser.
 */
describe('messages: each kind, over SMTP', () => {
  let smtp: TestSmtpServer;
  let t: TestContext;
  let admin: Record<string, string>;
  let shopper: Awaited<ReturnType<typeof signUp>>;

  beforeAll(async () => {
    smtp = await startTestSmtpServer();
    t = await createTestApp({
      env: { SMTP_URL: smtp.url, MAIL_FROM: 'Anime Collectibles <orders@shop.example.in>', PUBLIC_URL: 'https://shop.example.in' },
    });
    admin = (await loginAdmin(t.app)).auth;
    shopper = await signUp(t.app, { full_name: 'Asha Rao' });
  }, 120_000);
  afterAll(async () => {
    await t?.close();
    await smtp?.stop();
  });

  /** The next message to arrive whose subject matches. */
  async function mailMatching(subject: RegExp): Promise<ParsedMail> {
    const deadline = Date.now() + 15_000;
    for (;;) {
      const found = smtp.received.find((m) => subject.test(m.subject ?? ''));
      if (found) return found;
      if (Date.now() > deadline) throw new Error(`no message matching ${subject}; got ${smtp.received.map((m) => m.subject).join(' | ')}`);
      await smtp.waitFor(smtp.received.length + 1, Math.max(1, deadline - Date.now())).catch(() => undefined);
    }
  }

  async function codOrder(price = 6999) {
    const product = await createTestProduct(t.runtime, { price, name: `Statue ${Math.random().toString(36).slice(2, 7)}` });
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/orders',
      headers: shopper.auth,
      payload: { items: [{ productId: product.id, quantity: 2 }], ...MUMBAI_SHIPPING, payment_method: 'cod' },
    });
    expect(res.statusCode).toBe(201);
    return { order: res.json().order as { id: string; orderNumber: string }, product };
  }
  const setStatus = async (id: string, status: string, extra: object = {}) => {
    const res = await t.app.inject({ method: 'PUT', url: `/api/admin/orders/${id}/status`, headers: admin, payload: { status, ...extra } });
    expect(res.statusCode).toBe(200);
  };

  it('order placed: to the shopper, from MAIL_FROM, HTML and text with ₹ in en-IN, a link from PUBLIC_URL, a Message-ID per event and kind', async () => {
    const { order, product } = await codOrder(6999);
    const mail = await mailMatching(new RegExp(`received your order ${order.orderNumber}`));
    expect(mail.to && !Array.isArray(mail.to) ? mail.to.value[0]!.address : null).toBe(shopper.email);
    expect(mail.from?.value[0]).toEqual({ address: 'orders@shop.example.in', name: 'Anime Collectibles' });
    expect(mail.html).toContain('₹13,998');
    expect(mail.html).toContain(product.name);
    expect(mail.html).toContain('https://shop.example.in/orders');
    expect(mail.text).toContain('₹13,998');
    expect(mail.text).toContain('Hi Asha Rao');
    expect(mail.messageId).toMatch(/^<[0-9a-f-]{36}@shop\.example\.in>$/);
    // The server's acceptance comes just before the sender records 'sent'.
    const listedRow = async () =>
      (await t.app.inject({ method: 'GET', url: '/api/admin/messages?limit=50', headers: admin }))
        .json()
        .messages.find((m: { subject: string; state: string }) => m.subject === mail.subject && m.state === 'sent');
    let row = await listedRow();
    for (let i = 0; i < 50 && !row; i++) row = await new Promise((r) => setTimeout(r, 100)).then(listedRow);
    expect(row).toMatchObject({ state: 'sent', kind: 'order-placed', label: 'Order placed', recipient: `Asha Rao <${shopper.email}>` });
    expect(mail.messageId).toBe(`<${row.id}@shop.example.in>`);
  });

  it('order confirmed carries the GST tax invoice PDF; shipped names the tracking number; delivered invites a review', async () => {
    const { order, product } = await codOrder(1299);
    await setStatus(order.id, 'confirmed');
    const confirmed = await mailMatching(new RegExp(`order ${order.orderNumber} is confirmed`));
    expect(confirmed.attachments).toHaveLength(1);
    expect(confirmed.attachments[0]!.contentType).toBe('application/pdf');
    expect(confirmed.attachments[0]!.filename).toMatch(/^Tax-Invoice-.+\.pdf$/);
    expect(confirmed.attachments[0]!.content.subarray(0, 5).toString()).toBe('%PDF-');
    await setStatus(order.id, 'shipped', { trackingNumber: 'AWB123456789' });
    const shipped = await mailMatching(new RegExp(`order ${order.orderNumber} has shipped`));
    expect(shipped.text).toContain('Tracking number: AWB123456789');
    await setStatus(order.id, 'delivered');
    const delivered = await mailMatching(new RegExp(`order ${order.orderNumber} was delivered`));
    expect(delivered.html).toContain(`https://shop.example.in/product/${encodeURIComponent(product.id)}#reviews`);
    expect(delivered.text).toMatch(/write a review/i);
  });

  it('cancelled', async () => {
    const { order } = await codOrder(499);
    await setStatus(order.id, 'cancelled');
    const mail = await mailMatching(new RegExp(`order ${order.orderNumber} was cancelled`));
    expect(mail.text).toContain('₹998');
  });

  async function onlineOrder() {
    const product = await createTestProduct(t.runtime, { price: 1499.5 });
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/orders',
      headers: shopper.auth,
      payload: { items: [{ productId: product.id, quantity: 1 }], ...MUMBAI_SHIPPING, payment_method: 'razorpay' },
    });
    expect(res.statusCode).toBe(201);
    const order = res.json().order as { id: string; orderNumber: string; totalAmount: number };
    const created = await t.app.inject({
      method: 'POST',
      url: '/api/razorpay/create-order',
      headers: shopper.auth,
      payload: { amount: order.totalAmount, currency: 'INR', orderId: order.id },
    });
    return { order, providerOrderId: created.json().order_id as string };
  }

  it('payment failed carries the Pay now link', async () => {
    const { order, providerOrderId } = await onlineOrder();
    await t.app.inject({
      method: 'POST',
      url: '/api/payments/simulator/pay',
      headers: shopper.auth,
      payload: { razorpay_order_id: providerOrderId, outcome: 'failure' },
    });
    const mail = await mailMatching(new RegExp(`Payment for your order ${order.orderNumber} did not go through`));
    expect(mail.html).toContain('Pay now');
    expect(mail.html).toContain('https://shop.example.in/orders');
    expect(mail.text).toContain('₹1,499.5');
  });

  it('refunded: a paid order cancelled by the admin', async () => {
    const { order, providerOrderId } = await onlineOrder();
    const { success: _s, ...proof } = (
      await t.app.inject({ method: 'POST', url: '/api/payments/simulator/pay', headers: shopper.auth, payload: { razorpay_order_id: providerOrderId } })
    ).json();
    await t.app.inject({ method: 'POST', url: '/api/razorpay/verify-payment', headers: shopper.auth, payload: proof });
    await setStatus(order.id, 'cancelled');
    const mail = await mailMatching(new RegExp(`Refund of ₹1,499.5 for your order ${order.orderNumber}`));
    expect(mail.text).toContain('refunded ₹1,499.5');
  });

  it('UPI refund sent: a cash-on-delivery return refunded to a UPI id, once its payout is issued', async () => {
    const { order, product } = await codOrder(1500);
    for (const status of ['confirmed', 'shipped', 'delivered']) await setStatus(order.id, status);
    const asked = await t.app.inject({
      method: 'POST',
      url: `/api/orders/${order.id}/returns`,
      headers: shopper.auth,
      payload: { items: [{ productId: product.id, quantity: 1 }], reason: 'Scratched', upiId: 'asha.rao@okaxis' },
    });
    const returnId = asked.json().return.id as string;
    await t.app.inject({ method: 'POST', url: `/api/admin/returns/${returnId}/approve`, headers: admin });
    await t.app.inject({ method: 'POST', url: `/api/admin/returns/${returnId}/receive`, headers: admin, payload: {} });
    const mail = await mailMatching(new RegExp(`Refund of ₹1,500 for your order ${order.orderNumber} sent to your UPI ID`));
    expect(mail.text).toMatch(/Payout reference: pout_\w{14}/);
  });

  it('payment expired: an unpaid online order past its 30 minutes', async () => {
    const { order } = await onlineOrder();
    await expireDueOrders({ store: t.runtime.store, pool: t.runtime.pool }, new Date(Date.now() + 31 * 60_000));
    const mail = await mailMatching(new RegExp(`order ${order.orderNumber} was not paid in time`));
    expect(mail.html).toContain('Pay now');
  });
});
