import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, loginAdmin, signUp, type TestContext } from '../../../tests/helpers/test-runtime.js';
import { createTestProduct } from '../../../tests/helpers/test-products.js';
import { PUNE_SHIPPING as address } from '../../../tests/helpers/test-orders.js';
import { taxDocumentsStream } from '../gst/index.js';
import { loadInventory } from '../inventory/index.js';
import { SHIPPED_CANCEL_MESSAGE } from './decide.js';
import { orderStream } from './order.js';

describe('POST /api/orders/:id/cancel', () => {
  let t: TestContext;
  let shopper: Awaited<ReturnType<typeof signUp>>;
  let other: Awaited<ReturnType<typeof signUp>>;
  let admin: Awaited<ReturnType<typeof loginAdmin>>;
  beforeAll(async () => {
    t = await createTestApp();
    shopper = await signUp(t.app);
    other = await signUp(t.app);
    admin = await loginAdmin(t.app);
  });
  afterAll(async () => t?.close());

  const call = (method: 'GET' | 'POST' | 'PUT', url: string, auth: Record<string, string>, payload?: object) =>
    t.app.inject({ method, url, headers: auth, ...(payload ? { payload } : {}) });
  const cancel = (id: string, auth = shopper.auth) => call('POST', `/api/orders/${id}/cancel`, auth);
  const stock = async (productId: string) => (await loadInventory(t.runtime.store, productId)).available;
  const place = async (productId: string, method: 'cod' | 'razorpay', quantity = 2) =>
    (await call('POST', '/api/orders', shopper.auth, { ...address, payment_method: method, items: [{ id: productId, quantity }] })).json().order as {
      id: string;
      totalAmount: number;
    };

  it('cancels a paid, confirmed order: stock back, payment refunded, credit note against its invoice', async () => {
    const product = await createTestProduct(t.runtime, { price: 1499, stock: 5 });
    const order = await place(product.id, 'razorpay');
    expect(await stock(product.id)).toBe(3);
    const created = (await call('POST', '/api/razorpay/create-order', shopper.auth, { amount: order.totalAmount, currency: 'INR', orderId: order.id })).json();
    const { success: _s, ...proof } = (
      await call('POST', '/api/payments/simulator/pay', shopper.auth, { razorpay_order_id: created.order_id, outcome: 'success' })
    ).json();
    await call('POST', '/api/razorpay/verify-payment', shopper.auth, { ...proof, orderId: order.id });
    await call('PUT', `/api/orders/${order.id}/status`, shopper.auth, { status: 'confirmed' });

    const response = await cancel(order.id);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ success: true, message: 'Order cancelled', order: { status: 'cancelled', paymentStatus: 'refunded' } });
    expect(await stock(product.id)).toBe(5);
    const events = await t.runtime.store.readStream(orderStream(order.id));
    expect(events.filter((e) => e.type === 'PaymentRefunded').map((e) => e.data)).toEqual([
      expect.objectContaining({ amountPaise: 2998_00, by: shopper.user.id }),
    ]);
    const documents = await t.runtime.store.readStream(taxDocumentsStream(order.id));
    expect(documents.map((d) => d.type)).toEqual(['InvoiceIssued', 'CreditNoteIssued']);
    expect(documents[1]!.data).toMatchObject({ reason: 'refunded' });

    // A second click changes nothing.
    const again = await cancel(order.id);
    expect(again.statusCode).toBe(200);
    expect((await t.runtime.store.readStream(orderStream(order.id))).length).toBe(events.length);
    expect(await stock(product.id)).toBe(5);
  });

  it('cancels an unconfirmed COD order without documents; refuses a shipped order, another shopper’s, a guest', async () => {
    const product = await createTestProduct(t.runtime, { price: 1200, stock: 5 });
    const cod = await place(product.id, 'cod', 1);
    expect((await cancel(cod.id)).json().order).toMatchObject({ status: 'cancelled', paymentStatus: 'pending' });
    expect(await t.runtime.store.readStream(taxDocumentsStream(cod.id))).toEqual([]);

    const shipped = await place(product.id, 'cod', 1);
    await call('PUT', `/api/orders/${shipped.id}/status`, shopper.auth, { status: 'confirmed' });
    await call('PUT', `/api/admin/orders/${shipped.id}/status`, admin.auth, { status: 'shipped' });
    const refused = await cancel(shipped.id);
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toEqual({ success: false, error: SHIPPED_CANCEL_MESSAGE });

    const mine = await place(product.id, 'cod', 1);
    const theirs = await cancel(mine.id, other.auth);
    expect(theirs.statusCode).toBe(404);
    expect(theirs.json()).toEqual({ success: false, error: 'Order not found' });
    expect((await t.app.inject({ method: 'POST', url: `/api/orders/${mine.id}/cancel` })).statusCode).toBe(401);
    expect((await call('GET', `/api/orders/${mine.id}`, shopper.auth)).json().order.status).toBe('pending');
    expect(await stock(product.id)).toBe(3);
  });
});
