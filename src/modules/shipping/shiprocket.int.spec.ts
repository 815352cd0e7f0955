import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startFakeShiprocket, type FakeShiprocket } from '../../../tests/helpers/fake-shiprocket.js';
import { createTestApp, loginAdmin, signUp, type TestContext } from '../../../tests/helpers/test-runtime.js';
import { createTestProduct } from '../../../tests/helpers/test-products.js';
import { PUNE_SHIPPING as address } from '../../../tests/helpers/test-orders.js';
import { loadInventory } from '../inventory/index.js';
import { orderStream } from '../orders/index.js';
import { unserviceableMessage } from '../../shared/courier.js';

const TOKEN = 'webhook-token-0123456789';

/**
 * Shiprocket's tracking webhook as it documents it (its sample, scans cut to one), for one AWB and status. The ids are
 * Shiprocket's shipment status ids (7 delivered, 9 RTO initiated, 10 RTO delivered, 17 out for delivery, 18 in transit,
 * 19 out for pickup); the store reads the label, not the id.
 */
const shiprocketUpdate = (awb: string, status: string, statusId: number, timestamp: string, location = 'Pune_Hub (Maharashtra)') => ({
  awb,
  courier_name: 'Delhivery Surface',
  current_status: status,
  current_status_id: statusId,
  shipment_status: status,
  shipment_status_id: statusId,
  current_timestamp: timestamp,
  order_id: '1373900_150876814',
  sr_order_id: 348456385,
  awb_assigned_date: '2026-11-28 11:59:16',
  pickup_scheduled_date: '2026-11-28 11:59:17',
  etd: '2026-12-02 15:40:19',
  scans: [
    { date: '2026-11-28 15:32:17', status: 'X-PPOM', activity: `${status} - update`, location, 'sr-status': String(statusId), 'sr-status-label': status },
  ],
  is_return: 0,
  channel_id: 3422553,
  pod_status: 'OTP Based Delivery',
  pod: 'Not Available',
});

