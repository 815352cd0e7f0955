import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { startFakeShiprocket, type FakeShiprocket } from '../../../tests/helpers/fake-shiprocket.js';
import { ServiceUnavailableError } from '../../core/errors.js';
import type { ReturnPickupRequest, ShipmentRequest } from '../courier.js';
import { CourierUnavailableError, unserviceableMessage } from '../courier-refusals.js';
import { loadEnv } from '../../config/env.js';
import { ShiprocketCourier, shiprocketCourier, type ShiprocketSettings } from './courier.js';

const DAY = 86_400_000;
const AT = '2026-11-28T06:30:00.000Z';

describe('Shiprocket adapter against a local server speaking its API', () => {
  let fake: FakeShiprocket;
  let clock = Date.parse(AT);
  const now = () => clock;
  let serial = 0;
  beforeAll(async () => {
    fake = await startFakeShiprocket({ now });
  });
  afterAll(async () => fake?.close());
  afterEach(() => {
    fake.down = false;
    fake.lose.clear();
    fake.fail.clear();
    fake.afterCall = null;
    fake.holdMs = 0;
    fake.awbPending = 0;
    fake.variant = {};
  });

  const adapter = (overrides: Partial<ShiprocketSettings> = {}) =>
    new ShiprocketCourier({
      baseUrl: fake.baseUrl,
      email: fake.email,
      password: fake.password,
      timeoutMs: 5_000,
      now,
      pickupPincode: '400001',
      pickupLocation: 'Primary',
      contactEmail: 'orders@animecollectibles.in',
      weightKgPerUnit: 0.5,
      ...overrides,
    });
  const shipment = (overrides: Partial<ShipmentRequest> = {}): ShipmentRequest => ({
    orderId: `0193f0c2-0000-7000-8000-${String(++serial).padStart(12, '0')}`,
    orderNumber: `AC-2026-${String(serial).padStart(6, '0')}`,
    paymentMethod: 'cod',
    totalPaise: 249_900,
    items: [{ productId: 'p-gojo-figure', name: 'Gojo Satoru 1/7 Figure', quantity: 1, unitPricePaise: 249_900 }],
    address: {
      name: 'Asha Rao Kulkarni',
      address: '12 MG Road',
      addressLine2: '',
      city: 'Pune',
      state: 'Maharashtra',
      pincode: '411001',
      phone: '+91 98765 43210',
    },
    at: AT,
    ...overrides,
  });
  const pickupRequest = (overrides: Partial<ReturnPickupRequest> = {}): ReturnPickupRequest => {
    const order = shipment();
    return {
      orderId: order.orderId,
      orderNumber: order.orderNumber,
      returnId: `0193f0c2-1111-7000-8000-${String(serial).padStart(12, '0')}`,
      items: [{ productId: 'p-gojo-figure', name: 'Gojo Satoru 1/7 Figure', quantity: 2, paidPaise: 399_800 }],
      address: order.address,
      at: AT,
      ...overrides,
    };
  };
  const returnsFor = (returnId: string) => [...fake.orders.values()].filter((o) => o.is_return && o.channel_order_id === `R-${returnId}`);
  const ordersFor = (orderId: string) => [...fake.orders.values()].filter((o) => o.channel_order_id === orderId);

  it('logs in once and reuses the token, renews it before its 10 days are up, and logs in again once on a 401', async () => {
    const courier = adapter();
    const logins = fake.count('POST /auth/login');
    await courier.serviceability({ pincode: '560001', cod: false, at: AT });
    await courier.serviceability({ pincode: '560002', cod: false, at: AT });
    await Promise.all(['560003', '560004', '560005'].map((pincode) => courier.serviceability({ pincode, cod: false, at: AT })));
    expect(fake.count('POST /auth/login') - logins).toBe(1);

    clock += 8 * DAY; // still valid, not yet due for renewal
    await courier.serviceability({ pincode: '560006', cod: false, at: AT });
    expect(fake.count('POST /auth/login') - logins).toBe(1);
    clock += 1.5 * DAY; // within a day of expiry: renewed before use
    await courier.serviceability({ pincode: '560007', cod: false, at: AT });
    expect(fake.count('POST /auth/login') - logins).toBe(2);

    fake.revokeTokens();
    const unauthorised = fake.count('GET /courier/serviceability/');
    const answer = await courier.serviceability({ pincode: '560008', cod: false, at: AT });
    expect(answer.serviceable).toBe(true);
    expect(fake.count('POST /auth/login') - logins).toBe(3);
    expect(fake.count('GET /courier/serviceability/') - unauthorised).toBe(2); // the 401, then the retry
  });

  it('COURIER=shiprocket without its settings stops the start, naming what to set', () => {
    const env = loadEnv({ NODE_ENV: 'test', COURIER: 'shiprocket', SHIPROCKET_EMAIL: fake.email });
    expect(() => shiprocketCourier(env)).toThrow('COURIER=shiprocket needs SHIPROCKET_PASSWORD, SHIPROCKET_PICKUP_PINCODE');
    expect(shiprocketCourier({ ...env, SHIPROCKET_PASSWORD: 'x', SHIPROCKET_PICKUP_PINCODE: '400001' }).kind).toBe('shiprocket');
  });

  it('a refused login is a courier failure with Shiprocket’s reason', async () => {
    const courier = adapter({ password: 'wrong-password' });
    const request = shipment();
    await expect(courier.book(request)).rejects.toThrow(
      new CourierUnavailableError('Shiprocket refused the API login (400: Invalid email and password combination)'),
    );
    expect(ordersFor(request.orderId)).toHaveLength(0);
    // At checkout the shopper sees a plain 503, not the courier's internals.
    await expect(courier.serviceability({ pincode: '411002', cod: true, at: AT })).rejects.toThrow(ServiceUnavailableError);
  });

  it('serviceability: accepted with the recommended (or a COD-capable) courier’s date, refused with our message, cached', async () => {
    const courier = adapter();
    expect(await courier.serviceability({ pincode: '411001', cod: true, at: AT })).toEqual({
      serviceable: true,
      courier: 'Delhivery Surface',
      estimatedDelivery: new Date(Date.parse(AT) + 4 * DAY).toISOString(),
    });
    expect(await courier.serviceability({ pincode: '900001', cod: false, at: AT })).toEqual({ serviceable: false, reason: unserviceableMessage('900001') });
    const asked = fake.count('GET /courier/serviceability/');
    await courier.serviceability({ pincode: '411001', cod: true, at: AT });
    await courier.serviceability({ pincode: '900001', cod: false, at: AT });
    expect(fake.count('GET /courier/serviceability/')).toBe(asked);

    fake.down = true;
    // Cached answers still serve; an unknown pincode is a clear 503, never a guess.
    expect((await courier.serviceability({ pincode: '411001', cod: true, at: AT })).serviceable).toBe(true);
    await expect(courier.serviceability({ pincode: '110001', cod: true, at: AT })).rejects.toMatchObject({
      statusCode: 503,
      message: 'We could not check delivery to pincode 110001 right now. Please try again in a few minutes.',
    });
  });

  it('books: creates the order under our order id, assigns the AWB with the chosen courier, requests the pickup', async () => {
    const courier = adapter();
    const request = shipment();
    const booked = await courier.book(request);
    const [order] = ordersFor(request.orderId);
    expect(order).toMatchObject({ status: 'PICKUP SCHEDULED', payment_method: 'COD', sub_total: 2499 });
    expect(order!.shipments[0]).toMatchObject({ awb: booked.awb, courier: 'Delhivery Surface', pickup_requested: true });
    expect(booked).toEqual({
      awb: expect.stringMatching(/^\d{14}$/),
      courier: 'Delhivery Surface',
      estimatedDelivery: new Date(Date.parse(AT) + 4 * DAY).toISOString(),
    });

    // Booking the same order again (a retry whose first answer was lost) books nothing new.
    const creates = fake.count('POST /orders/create/adhoc');
    const assigns = fake.count('POST /courier/assign/awb');
    expect(await courier.book(request)).toEqual(booked);
    expect(await adapter().book(request)).toEqual(booked); // another instance (a restart) too
    expect(fake.count('POST /orders/create/adhoc')).toBe(creates);
    expect(fake.count('POST /courier/assign/awb')).toBe(assigns);
    expect(ordersFor(request.orderId)).toHaveLength(1);
  });

  it('an unserviceable pincode books nothing', async () => {
    const request = shipment({ address: { ...shipment().address, pincode: '900001' } });
    await expect(adapter().book(request)).rejects.toThrow(new CourierUnavailableError(unserviceableMessage('900001')));
    expect(ordersFor(request.orderId)).toHaveLength(0);
  });

  it('create not answered within the timeout: the same call finds the order it made instead of making a second', async () => {
    const request = shipment({ paymentMethod: 'razorpay' });
    fake.lose.set('POST /orders/create/adhoc', 1);
    fake.holdMs = 4_000; // past the adapter's timeout
    const booked = await adapter({ timeoutMs: 1_500 }).book(request);
    expect(ordersFor(request.orderId)).toHaveLength(1);
    expect(booked.courier).toBe('Delhivery Surface');
  });

  it('create answer and the look-up after it both lost: the booking fails, and the retry finds the first order (one order, one AWB)', async () => {
    const courier = adapter();
    const request = shipment();
    fake.lose.set('POST /orders/create/adhoc', 1);
    fake.afterCall = (route) => {
      if (route === 'POST /orders/create/adhoc') fake.fail.set('GET /orders', 1);
    };
    await expect(courier.book(request)).rejects.toThrow('Shiprocket could not be reached');
    fake.afterCall = null;
    expect(ordersFor(request.orderId)).toHaveLength(1);
    expect(ordersFor(request.orderId)[0]!.shipments[0]!.awb).toBe('');

    const creates = fake.count('POST /orders/create/adhoc');
    const booked = await courier.book(request);
    expect(fake.count('POST /orders/create/adhoc')).toBe(creates);
    expect(ordersFor(request.orderId)).toHaveLength(1);
    expect(ordersFor(request.orderId)[0]!.shipments[0]!.awb).toBe(booked.awb);
  });

  it('an AWB assigned by a call whose answer was lost is found and kept; a pickup already queued is fine', async () => {
    const courier = adapter();
    const request = shipment();
    fake.lose.set('POST /courier/assign/awb', 1);
    const booked = await courier.book(request);
    expect(fake.count('POST /courier/assign/awb')).toBeGreaterThan(0);
    expect(ordersFor(request.orderId)[0]!.shipments[0]!.awb).toBe(booked.awb);

    expect(await courier.book(request)).toEqual(booked); // pickup answers 'Already in Pickup Queue.'
  });

  it('two instances booking one order at once make one Shiprocket order (it refuses a reused order_id)', async () => {
    const request = shipment();
    const one = adapter();
    const [a, b, c] = await Promise.all([one.book(request), one.book(request), adapter().book(request)]);
    expect(b).toEqual(a);
    expect(c.awb).toBe(a.awb);
    expect(ordersFor(request.orderId)).toHaveLength(1);
  });

  it('Shiprocket down: the booking fails with the reason and creates nothing', async () => {
    const request = shipment();
    fake.down = true;
    await expect(adapter().book(request)).rejects.toThrow('Shiprocket answered 503: Service Unavailable');
    fake.down = false;
    expect(ordersFor(request.orderId)).toHaveLength(0);
  });

  it('reads the shapes Shiprocket also answers in: numbers as strings, AWBs as numbers, the recommendation under its other key', async () => {
    fake.variant = { numbersAsStrings: true, recommendationKey: 'shiprocket_recommended_courier_id' };
    const courier = adapter();
    // Prepaid, Xpressbees (2 days) is faster, but Shiprocket recommends Delhivery; cod "1" and blocked "1" as strings
    // still mean COD-capable and blocked.
    expect(await courier.serviceability({ pincode: '411103', cod: false, at: AT })).toMatchObject({ courier: 'Delhivery Surface' });
    expect(await courier.serviceability({ pincode: '411101', cod: true, at: AT })).toEqual({
      serviceable: true,
      courier: 'Delhivery Surface',
      estimatedDelivery: new Date(Date.parse(AT) + 4 * DAY).toISOString(),
    });
    const request = shipment();
    const lookups = fake.count('GET /orders');
    const booked = await courier.book(request); // awb_assign_status "1", awb_code a number
    expect(fake.count('GET /orders') - lookups).toBe(1); // the AWB answer was understood: no second look-up
    expect(booked).toEqual({ awb: expect.stringMatching(/^\d{14}$/), courier: 'Delhivery Surface', estimatedDelivery: expect.any(String) });
    expect(ordersFor(request.orderId)[0]!.shipments[0]!.awb).toBe(booked.awb);
    // The order list gives the AWB back as a number: a retry still finds it and books nothing new.
    const assigns = fake.count('POST /courier/assign/awb');
    expect(await adapter().book(request)).toEqual(booked);
    expect(fake.count('POST /courier/assign/awb')).toBe(assigns);
  });

  it('a courier that states only its etd date: the date is that many days from the order', async () => {
    fake.variant = { etdOnly: true };
    expect(await adapter().serviceability({ pincode: '411102', cod: false, at: AT })).toEqual({
      serviceable: true,
      courier: 'Delhivery Surface',
      estimatedDelivery: new Date(Date.parse(AT) + 4 * DAY).toISOString(),
    });
  });

  it('an unserviceable pincode answered 200 with status 404 in the body is the usual refusal, not an outage', async () => {
    fake.variant = { unserviceableAs200: true };
    expect(await adapter().serviceability({ pincode: '900002', cod: true, at: AT })).toEqual({ serviceable: false, reason: unserviceableMessage('900002') });
  });

  it('no AWB yet (awb_assign_status 0): the booking fails with Shiprocket’s reason, and the retry assigns it on the same order', async () => {
    const courier = adapter();
    const request = shipment();
    fake.awbPending = 1;
    await expect(courier.book(request)).rejects.toThrow(
      new CourierUnavailableError('Shiprocket assigned no AWB yet (Courier is not assigned yet. Please try after some time.)'),
    );
    expect(ordersFor(request.orderId)).toHaveLength(1);
    expect(ordersFor(request.orderId)[0]!.shipments[0]).toMatchObject({ awb: '', pickup_requested: false });

    const creates = fake.count('POST /orders/create/adhoc');
    const booked = await courier.book(request);
    expect(fake.count('POST /orders/create/adhoc')).toBe(creates);
    expect(ordersFor(request.orderId)).toHaveLength(1);
    expect(ordersFor(request.orderId)[0]!.shipments[0]).toMatchObject({ awb: booked.awb, pickup_requested: true });
  });

  it('sends the create fields Shiprocket requires (the fake refuses an order without them, as Shiprocket does)', async () => {
    const request = shipment({ paymentMethod: 'razorpay' });
    await adapter().book(request);
    const [order] = ordersFor(request.orderId);
    expect(order).toMatchObject({ payment_method: 'Prepaid', sub_total: 2499 });
  });

  describe('return pickups', () => {
    it('books a return order from the shopper’s address to the warehouse Shiprocket lists, then its AWB as a return', async () => {
      const request = pickupRequest();
      const booked = await adapter().bookReturnPickup(request);
      const [order] = returnsFor(request.returnId);
      expect(returnsFor(request.returnId)).toHaveLength(1);
      expect(booked).toEqual({
        awb: order!.shipments[0]!.awb,
        courier: 'Delhivery Surface',
        estimatedDelivery: new Date(Date.parse(AT) + 4 * DAY).toISOString(),
      });
      expect(order!.sent).toMatchObject({
        order_id: `R-${request.returnId}`,
        order_date: '2026-11-28 12:00',
        pickup_customer_name: 'Asha',
        pickup_last_name: 'Rao Kulkarni',
        pickup_address: '12 MG Road',
        pickup_city: 'Pune',
        pickup_state: 'Maharashtra',
        pickup_country: 'India',
        pickup_pincode: '411001',
        pickup_email: 'orders@animecollectibles.in',
        pickup_phone: '9876543210',
        shipping_customer_name: 'Anime Collectibles Warehouse',
        shipping_address: 'Unit 4, Bhiwandi Logistics Park',
        shipping_city: 'Mumbai',
        shipping_pincode: '400001',
        shipping_phone: '9820012345',
        order_items: [{ name: 'Gojo Satoru 1/7 Figure', sku: 'p-gojo-figure', units: 2, selling_price: 1999 }],
        payment_method: 'Prepaid',
        sub_total: 3998,
        weight: 1,
      });
      // Never a forward order, and the forward search does not see it.
      expect(ordersFor(`R-${request.returnId}`)).toHaveLength(1);
      expect([...fake.orders.values()].filter((o) => !o.is_return && o.channel_order_id.includes(request.returnId))).toHaveLength(0);
    });

    it('booked once when called twice, at once, and from another instance; the pickup locations are read once', async () => {
      const courier = adapter();
      const request = pickupRequest();
      const reads = fake.count('GET /settings/company/pickup');
      const [a, b] = await Promise.all([courier.bookReturnPickup(request), courier.bookReturnPickup(request)]);
      expect(b).toEqual(a);
      const creates = fake.count('POST /orders/create/return');
      const assigns = fake.count('POST /courier/assign/awb');
      expect(await courier.bookReturnPickup(request)).toEqual(a);
      expect(await adapter().bookReturnPickup(request)).toEqual(a); // a restart
      expect(fake.count('POST /orders/create/return')).toBe(creates);
      expect(fake.count('POST /courier/assign/awb')).toBe(assigns);
      expect(returnsFor(request.returnId)).toHaveLength(1);

      await courier.bookReturnPickup(pickupRequest()); // another return: the warehouse is not read again
      expect(fake.count('GET /settings/company/pickup') - reads).toBe(1);
    });

    it('create answer lost (and the look-up after it): the approval fails, and the retry finds the first return order', async () => {
      const courier = adapter();
      const request = pickupRequest();
      fake.lose.set('POST /orders/create/return', 1);
      fake.afterCall = (route) => {
        if (route === 'POST /orders/create/return') fake.fail.set('GET /orders/processing/return', 1);
      };
      await expect(courier.bookReturnPickup(request)).rejects.toThrow(new CourierUnavailableError('Shiprocket could not be reached'));
      fake.afterCall = null;
      expect(returnsFor(request.returnId)).toHaveLength(1);
      expect(returnsFor(request.returnId)[0]!.shipments[0]!.awb).toBe('');

      const creates = fake.count('POST /orders/create/return');
      const booked = await courier.bookReturnPickup(request);
      expect(fake.count('POST /orders/create/return')).toBe(creates);
      expect(returnsFor(request.returnId)).toHaveLength(1);
      expect(returnsFor(request.returnId)[0]!.shipments[0]!.awb).toBe(booked.awb);
    });

    it('create not answered within the timeout, then an AWB answer lost: one return order, one AWB', async () => {
      const request = pickupRequest();
      fake.lose.set('POST /orders/create/return', 1);
      fake.holdMs = 4_000;
      const booked = await adapter({ timeoutMs: 1_500 }).bookReturnPickup(request);
      expect(returnsFor(request.returnId)).toHaveLength(1);
      expect(returnsFor(request.returnId)[0]!.shipments[0]!.awb).toBe(booked.awb);

      const again = pickupRequest();
      fake.holdMs = 0;
      fake.lose.set('POST /courier/assign/awb', 1);
      const kept = await adapter().bookReturnPickup(again);
      expect(returnsFor(again.returnId)[0]!.shipments[0]!.awb).toBe(kept.awb);
      expect(await adapter().bookReturnPickup(again)).toEqual(kept);
    });

    it('Shiprocket down: the courier-unavailable error, and no return order', async () => {
      const request = pickupRequest();
      fake.down = true;
      const failure = await adapter()
        .bookReturnPickup(request)
        .catch((error: unknown) => error);
      expect(failure).toBeInstanceOf(CourierUnavailableError);
      expect((failure as Error).message).toBe('Shiprocket answered 503: Service Unavailable');
      fake.down = false;
      expect(returnsFor(request.returnId)).toHaveLength(0);
    });

    it('no pickup location of the configured name: a clear refusal that names the setting, nothing created', async () => {
      const request = pickupRequest();
      await expect(adapter({ pickupLocation: 'Godown 2' }).bookReturnPickup(request)).rejects.toThrow(
        new CourierUnavailableError('Shiprocket has no pickup location named "Godown 2" (SHIPROCKET_PICKUP_LOCATION)'),
      );
      expect(returnsFor(request.returnId)).toHaveLength(0);
    });

    it('no AWB yet: the approval fails with Shiprocket’s reason, and the retry asks again on the same return order', async () => {
      const courier = adapter();
      const request = pickupRequest();
      fake.awbPending = 1;
      await expect(courier.bookReturnPickup(request)).rejects.toThrow(
        new CourierUnavailableError('Shiprocket assigned no AWB yet (Courier is not assigned yet. Please try after some time.)'),
      );
      expect(returnsFor(request.returnId)).toHaveLength(1);
      const creates = fake.count('POST /orders/create/return');
      const booked = await courier.bookReturnPickup(request);
      expect(fake.count('POST /orders/create/return')).toBe(creates);
      expect(returnsFor(request.returnId)[0]!.shipments[0]).toMatchObject({ awb: booked.awb, pickup_requested: true });
    });

    it('a return order listed with its ids as strings and its AWB as a number is found and kept; a cancelled one is refused', async () => {
      const request = pickupRequest();
      const booked = await adapter().bookReturnPickup(request);
      fake.variant = { numbersAsStrings: true };
      const assigns = fake.count('POST /courier/assign/awb');
      expect(await adapter().bookReturnPickup(request)).toEqual(booked);
      expect(fake.count('POST /courier/assign/awb')).toBe(assigns);

      returnsFor(request.returnId)[0]!.status = 'CANCELED';
      await expect(adapter().bookReturnPickup(request)).rejects.toThrow(
        new CourierUnavailableError(`the Shiprocket return order R-${request.returnId} was cancelled there; restore it in Shiprocket first`),
      );
      expect(returnsFor(request.returnId)).toHaveLength(1);
    });

    it('a return id too long for Shiprocket’s 50 characters still gives one stable order id', async () => {
      const request = pickupRequest({ returnId: `return-${'x'.repeat(60)}` });
      const booked = await adapter().bookReturnPickup(request);
      const made = [...fake.orders.values()].filter((o) => o.is_return && o.shipments[0]!.awb === booked.awb);
      expect(made).toHaveLength(1);
      expect(made[0]!.channel_order_id).toMatch(/^R-[0-9a-f]{48}$/);
      expect(await adapter().bookReturnPickup(request)).toEqual(booked);
    });
  });
});
