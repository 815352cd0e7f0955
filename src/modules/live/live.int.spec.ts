import { randomUUID } from 'node:crypto';
import { createRequire } from 'node:module';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { liveMessageSchema, READ_MODELS, type LiveMessage, type LogPosition } from '../../contract/live.js';
import { createTestApp, liveTicket, loginAdmin, signUp, type TestContext } from '../../../tests/helpers/test-runtime.js';
import { setStockLevel } from '../inventory/index.js';
import { createTestProduct } from '../../../tests/helpers/test-products.js';

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

/** The log's order: by commit, then prepare. */
const compare = (a: LogPosition, b: LogPosition) => {
  const [ac, bc, ap, bp] = [BigInt(a.commit), BigInt(b.commit), BigInt(a.prepare), BigInt(b.prepare)];
  return ac !== bc ? (ac < bc ? -1 : 1) : ap === bp ? 0 : ap < bp ? -1 : 1;
};
const reachedBy = (messages: Record<string, unknown>[], readModel: string, position: LogPosition) =>
  messages.find((m) => m.type === 'projected' && m.readModel === readModel && compare(m.position as LogPosition, position) >= 0);

/** What `probe` finds once it finds something (polled with the suite's expect.poll budget). */
async function waitFor<T>(probe: () => T | undefined): Promise<T> {
  await expect.poll(probe).toBeDefined();
  return probe()!;
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
  const liveClients = () => t.runtime.modules.flatMap((m) => m.metrics?.() ?? []).find((f) => f.name === 'store_live_websocket_clients')?.value;

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
      payload: {
        shipping_address: '1 Road',
        shipping_city: 'Pune',
        shipping_state: 'Maharashtra',
        shipping_pincode: '411001',
        payment_method: 'razorpay',
        items: [{ id: product.id, quantity: 2 }],
      },
    });
    const order = placed.json().order;
    const newOrder = await waitFor(() => messages.find((m) => m.type === 'order.placed' && m.orderId === order.id));
    expect(newOrder).toMatchObject({ orderNumber: order.orderNumber, totalAmount: 1100 * 2, paymentMethod: 'razorpay', by: shopper.user.id });
    expect(await waitFor(() => messages.find((m) => m.type === 'stock.changed' && m.change === 'reserved' && m.orderId === order.id))).toMatchObject({
      productId: product.id,
      quantity: 2,
    });
    const created = (
      await t.app.inject({
        method: 'POST',
        url: '/api/razorpay/create-order',
        headers: shopper.auth,
        payload: { amount: 2200, currency: 'INR', orderId: order.id },
      })
    ).json();
    const { success: _s, ...proof } = (
      await t.app.inject({ method: 'POST', url: '/api/payments/simulator/pay', headers: shopper.auth, payload: { razorpay_order_id: created.order_id } })
    ).json();
    await t.app.inject({ method: 'POST', url: '/api/razorpay/verify-payment', headers: shopper.auth, payload: proof });
    expect(await waitFor(() => messages.find((m) => m.type === 'payment.completed' && m.orderId === order.id))).toMatchObject({ amount: 2200, via: 'verify' });
    await t.app.inject({ method: 'PUT', url: `/api/admin/orders/${order.id}/status`, headers: admin.auth, payload: { status: 'cancelled' } });
    expect(await waitFor(() => messages.find((m) => m.type === 'order.status' && m.orderId === order.id && m.status === 'cancelled'))).toMatchObject({
      by: admin.user.id,
      from: 'pending',
    });
    await waitFor(() => messages.find((m) => m.type === 'payment.refunded' && m.orderId === order.id));
    await waitFor(() => messages.find((m) => m.type === 'stock.changed' && m.change === 'released' && m.orderId === order.id));
    socket.close();

    // Every message is one of the contract's; the event messages come in log order, each naming its read models.
    const parsed = messages.map((m) => liveMessageSchema.parse(m) as LiveMessage);
    const events = parsed.filter((m) => m.type !== 'projected' && m.type !== 'hello');
    for (let i = 1; i < events.length; i++) expect(compare(events[i - 1]!.position, events[i]!.position)).toBe(-1);
    expect(events.find((m) => m.type === 'order.placed')?.affects).toEqual(['orders', 'messages']);
    expect(events.find((m) => m.type === 'stock.changed' && m.change === 'reserved')?.affects).toEqual(['catalogue']);
    // Each read model's `projected` positions only move forward.
    for (const readModel of READ_MODELS) {
      const positions = parsed.flatMap((m) => (m.type === 'projected' && m.readModel === readModel ? [m.position] : []));
      for (let i = 1; i < positions.length; i++) expect(compare(positions[i - 1]!, positions[i]!)).toBeLessThanOrEqual(0);
    }
  });

  it('names every projector as a read model, and greets with where each has got to', async () => {
    expect(t.runtime.projections.projectors.map((p) => p.name).sort()).toEqual([...READ_MODELS].sort());
    const admin = await loginAdmin(t.app);
    const opened = await connect(`${base}?ticket=${await liveTicket(t.app, admin.auth)}`);
    if (!('socket' in opened)) throw new Error(`refused ${opened.refused}`);
    const greeted = await waitFor(() => (opened.messages.filter((m) => m.type === 'projected').length >= READ_MODELS.length ? opened.messages : undefined));
    expect(greeted[0]).toMatchObject({ type: 'hello' });
    expect(new Set(greeted.slice(1, 1 + READ_MODELS.length).map((m) => m.readModel))).toEqual(new Set(READ_MODELS));
    opened.socket.close();
  });

  it("says a read model has reached an event's position only after its projector's checkpoint is there", async () => {
    const admin = await loginAdmin(t.app);
    const product = await createTestProduct(t.runtime, { stock: 5 });
    const opened = await connect(`${base}?ticket=${await liveTicket(t.app, admin.auth)}`);
    if (!('socket' in opened)) throw new Error(`refused ${opened.refused}`);
    const { socket, messages } = opened;
    await waitFor(() => messages.find((m) => m.type === 'hello'));
    // Hold the catalogue projector inside its batch's transaction (before its checkpoint moves) until released. (A
    // row lock held from here would hold back every log reader instead: they never read past an open transaction.)
    const catalogue = t.runtime.projections.projectors.find((p) => p.name === 'catalogue')!;
    const original = { apply: catalogue.apply, applyMany: catalogue.applyMany };
    let release = () => undefined as void;
    const held = new Promise<void>((resolve) => (release = resolve));
    const gated = catalogue as { apply: typeof catalogue.apply; applyMany?: typeof catalogue.applyMany };
    gated.apply = async (client, event) => (await held, original.apply.call(catalogue, client, event));
    if (original.applyMany) gated.applyMany = async (client, events) => (await held, original.applyMany!.call(catalogue, client, events));
    let position: LogPosition;
    try {
      await setStockLevel(t.runtime.store, product.id, 9, 'live spec', { correlationId: randomUUID() });
      const changed = await waitFor(() => messages.find((m) => m.type === 'stock.changed' && m.productId === product.id && m.quantity === 9));
      position = changed.position as LogPosition;
      expect(changed.affects).toEqual(['catalogue']);
      // The other read models move past the event; the held one does not say it has.
      await waitFor(() => reachedBy(messages, 'orders', position));
      expect(reachedBy(messages, 'catalogue', position)).toBeUndefined();
    } finally {
      gated.apply = original.apply;
      gated.applyMany = original.applyMany;
      release();
    }
    await waitFor(() => reachedBy(messages, 'catalogue', position));
    // Once it says so, the read model holds the change and its checkpoint is at or past the event.
    const { rows } = await t.runtime.pool.query<{ commit_pos: string; prepare_pos: string; stock_quantity: number }>(
      `select c.commit_pos::text, c.prepare_pos::text, p.stock_quantity from projection_checkpoints c, products p where c.name = 'catalogue' and p.id = $1`,
      [product.id],
    );
    expect(rows[0]!.stock_quantity).toBe(9);
    expect(compare({ commit: rows[0]!.commit_pos, prepare: rows[0]!.prepare_pos }, position)).toBeGreaterThanOrEqual(0);
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
      // Everyone left once the server has seen the close (the feed's own count of connected dashboards).
      await expect.poll(liveClients).toBe(0);
    }
  });
});