describe('shipping through Shiprocket (COURIER=shiprocket against a local server)', () => {
  let fake: FakeShiprocket;
  let t: TestContext;
  let shopper: Awaited<ReturnType<typeof signUp>>;
  let admin: Awaited<ReturnType<typeof loginAdmin>>;
  beforeAll(async () => {
    fake = await startFakeShiprocket();
    t = await createTestApp({
      env: {
        SHIPPING_WEBHOOK_TOKEN: TOKEN,
        COURIER: 'shiprocket',
        SHIPROCKET_BASE_URL: fake.baseUrl,
        SHIPROCKET_EMAIL: fake.email,
        SHIPROCKET_PASSWORD: fake.password,
        SHIPROCKET_PICKUP_PINCODE: '400001',
        SHIPROCKET_TIMEOUT_MS: '5000',
      },
    });
    shopper = await signUp(t.app);
    admin = await loginAdmin(t.app);
  });
  afterAll(async () => {
    await t?.close();
    await fake?.close();
  });

  const call = (method: 'GET' | 'POST' | 'PUT', url: string, auth: Record<string, string>, payload?: object) =>
    t.app.inject({ method, url, headers: auth, ...(payload ? { payload } : {}) });
  const webhook = (payload: object) => t.app.inject({ method: 'POST', url: '/api/shipping/webhook', headers: { 'x-api-key': TOKEN }, payload });
  const eventCount = async (id: string) => (await t.runtime.store.readStream(orderStream(id))).length;
  const confirmedCod = async (productId: string) => {
    const placed = await call('POST', '/api/orders', shopper.auth, { ...address, payment_method: 'cod', items: [{ id: productId, quantity: 1 }] });
    const order = placed.json().order as { id: string };
    await call('PUT', `/api/orders/${order.id}/status`, shopper.auth, { status: 'confirmed' });
    return order;
  };
  const ship = (id: string) => call('PUT', `/api/admin/orders/${id}/status`, admin.auth, { status: 'shipped' });
  const shiprocketOrders = (id: string) => [...fake.orders.values()].filter((o) => o.channel_order_id === id);

  it('checkout asks Shiprocket: a date for a reachable pincode, the clear refusal for one no courier reaches', async () => {
    const near = (await call('GET', '/api/shipping/serviceability?pincode=411001&cod=true', {})).json();
    expect(near).toMatchObject({ success: true, serviceable: true, courier: 'Delhivery Surface' });
    expect(Date.parse(near.estimatedDelivery) - Date.now()).toBeGreaterThan(3.9 * 86_400_000);
    expect((await call('GET', '/api/shipping/serviceability?pincode=900001', {})).json()).toEqual({
      success: true,
      serviceable: false,
      message: unserviceableMessage('900001'),
    });
    const product = await createTestProduct(t.runtime, { price: 1500, stock: 2 });
    const refused = await call('POST', '/api/orders', shopper.auth, {
      ...address,
      shipping_pincode: '900001',
      payment_method: 'cod',
      items: [{ id: product.id, quantity: 1 }],
    });
    expect(refused.statusCode).toBe(400);
    expect(refused.json()).toEqual({ success: false, error: unserviceableMessage('900001') });
  });

  it('Shiprocket down while shipping: 503 with the reason, the order stays confirmed; the retry books one shipment', async () => {
    const product = await createTestProduct(t.runtime, { price: 1500, stock: 2 });
    const order = await confirmedCod(product.id);
    const n = await eventCount(order.id);
    fake.down = true;
    try {
      const down = await ship(order.id);
      expect(down.statusCode).toBe(503);
      expect(down.json()).toEqual({
        success: false,
        error: 'The courier could not book this shipment (Shiprocket answered 503: Service Unavailable). The order stays confirmed; try again.',
      });
    } finally {
      fake.down = false;
    }
    expect(await eventCount(order.id)).toBe(n);
    expect((await call('GET', `/api/orders/${order.id}`, shopper.auth)).json().order.status).toBe('confirmed');

    const shipped = (await ship(order.id)).json().order;
    expect(shipped).toMatchObject({ status: 'shipped', trackingNumber: shiprocketOrders(order.id)[0]!.shipments[0]!.awb });
    expect(shiprocketOrders(order.id)).toHaveLength(1);
  });

  it('a ship whose create answer never came fails, and the retry ships the order Shiprocket already made', async () => {
    const product = await createTestProduct(t.runtime, { price: 1500, stock: 2 });
    const order = await confirmedCod(product.id);
    fake.lose.set('POST /orders/create/adhoc', 1);
    fake.afterCall = (route) => {
      if (route === 'POST /orders/create/adhoc') fake.fail.set('GET /orders', 1);
    };
    try {
      const lost = await ship(order.id);
      expect(lost.statusCode).toBe(503);
      expect(lost.json().error).toBe('The courier could not book this shipment (Shiprocket could not be reached). The order stays confirmed; try again.');
    } finally {
      fake.afterCall = null;
    }
    const shipped = (await ship(order.id)).json().order;
    expect(shipped.status).toBe('shipped');
    expect(shiprocketOrders(order.id)).toHaveLength(1);
    expect(shipped.trackingNumber).toBe(shiprocketOrders(order.id)[0]!.shipments[0]!.awb);
  });

  it('Shiprocket’s webhooks move the order: in transit, out for delivery, delivered; RTO delivered puts the stock back', async () => {
    const product = await createTestProduct(t.runtime, { price: 1500, stock: 3 });
    const order = await confirmedCod(product.id);
    const shipped = (await ship(order.id)).json().order;
    expect(shipped).toMatchObject({ status: 'shipped', trackingNumber: expect.stringMatching(/^\d{14}$/) });
    const awb = shipped.trackingNumber as string;

    expect((await webhook(shiprocketUpdate(awb, 'OUT FOR PICKUP', 19, '28 11 2026 12:00:00'))).json()).toMatchObject({ applied: false });
    expect((await webhook(shiprocketUpdate(awb, 'IN TRANSIT', 18, '28 11 2026 15:32:17', 'Bhiwandi_Hub (Maharashtra)'))).json()).toEqual({
      success: true,
      applied: true,
    });
    expect((await webhook(shiprocketUpdate(awb, 'OUT FOR DELIVERY', 17, '29 11 2026 09:10:00'))).json()).toEqual({ success: true, applied: true });
    expect((await webhook(shiprocketUpdate(awb, 'DELIVERED', 7, '29 11 2026 13:45:00'))).json()).toEqual({ success: true, applied: true });
    expect((await webhook(shiprocketUpdate(awb, 'IN TRANSIT', 18, '28 11 2026 15:32:17'))).json()).toEqual({ success: true, applied: false });
    expect((await call('GET', `/api/orders/${order.id}`, shopper.auth)).json().order).toMatchObject({
      status: 'delivered',
      actualDelivery: '2026-11-29T08:15:00.000Z',
    });
    const timeline = (await call('GET', `/api/orders/${order.id}/tracking`, shopper.auth)).json().tracking;
    expect(timeline).toMatchObject({ trackingNumber: awb, courier: 'Delhivery Surface' });
    expect(timeline.events.map((e: { stage: string }) => e.stage)).toEqual(['shipped', 'in_transit', 'out_for_delivery', 'delivered']);
    expect(timeline.events[1].location).toBe('Bhiwandi_Hub (Maharashtra)');

    const refused = await confirmedCod(product.id);
    const rtoAwb = (await ship(refused.id)).json().order.trackingNumber as string;
    expect((await loadInventory(t.runtime.store, product.id)).available).toBe(1);
    expect((await webhook(shiprocketUpdate(rtoAwb, 'IN TRANSIT', 18, '28 11 2026 15:00:00'))).json().applied).toBe(true);
    expect((await webhook(shiprocketUpdate(rtoAwb, 'RTO INITIATED', 9, '30 11 2026 10:00:00'))).json().applied).toBe(false);
    expect((await webhook(shiprocketUpdate(rtoAwb, 'RTO DELIVERED', 10, '02 12 2026 10:00:00'))).json()).toEqual({ success: true, applied: true });
    expect((await call('GET', `/api/orders/${refused.id}`, shopper.auth)).json().order.status).toBe('cancelled');
    expect((await loadInventory(t.runtime.store, product.id)).available).toBe(2);
  });

  it('a webhook with only shipment_status, ids as strings and the AWB as a number moves the order all the same', async () => {
    const product = await createTestProduct(t.runtime, { price: 1500, stock: 2 });
    const order = await confirmedCod(product.id);
    const awb = (await ship(order.id)).json().order.trackingNumber as string;
    const { current_status: _label, current_status_id: _id, ...update } = shiprocketUpdate(awb, 'OUT FOR DELIVERY', 17, '29 11 2026 09:10:00');
    const answer = await webhook({ ...update, awb: Number(awb), shipment_status_id: '17', current_status_id: '17' });
    expect(answer.json()).toEqual({ success: true, applied: true });
    expect((await call('GET', `/api/orders/${order.id}/tracking`, shopper.auth)).json().tracking.events.at(-1).stage).toBe('out_for_delivery');

    const { shipment_status: _s, ...unlabelled } = update;
    const refused = await webhook({ ...unlabelled, awb });
    expect(refused.statusCode).toBe(400);
    expect(refused.json()).toMatchObject({ success: false });
  });

  it('no AWB yet from Shiprocket: the admin sees its reason in the 503, and the retry ships the same Shiprocket order', async () => {
    const product = await createTestProduct(t.runtime, { price: 1500, stock: 2 });
    const order = await confirmedCod(product.id);
    fake.awbPending = 1;
    const pending = await ship(order.id);
    expect(pending.statusCode).toBe(503);
    expect(pending.json().error).toBe(
      'The courier could not book this shipment (Shiprocket assigned no AWB yet (Courier is not assigned yet. Please try after some time.)). The order stays confirmed; try again.',
    );
    expect((await call('GET', `/api/orders/${order.id}`, shopper.auth)).json().order.status).toBe('confirmed');

    const shipped = (await ship(order.id)).json().order;
    expect(shipped.status).toBe('shipped');
    expect(shiprocketOrders(order.id)).toHaveLength(1);
    expect(shipped.trackingNumber).toBe(shiprocketOrders(order.id)[0]!.shipments[0]!.awb);
  });

  it('a return approved with Shiprocket is collected by it: down → 503 and still requested; the retry books one pickup, its AWB on the return', async () => {
    const product = await createTestProduct(t.runtime, { price: 1500, stock: 2 });
    const order = await confirmedCod(product.id);
    await ship(order.id);
    expect((await call('PUT', `/api/admin/orders/${order.id}/status`, admin.auth, { status: 'delivered' })).json().order.status).toBe('delivered');
    const asked = await call('POST', `/api/orders/${order.id}/returns`, shopper.auth, {
      items: [{ productId: product.id, quantity: 1 }],
      reason: 'Box crushed',
      upiId: 'asha.rao@okicici',
    });
    expect(asked.statusCode).toBe(201);
    const ret = asked.json().return as { id: string };
    const approve = () => call('POST', `/api/admin/returns/${ret.id}/approve`, admin.auth);
    const pickups = () => [...fake.orders.values()].filter((o) => o.is_return && o.channel_order_id === `R-${ret.id}`);

    fake.down = true;
    try {
      const down = await approve();
      expect(down.statusCode).toBe(503);
      expect(down.json()).toEqual({
        success: false,
        error: 'The courier could not book the return pickup (Shiprocket answered 503: Service Unavailable). The return stays requested; try again.',
      });
    } finally {
      fake.down = false;
    }
    expect((await call('GET', `/api/orders/${order.id}/returns`, shopper.auth)).json().returns[0].status).toBe('requested');
    expect(pickups()).toHaveLength(0);

    const approved = await approve();
    expect(approved.statusCode).toBe(200);
    expect(pickups()).toHaveLength(1);
    expect(approved.json().return).toMatchObject({ status: 'approved', pickupAwb: pickups()[0]!.shipments[0]!.awb, courier: 'Delhivery Surface' });
    expect(pickups()[0]!.sent).toMatchObject({
      pickup_pincode: address.shipping_pincode,
      shipping_pincode: '400001',
      payment_method: 'Prepaid',
      sub_total: 1500,
    });
    expect((await approve()).statusCode).toBe(409);
    expect(pickups()).toHaveLength(1);
  });
});
