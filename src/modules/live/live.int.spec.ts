import { createRequire } from 'node:module';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, liveTicket, loginAdmin, signUp, type TestContext } from '../../../tests/helpers/test-runtime.js';
import { createTestProduct } from '../orders/test-products.js';

interface WsClient {
  on(event: 'open', cb: () => void): void;
  on(event: 'message', cb: (data: Buffer) => void): void;
  on(event: 'unexpected-response', cb: (req: unknown, res: { statusCode: number }) => void): void;
  on(event: 'error', cb: (error: Error) => void): void;
  close(): void;
}
const WebSocket = createRequire(import.meta.url)('ws') as new (url: string) => WsClient;

/** Opens a socket; resolves with it once open, or with the HTTP status the upgrade was refused with. */
function connect(url: string): Promise<{ socket: WsClient; messages: Record<string, unknown>[] } | { refused: number }> {
  return new Promise((resolve, reject) => {
    const socket = new WebSocket(url);
    const messages: Record<string, unknown>[] = [];
    socket.on('message', (data) => messages.push(JSON.parse(data.toString())));
    socket.on('open', () => resolve({ socket, messages }));
    socket.on('unexpected-response', (_req, res) => resolve({ refused: res.statusCode }));
    socket.on('error', reject);
  });
}

async function waitFor<T>(probe: () => T | undefined, timeoutMs = 5000): Promise<T> {
  const until = Date.now() + timeoutMs;
  for (;;) {
    const value = probe();
    if (value !== undefined) return value;
    if (Date.now() > until) throw new Error('timed out');
    await new Promise((r) => setTimeout(r, 20));
  }
}

describe('admin live feed (websocket)', () => {
  let t: TestContext;
  let base: string;
  beforeAll(async () => {
    t = await createTestApp();
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    const address = t.app.server.address() as { port: number };
    base = `ws://127.0.0.1:${address.port}/api/admin/live`;
  });
  afterAll(async () => t?.close());

  it('refuses guests, shoppers, forged tickets and tokens in the URL', async () => {
    const shopper = await signUp(t.app);
    const admin = await loginAdmin(t.app);
    expect(await connect(base)).toEqual({ refused: 401 });
    expect((await t.app.inject({ method: 'POST', url: '/api/admin/live/ticket', headers: shopper.auth })).statusCode).toBe(403);
    expect(await connect(`${base}?ticket=${'A'.repeat(43)}`)).toEqual({ refused: 401 });
    // A token in the URL is no longer read (it would land in access logs): that is a guest.
    expect(await connect(`${base}?token=${admin.token}`)).toEqual({ refused: 401 });
  });

  it('pushes new orders, payments, status and stock changes to an admin', async () => {
    const admin = await loginAdmin(t.app);
    const shopper = await signUp(t.app);
    const opened = await connect(`${base}?ticket=${await liveTicket(t.app, admin.auth)}`);
    if (!('socket' in opened)) throw new Error(`refused ${opened.refused}`);
    const { socket, messages } = opened;
    await waitFor(() => messages.find((m) => m.type === 'hello'));
    const product = await createTestProduct(t.runtime, { price: 1100, stock: 3 });
    await waitFor(() => messages.find((m) => m.type === 'stock.changed' && m.productId === product.id && m.change === 'set'));
    const placed = await t.app.inject({
      method: 'POST',
      url: '/api/orders',
      headers: shopper.auth,
      payload: { shipping_address: '1 Road', shipping_city: 'Pune', shipping_state: 'Maharashtra', shipping_pincode: '411001', payment_method: 'razorpay', items: [{ id: product.id, quantity: 2 }] },
    });
    const order = placed.json().order;
    const newOrder = await waitFor(() => messages.find((m) => m.type === 'order.placed' && m.orderId === order.id));
    expect(newOrder).toMatchObject({ orderNumber: order.orderNumber, totalAmount: 1100 * 2, paymentMethod: 'razorpay', by: shopper.user.id });
    expect(await waitFor(() => messages.find((m) => m.type === 'stock.changed' && m.change === 'reserved' && m.orderId === order.id))).toMatchObject({ productId: product.id, quantity: 2 });
    const created = (await t.app.inject({ method: 'POST', url: '/api/razorpay/create-order', headers: shopper.auth, payload: { amount: 2200, currency: 'INR', orderId: order.id } })).json();
    const { success: _s, ...proof } = (await t.app.inject({ method: 'POST', url: '/api/payments/simulator/pay', headers: shopper.auth, payload: { razorpay_order_id: created.order_id } })).json();
    await t.app.inject({ method: 'POST', url: '/api/razorpay/verify-payment', headers: shopper.auth, payload: proof });
    expect(await waitFor(() => messages.find((m) => m.type === 'payment.completed' && m.orderId === order.id))).toMatchObject({ amount: 2200, via: 'verify' });
    await t.app.inject({ method: 'PUT', url: `/api/admin/orders/${order.id}/status`, headers: admin.auth, payload: { status: 'cancelled' } });
    expect(await waitFor(() => messages.find((m) => m.type === 'order.status' && m.orderId === order.id && m.status === 'cancelled'))).toMatchObject({ by: admin.user.id, from: 'pending' });
    await waitFor(() => messages.find((m) => m.type === 'payment.refunded' && m.orderId === order.id));
    await waitFor(() => messages.find((m) => m.type === 'stock.changed' && m.change === 'released' && m.orderId === order.id));
    socket.close();
  });

  it('follows the log again for an admin who reconnects after everyone left', async () => {
    const admin = await loginAdmin(t.app);
    for (let round = 0; round < 2; round++) {
      const opened = await connect(`${base}?ticket=${await liveTicket(t.app, admin.auth)}`);
      if (!('socket' in opened)) throw new Error(`refused ${opened.refused}`);
      await waitFor(() => opened.messages.find((m) => m.type === 'hello'));
      const product = await createTestProduct(t.runtime, { stock: 7 + round });
      expect(await waitFor(() => opened.messages.find((m) => m.type === 'stock.changed' && m.productId === product.id))).toMatchObject({ quantity: 7 + round });
      opened.socket.close();
      await new Promise((r) => setTimeout(r, 100));
    }
  });
});
