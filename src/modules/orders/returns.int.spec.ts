import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, loginAdmin, signUp, type TestContext } from '../../../tests/helpers/test-runtime.js';
import { createTestProduct } from '../../../tests/helpers/test-products.js';
import { deliverOrder, payThroughSimulator, PUNE_SHIPPING as address } from '../../../tests/helpers/test-orders.js';
import { courierFor, SimulatorCourier } from '../../shared/courier.js';
import { taxDocumentsStream } from '../gst/index.js';
import { loadInventory } from '../inventory/index.js';
import { runOrderCommand } from './commands.js';
import { orderStream } from './order.js';
import { RETURN_WINDOW_CLOSED, UPI_INVALID } from './returns.js';

describe('returns within 7 days of delivery (POST /api/orders/:id/returns and the admin Returns routes)', () => {
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
  const stock = async (productId: string) => (await loadInventory(t.runtime.store, productId)).available;
  const askReturn = (orderId: string, payload: object, auth = shopper.auth) => call('POST', `/api/orders/${orderId}/returns`, auth, payload);

  /** A delivered order of `quantity` units: COD confirmed by the shopper, or paid online through the simulator. */
  async function delivered(productId: string, method: 'cod' | 'razorpay', quantity: number) {
    const order = (await call('POST', '/api/orders', shopper.auth, { ...address, payment_method: method, items: [{ id: productId, quantity }] })).json()
      .order as {
      id: string;
      totalAmount: number;
    };
    if (method === 'razorpay') await payThroughSimulator(t.app, shopper.auth, order);
    const done = await deliverOrder(t.app, shopper.auth, admin.auth, order.id);
    expect(done.json().order.status).toBe('delivered');
    return order;
  }

  it('online order: request → approve (pickup booked) → receive → refund to the payment, credit note for the units, resellable stock back', async () => {
    const product = await createTestProduct(t.runtime, { price: 1499, stock: 5 });
    const order = await delivered(product.id, 'razorpay', 3);
    expect(await stock(product.id)).toBe(2);

    const asked = await askReturn(order.id, { items: [{ productId: product.id, quantity: 2 }], reason: 'Paint chipped' });
    expect(asked.statusCode).toBe(201);
    const ret = asked.json().return;
    expect(ret).toMatchObject({ status: 'requested', refundTo: 'original-payment', upiId: null, refundAmount: 2998, orderNumber: expect.any(String) });
    expect((await call('GET', `/api/orders/${order.id}/returns`, shopper.auth)).json().returns).toHaveLength(1);
    expect((await call('GET', '/api/admin/returns?status=requested', admin.auth)).json().returns.map((r: { id: string }) => r.id)).toContain(ret.id);

    const approved = await call('POST', `/api/admin/returns/${ret.id}/approve`, admin.auth);
    expect(approved.json().return).toMatchObject({ status: 'approved', pickupAwb: expect.stringMatching(/^SIMR\d{10}$/), courier: 'Simulator Express' });

    const received = await call('POST', `/api/admin/returns/${ret.id}/receive`, admin.auth, { items: [{ productId: product.id, resellable: 1 }] });
    expect(received.statusCode).toBe(200);
    expect(received.json().return).toMatchObject({
      status: 'refunded',
      refundedAmount: 2998,
      receivedItems: [{ productId: product.id, quantity: 2, resellable: 1 }],
    });
    // Only the resellable unit goes back on sale.
    expect(await stock(product.id)).toBe(3);
    const events = await t.runtime.store.readStream(orderStream(order.id));
    expect(events.find((e) => e.type === 'ReturnRefunded')!.data).toMatchObject({
      amountPaise: 2998_00,
      to: 'original-payment',
      paymentId: expect.any(String),
    });
    const documents = await t.runtime.store.readStream(taxDocumentsStream(order.id));
    expect(documents.map((d) => d.type)).toEqual(['InvoiceIssued', 'CreditNoteIssued']);
    expect(documents[1]!.data).toMatchObject({ reason: 'returned', returnId: ret.id, totals: { totalPaise: 2998_00 } });
    // The order still counts, less the refund; it keeps its payment and its invoice for the unit kept.
    const shown = (await call('GET', `/api/orders/${order.id}`, shopper.auth)).json().order;
    expect(shown).toMatchObject({ status: 'delivered', paymentStatus: 'completed' });
    const audit = await call('GET', `/api/admin/audit/revenue?from=2000-01-01&to=2100-01-01`, admin.auth);
    expect(audit.json().reconciliation).toMatchObject({ difference: 0, events: { orders: 1, revenue: 1499 }, readModel: { orders: 1, revenue: 1499 } });
    expect((await call('GET', '/api/admin/stats', admin.auth)).json().stats).toMatchObject({ totalRevenue: 1499 });
  });

  it('cash on delivery: a UPI id is required and validated; the refund goes to it', async () => {
    const product = await createTestProduct(t.runtime, { price: 1200, stock: 5 });
    const order = await delivered(product.id, 'cod', 1);
    const bad = await askReturn(order.id, { items: [{ productId: product.id, quantity: 1 }], reason: 'Wrong size', upiId: 'not-a-upi' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toEqual({ success: false, error: UPI_INVALID });
    const ok = await askReturn(order.id, { items: [{ productId: product.id, quantity: 1 }], reason: 'Wrong size', upiId: 'asha.k@okaxis' });
    expect(ok.json().return).toMatchObject({ refundTo: 'upi', upiId: 'asha.k@okaxis', refundAmount: 1200 });
    await call('POST', `/api/admin/returns/${ok.json().return.id}/approve`, admin.auth);
    const received = await call('POST', `/api/admin/returns/${ok.json().return.id}/receive`, admin.auth, {});
    expect(received.json().return).toMatchObject({ status: 'refunded', refundedAmount: 1200 });
    expect(await stock(product.id)).toBe(4); // nothing marked resellable
  });

  it('bad input: more units than delivered, another shopper’s order, twice for the same units, after the window, not delivered, malformed', async () => {
    const product = await createTestProduct(t.runtime, { price: 1499, stock: 9 });
    const order = await delivered(product.id, 'razorpay', 2);
    const tooMany = await askReturn(order.id, { items: [{ productId: product.id, quantity: 3 }], reason: 'x' });
    expect(tooMany.statusCode).toBe(400);
    expect(tooMany.json().error).toMatch(/^You can return at most 2 of .+\.$/);
    const theirs = await askReturn(order.id, { items: [{ productId: product.id, quantity: 1 }], reason: 'x' }, other.auth);
    expect([theirs.statusCode, theirs.json()]).toEqual([404, { success: false, error: 'Order not found' }]);
    expect((await askReturn(order.id, { items: [{ productId: product.id, quantity: 2 }], reason: 'x' })).statusCode).toBe(201);
    const twice = await askReturn(order.id, { items: [{ productId: product.id, quantity: 1 }], reason: 'x' });
    expect(twice.statusCode).toBe(409);
    for (const payload of [
      { items: [], reason: 'x' },
      { items: [{ productId: product.id, quantity: 1 }] },
      { items: [{ productId: product.id, quantity: 0 }], reason: 'x' },
      { items: [{ productId: product.id, quantity: '1e2' }], reason: 'x' },
    ]) {
      const response = await askReturn(order.id, payload);
      expect(response.statusCode).toBe(400);
      expect(response.json().success).toBe(false);
    }
    expect((await t.app.inject({ method: 'POST', url: `/api/orders/${order.id}/returns`, payload: { items: [], reason: 'x' } })).statusCode).toBe(401);

    const pending = (await call('POST', '/api/orders', shopper.auth, { ...address, payment_method: 'cod', items: [{ id: product.id, quantity: 1 }] })).json()
      .order;
    const notYet = await askReturn(pending.id, { items: [{ productId: product.id, quantity: 1 }], reason: 'x', upiId: 'a.b@okaxis' });
    expect([notYet.statusCode, notYet.json().error]).toEqual([409, 'Only a delivered order can be returned.']);

    // Delivered eight days ago, as the courier reported it: the window has closed.
    const late = (await call('POST', '/api/orders', shopper.auth, { ...address, payment_method: 'cod', items: [{ id: product.id, quantity: 1 }] })).json()
      .order;
    await call('PUT', `/api/orders/${late.id}/status`, shopper.auth, { status: 'confirmed' });
    const shipped = (await call('PUT', `/api/admin/orders/${late.id}/status`, admin.auth, { status: 'shipped' })).json().order;
    const eightDaysAgo = new Date(Date.now() - 8 * 86_400_000).toISOString();
    await runOrderCommand(
      t.runtime.store,
      late.id,
      { type: 'TrackShipment', data: { trackingNumber: shipped.trackingNumber, stage: 'delivered', courierStatus: 'DELIVERED', at: eightDaysAgo } },
      { userId: null, correlationId: 'late-delivery' },
    );
    const closed = await askReturn(late.id, { items: [{ productId: product.id, quantity: 1 }], reason: 'x', upiId: 'a.b@okaxis' });
    expect([closed.statusCode, closed.json()]).toEqual([400, { success: false, error: RETURN_WINDOW_CLOSED }]);
    expect((await call('GET', `/api/orders/${late.id}/returns`, shopper.auth)).json().returns).toEqual([]);
  });

  it('concurrent approve and reject: exactly one wins, the other is 409; a courier down leaves the return requested', async () => {
    const product = await createTestProduct(t.runtime, { price: 1499, stock: 5 });
    const order = await delivered(product.id, 'razorpay', 1);
    const ret = (await askReturn(order.id, { items: [{ productId: product.id, quantity: 1 }], reason: 'Scratched' })).json().return;

    const courier = courierFor(t.runtime.env) as SimulatorCourier;
    courier.outage = 'pickup service down';
    const down = await call('POST', `/api/admin/returns/${ret.id}/approve`, admin.auth);
    courier.outage = null;
    expect(down.statusCode).toBe(503);
    expect(down.json().error).toContain('pickup service down');
    expect((await call('GET', `/api/orders/${order.id}/returns`, shopper.auth)).json().returns[0].status).toBe('requested');

    const [approve, reject] = await Promise.all([
      call('POST', `/api/admin/returns/${ret.id}/approve`, admin.auth),
      call('POST', `/api/admin/returns/${ret.id}/reject`, admin.auth, { reason: 'Outside policy' }),
    ]);
    expect([approve.statusCode, reject.statusCode].sort()).toEqual([200, 409]);
    const decided = (await t.runtime.store.readStream(orderStream(order.id))).filter((e) => e.type === 'ReturnApproved' || e.type === 'ReturnRejected');
    expect(decided).toHaveLength(1);
    expect((await call('POST', `/api/admin/returns/${ret.id}/reject`, admin.auth, {})).statusCode).toBe(400);
    expect((await call('POST', `/api/admin/returns/nope/approve`, admin.auth)).statusCode).toBe(404);
    expect((await call('POST', `/api/admin/returns/${ret.id}/approve`, shopper.auth)).statusCode).toBe(403);
  });
});
