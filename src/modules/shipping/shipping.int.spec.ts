import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, loginAdmin, signUp, type TestContext } from '../../../tests/helpers/test-runtime.js';
import { createTestProduct } from '../../../tests/helpers/test-products.js';
import { PUNE_SHIPPING as address } from '../../../tests/helpers/test-orders.js';
import { loadInventory } from '../inventory/index.js';
import { orderStream } from '../orders/index.js';
import { courierFor, SimulatorCourier, unserviceableMessage } from '../../shared/courier.js';

const TOKEN = 'webhook-token-0123456789';

describe('shipping through the courier port (simulator)', () => {
  let t: TestContext;
  let shopper: Awaited<ReturnType<typeof signUp>>;
  let other: Awaited<ReturnType<typeof signUp>>;
  let admin: Awaited<ReturnType<typeof loginAdmin>>;
  beforeAll(async () => {
    t = await createTestApp({ env: { SHIPPING_WEBHOOK_TOKEN: TOKEN } });
    shopper = await signUp(t.app);
    other = await signUp(t.app);
    admin = await loginAdmin(t.app);
  });
  afterAll(async () => t?.close());

  const call = (method: 'GET' | 'POST' | 'PUT', url: string, auth: Record<string, string>, payload?: object) =>
    t.app.inject({ method, url, headers: auth, ...(payload ? { payload } : {}) });
  const webhook = (payload: object, token: string | null = TOKEN) =>
    t.app.inject({ method: 'POST', url: '/api/shipping/webhook', headers: token === null ? {} : { 'x-api-key': token }, payload });
  const eventCount = async (id: string) => (await t.runtime.store.readStream(orderStream(id))).length;
  const stock = async (productId: string) => (await loadInventory(t.runtime.store, productId)).available;
  const confirmedCod = async (productId: string) => {
    const order = (await call('POST', '/api/orders', shopper.auth, { ...address, payment_method: 'cod', items: [{ id: productId, quantity: 1 }] })).json()
      .order;
    await call('PUT', `/api/orders/${order.id}/status`, shopper.auth, { status: 'confirmed' });
    return order as { id: string };
  };
  const ship = (id: string) => call('PUT', `/api/admin/orders/${id}/status`, admin.auth, { status: 'shipped' });

  it('ships through the courier, then follows its webhook forwards only; forged, replayed, late and unknown updates change nothing', async () => {
    const product = await createTestProduct(t.runtime, { price: 1500, stock: 4 });
    const order = await confirmedCod(product.id);
    const before = Date.now();
    const shipped = (await ship(order.id)).json().order;
    expect(shipped.status).toBe('shipped');
    expect(shipped.trackingNumber).toMatch(/^SIM\d{10}$/);
    // Pune (411001) is in the simulator warehouse's zone: two days.
    expect(Date.parse(shipped.estimatedDelivery) - before).toBeGreaterThanOrEqual(2 * 86_400_000 - 1000);
    expect(Date.parse(shipped.estimatedDelivery) - before).toBeLessThan(2 * 86_400_000 + 60_000);
    const awb = shipped.trackingNumber as string;

    const n = await eventCount(order.id);
    for (const token of [null, 'wrong-token-0123456789a', `${TOKEN}x`]) {
      const forged = await webhook({ awb, current_status: 'DELIVERED' }, token);
      expect(forged.statusCode).toBe(401);
      expect(forged.json()).toEqual({ success: false, error: 'Invalid webhook token' });
    }
    const unknown = await webhook({ awb: 'SIM0000000000', current_status: 'IN TRANSIT' });
    expect(unknown.statusCode).toBe(404);
    expect(await eventCount(order.id)).toBe(n);

    expect((await webhook({ awb, current_status: 'IN TRANSIT', scans: [{ location: 'Bhiwandi Hub' }] })).json()).toEqual({ success: true, applied: true });
    expect((await webhook({ awb, current_status: 'IN TRANSIT' })).json()).toEqual({ success: true, applied: false }); // replayed
    expect((await webhook({ awb, current_status: 'OUT FOR DELIVERY' })).json()).toEqual({ success: true, applied: true });
    expect((await webhook({ awb, current_status: 'IN TRANSIT' })).json()).toEqual({ success: true, applied: false }); // late
    expect((await webhook({ awb, current_status: 'PICKUP SCHEDULED' })).json()).toMatchObject({ success: true, applied: false });
    expect((await webhook({ awb: Number(awb.slice(3)), current_status: 'IN TRANSIT' })).statusCode).toBe(404);
    const delivered = await webhook({ awb, current_status: 'Delivered', current_timestamp: '28 11 2026 10:15:00' });
    expect(delivered.json()).toEqual({ success: true, applied: true });
    const after = (await call('GET', `/api/orders/${order.id}`, shopper.auth)).json().order;
    expect(after).toMatchObject({ status: 'delivered', actualDelivery: '2026-11-28T04:45:00.000Z' });

    const timeline = await call('GET', `/api/orders/${order.id}/tracking`, shopper.auth);
    expect(timeline.json().tracking).toMatchObject({
      trackingNumber: awb,
      courier: 'Simulator Express',
      events: [
        { stage: 'shipped', label: 'Shipped' },
        { stage: 'in_transit', label: 'In transit', location: 'Bhiwandi Hub' },
        { stage: 'out_for_delivery', label: 'Out for delivery' },
        { stage: 'delivered', label: 'Delivered', at: '2026-11-28T04:45:00.000Z' },
      ],
    });
    expect((await call('GET', `/api/orders/${order.id}/tracking`, other.auth)).statusCode).toBe(404);
  });

  it('returned to origin (simulator, admin only): the order is cancelled and its stock is back', async () => {
    const product = await createTestProduct(t.runtime, { price: 1500, stock: 4 });
    const order = await confirmedCod(product.id);
    const awb = (await ship(order.id)).json().order.trackingNumber;
    expect(await stock(product.id)).toBe(3);
    const body = { trackingNumber: awb, status: 'returned_to_origin' };
    expect((await call('POST', '/api/shipping/simulator/advance', shopper.auth, body)).statusCode).toBe(403);
    expect((await call('POST', '/api/shipping/simulator/advance', admin.auth, { trackingNumber: awb, status: 'lost' })).statusCode).toBe(400);
    const rto = await call('POST', '/api/shipping/simulator/advance', admin.auth, body);
    expect(rto.json()).toMatchObject({ success: true, applied: true, order: { status: 'cancelled' } });
    expect(await stock(product.id)).toBe(4);
    expect((await call('POST', '/api/shipping/simulator/advance', admin.auth, body)).json().applied).toBe(false);
  });

  it('courier down while shipping: 503 with the reason, the order stays confirmed, nothing written; a retry books it', async () => {
    const product = await createTestProduct(t.runtime, { price: 1500, stock: 4 });
    const order = await confirmedCod(product.id);
    const courier = courierFor(t.runtime.env) as SimulatorCourier;
    const n = await eventCount(order.id);
    courier.outage = 'courier API timed out';
    try {
      const down = await ship(order.id);
      expect(down.statusCode).toBe(503);
      expect(down.json()).toEqual({
        success: false,
        error: 'The courier could not book this shipment (courier API timed out). The order stays confirmed; try again.',
      });
    } finally {
      courier.outage = null;
    }
    expect(await eventCount(order.id)).toBe(n);
    expect((await call('GET', `/api/orders/${order.id}`, shopper.auth)).json().order.status).toBe('confirmed');
    expect((await ship(order.id)).json().order.status).toBe('shipped');
  });

  it('checkout: an estimated date for a serviceable pincode; an unserviceable one is refused before anything is reserved', async () => {
    const near = (await call('GET', '/api/shipping/serviceability?pincode=411001', {})).json();
    expect(near).toMatchObject({ success: true, serviceable: true, courier: 'Simulator Express' });
    const far = (await call('GET', '/api/shipping/serviceability?pincode=781001', {})).json();
    expect(Date.parse(far.estimatedDelivery) - Date.parse(near.estimatedDelivery)).toBeGreaterThan(4.9 * 86_400_000);
    expect((await call('GET', '/api/shipping/serviceability?pincode=900001', {})).json()).toEqual({
      success: true,
      serviceable: false,
      message: unserviceableMessage('900001'),
    });
    expect((await call('GET', '/api/shipping/serviceability?pincode=12', {})).statusCode).toBe(400);
    const product = await createTestProduct(t.runtime, { price: 1500, stock: 4 });
    const refused = await call('POST', '/api/orders', shopper.auth, {
      ...address,
      shipping_pincode: '900001',
      payment_method: 'cod',
      items: [{ id: product.id, quantity: 1 }],
    });
    expect(refused.statusCode).toBe(400);
    expect(refused.json()).toEqual({ success: false, error: unserviceableMessage('900001') });
    expect(await stock(product.id)).toBe(4);
  });
});
