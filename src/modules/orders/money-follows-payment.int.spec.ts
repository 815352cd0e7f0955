import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, loginAdmin, signUp, type TestContext } from '../../../tests/helpers/test-runtime.js';
import { createTestProduct } from '../../../tests/helpers/test-products.js';
import { payThroughSimulator, PUNE_SHIPPING as address } from '../../../tests/helpers/test-orders.js';
import { taxDocumentsStream } from '../gst/index.js';
import { REFUNDED_MOVE_MESSAGE } from './decide.js';
import { orderStream } from './order.js';

const indiaDate = (ms: number) => new Date(ms + 5.5 * 3_600_000).toISOString().slice(0, 10);

/** The security review's case: a paid order cancelled (refunded) and moved on to delivered must not count anywhere. */
describe('money follows the payment, through the API', () => {
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
  const adminStatus = (id: string, status: string) => call('PUT', `/api/admin/orders/${id}/status`, admin.auth, { status });
  const documents = async (orderId: string) => (await t.runtime.store.readStream(taxDocumentsStream(orderId))).map((e) => e.type);
  const books = async () => {
    const w = { from: indiaDate(Date.now() - 60_000), to: indiaDate(Date.now() + 60_000) };
    const month = indiaDate(Date.now()).slice(0, 7);
    const [stats, customers, revenue, gst] = await Promise.all([
      call('GET', '/api/admin/stats', admin.auth),
      call('GET', `/api/admin/customers?search=${encodeURIComponent(shopper.user.email)}`, admin.auth),
      call('GET', `/api/admin/audit/revenue?from=${w.from}&to=${w.to}`, admin.auth),
      call('GET', `/api/admin/gst/reconciliation?month=${month}`, admin.auth),
    ]);
    return {
      revenue: stats.json().stats.totalRevenue as number,
      spent: customers.json().customers[0].total_spent as number,
      reconciliation: revenue.json().reconciliation,
      gst: gst.json().reconciliation,
    };
  };
  const pay = async (order: { id: string; totalAmount: number }) =>
    expect((await payThroughSimulator(t.app, shopper.auth, order)).json()).toMatchObject({ verified: true });

  it('a refunded order cannot be moved back to revenue; revenue, total_spent, invoices, GSTR-1 and the audit agree', async () => {
    const product = await createTestProduct(t.runtime, { price: 2499, stock: 5 });
    const order = (await call('POST', '/api/orders', shopper.auth, { ...address, payment_method: 'razorpay', items: [{ id: product.id, quantity: 1 }] })).json()
      .order;
    await pay(order);
    expect((await call('PUT', `/api/orders/${order.id}/status`, shopper.auth, { status: 'confirmed' })).statusCode).toBe(200);
    const paid = await books();
    expect(paid.revenue).toBe(2499);
    expect(paid.spent).toBe(2499);
    expect(await documents(order.id)).toEqual(['InvoiceIssued']);

    expect((await adminStatus(order.id, 'cancelled')).json().order).toMatchObject({ status: 'cancelled', paymentStatus: 'refunded' });
    for (const to of ['confirmed', 'processing', 'shipped', 'delivered']) {
      const moved = await adminStatus(order.id, to);
      expect(moved.statusCode, to).toBe(409);
      expect(moved.json()).toEqual({ success: false, error: REFUNDED_MOVE_MESSAGE });
    }
    const refunded = await books();
    expect(refunded.revenue).toBe(0);
    expect(refunded.spent).toBe(0);
    expect(await documents(order.id)).toEqual(['InvoiceIssued', 'CreditNoteIssued']);
    expect(refunded.reconciliation).toMatchObject({ difference: 0, differences: [], movedOnAfterRefund: [] });
    expect(refunded.gst).toMatchObject({ reconciled: true, differences: [] });
    expect(refunded.gst.events.taxablePaise).toBe(0);

    // Reopened and paid again, it counts again with a fresh invoice.
    expect((await adminStatus(order.id, 'pending')).json().order).toMatchObject({ status: 'pending', paymentStatus: 'refunded' });
    await pay(order);
    expect((await adminStatus(order.id, 'shipped')).statusCode).toBe(200);
    const again = await books();
    expect(again.revenue).toBe(2499);
    expect(again.spent).toBe(2499);
    expect(await documents(order.id)).toEqual(['InvoiceIssued', 'CreditNoteIssued', 'InvoiceIssued']);
    expect(again.reconciliation).toMatchObject({ difference: 0, differences: [], movedOnAfterRefund: [] });
    expect(again.gst).toMatchObject({ reconciled: true });
  });

  it('an unpaid online order an admin confirms is neither revenue nor invoiced until it is paid', async () => {
    const product = await createTestProduct(t.runtime, { price: 1500, stock: 5 });
    const order = (await call('POST', '/api/orders', shopper.auth, { ...address, payment_method: 'razorpay', items: [{ id: product.id, quantity: 1 }] })).json()
      .order;
    const before = (await books()).revenue;
    expect((await adminStatus(order.id, 'confirmed')).statusCode).toBe(200);
    expect((await books()).revenue).toBe(before);
    expect(await documents(order.id)).toEqual([]);
    await pay(order);
    expect((await books()).revenue).toBe(before + 1500);
    expect(await documents(order.id)).toEqual(['InvoiceIssued']);
  });

  it('the reconciliation reports an order an old log shows shipped after its refund', async () => {
    const product = await createTestProduct(t.runtime, { price: 1800, stock: 5 });
    const order = (await call('POST', '/api/orders', shopper.auth, { ...address, payment_method: 'razorpay', items: [{ id: product.id, quantity: 1 }] })).json()
      .order;
    await pay(order);
    await adminStatus(order.id, 'cancelled');
    // What the store allowed before: moved on after the refund, with nothing paid again.
    const version = (await t.runtime.store.readStream(orderStream(order.id))).length - 1;
    const at = new Date().toISOString();
    const metadata = { correlationId: randomUUID(), userId: admin.user.id, timestamp: at };
    const moved = (from: string, to: string) => ({
      type: 'OrderStatusChanged',
      data: { orderId: order.id, from, to, stock: 'kept', by: admin.user.id, at },
      metadata,
    });
    const result = await t.runtime.store.append(orderStream(order.id), [moved('cancelled', 'confirmed'), moved('confirmed', 'shipped')], {
      expectedVersion: version,
    });
    await t.runtime.projections.waitFor(result.position);
    const { reconciliation, revenue } = await books();
    expect(reconciliation).toMatchObject({ difference: 0, differences: [] });
    expect(reconciliation.movedOnAfterRefund).toEqual([
      { orderId: order.id, orderNumber: order.orderNumber, refundedAt: expect.any(String), movedTo: 'confirmed', movedAt: at },
    ]);
    // Neither side counts it.
    expect(reconciliation.events.revenue).toBe(reconciliation.readModel.revenue);
    expect(revenue).toBe(reconciliation.readModel.revenue);
  });
});
