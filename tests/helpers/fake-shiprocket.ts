import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * A local stand-in for Shiprocket's API (v1/external) speaking its documented JSON shapes: login, courier
 * serviceability, adhoc order create, AWB assignment, pickup, and the order list searched by the channel order id;
 * for returns, the account's pickup locations, return order create and the return order list (the shapes and their
 * sources: docs/integrations/shiprocket.md). Like Shiprocket it refuses an order_id it already has. Faults can be switched on: the API down, the next answers of one route lost after the work is done (held past
 * the client's timeout), tokens revoked, an AWB the courier has not assigned yet. Where public sources show Shiprocket
 * answering in more than one shape, `variant` picks the other one.
 */
export interface FakeShiprocket {
  baseUrl: string;
  email: string;
  password: string;
  /** Calls per route ('POST /orders/create/adhoc', …), logins included. */
  calls: Map<string, number>;
  /** Shiprocket's orders, forward and return, by its own order id. */
  orders: Map<number, FakeOrder>;
  /** The account's pickup locations (GET /settings/company/pickup), in Shiprocket's shape. */
  pickupLocations: Record<string, unknown>[];
  /** The tokens a login hands out expire after this many seconds (the JWT's exp, and the server's own check). */
  tokenTtlSeconds: number;
  /** Every route answers 503 while true. */
  down: boolean;
  /**
   * Answers of this route ('POST /orders/create/adhoc') lost after doing the work, this many times: the connection is
   * dropped, or with holdMs > 0 the answer is held that long (past the client's timeout).
   */
  lose: Map<string, number>;
  holdMs: number;
  /** This route answers 503 without doing anything, this many times. */
  fail: Map<string, number>;
  /** The next this-many AWB assignments answer `awb_assign_status: 0` with an `awb_assign_error` and assign nothing. */
  awbPending: number;
  /**
   * The other shapes Shiprocket is seen to answer in: numbers sent as strings (`cod: "1"`, `awb_assign_status: "1"`,
   * ids and AWBs as strings or numbers), serviceability that states only `etd` (a date) instead of
   * `estimated_delivery_days`, the recommendation under `shiprocket_recommended_courier_id`, and an unserviceable
   * pincode answered 200 with `status: 404` in the body instead of an HTTP 404.
   */
  variant: { numbersAsStrings?: boolean; etdOnly?: boolean; recommendationKey?: 'shiprocket_recommended_courier_id'; unserviceableAs200?: boolean };
  /** Called after each answered call (a test arms a fault at a chosen moment). */
  afterCall: ((route: string) => void) | null;
  /** Every token issued so far stops working (a 401 on its next use). */
  revokeTokens(): void;
  count(route: string): number;
  close(): Promise<void>;
}

export interface FakeOrder {
  id: number;
  channel_order_id: string;
  status: string;
  payment_method: string;
  sub_total: number;
  shipments: { id: number; awb: string; courier: string; pickup_requested: boolean }[];
  /** A return order (POST /orders/create/return), with the body it was created from. */
  is_return?: boolean;
  sent?: Record<string, unknown>;
}

/** Delhivery reaches every pincode starting 1–8 with COD in 4 days; Xpressbees Air, prepaid only, 2 days; 9xxxxx: nobody. */
const COURIERS = [
  { courier_company_id: 10, courier_name: 'Delhivery Surface', days: 4, cod: 1, blocked: 0, rate: 79.5 },
  { courier_company_id: 24, courier_name: 'Xpressbees Air', days: 2, cod: 0, blocked: 0, rate: 120 },
  { courier_company_id: 33, courier_name: 'Blocked Express', days: 1, cod: 1, blocked: 1, rate: 50 },
];

const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];
/** Serviceability's `etd`, a date as Shiprocket writes it: 'Dec 02, 2026'. */
const etdOf = (ms: number) => {
  const d = new Date(ms + 330 * 60_000);
  return `${MONTHS[d.getUTCMonth()]} ${String(d.getUTCDate()).padStart(2, '0')}, ${d.getUTCFullYear()}`;
};

const REQUIRED = [
  'order_id',
  'order_date',
  'pickup_location',
  'billing_customer_name',
  'billing_address',
  'billing_city',
  'billing_pincode',
  'billing_state',
  'billing_country',
  'billing_email',
  'billing_phone',
  'shipping_is_billing',
  'order_items',
  'payment_method',
  'sub_total',
  'length',
  'breadth',
  'height',
  'weight',
];

/** The fields POST /orders/create/return requires (the rest of its table is optional). */
const RETURN_REQUIRED = [
  'order_id',
  'order_date',
  'pickup_customer_name',
  'pickup_address',
  'pickup_city',
  'pickup_state',
  'pickup_country',
  'pickup_pincode',
  'pickup_email',
  'pickup_phone',
  'shipping_customer_name',
  'shipping_address',
  'shipping_city',
  'shipping_country',
  'shipping_pincode',
  'shipping_state',
  'shipping_phone',
  'order_items',
  'payment_method',
  'sub_total',
  'length',
  'breadth',
  'height',
  'weight',
];

const invalidData = (errors: Record<string, string[]>): [number, unknown] => [422, { message: 'Oops! Invalid Data.', errors, status_code: 422 }];

const jwt = (payload: object) =>
  [{ typ: 'JWT', alg: 'HS256' }, payload, 'signature']
    .map((part) => Buffer.from(typeof part === 'string' ? part : JSON.stringify(part)).toString('base64url'))
    .join('.');

export async function startFakeShiprocket(options: { now?: () => number } = {}): Promise<FakeShiprocket> {
  const now = options.now ?? Date.now;
  const tokens = new Map<string, number>(); // token -> expiry (ms)
  let nextId = 1000;
  let awbSerial = 19041424751540;
  const sockets = new Set<import('node:net').Socket>();

  const send = (res: ServerResponse, status: number, body: unknown) => {
    if (res.destroyed) return;
    res.writeHead(status, { 'content-type': 'application/json' });
    res.end(JSON.stringify(body));
  };
  const readBody = async (req: IncomingMessage) => {
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    const text = Buffer.concat(chunks).toString('utf8');
    return text ? (JSON.parse(text) as Record<string, unknown>) : {};
  };
  const shipmentOf = (id: number) => {
    for (const order of fake.orders.values()) for (const s of order.shipments) if (s.id === id) return { order, shipment: s };
    return null;
  };

  async function handle(route: string, req: IncomingMessage, url: URL): Promise<[number, unknown]> {
    if (route === 'POST /auth/login') {
      const body = await readBody(req);
      if (body.email !== fake.email || body.password !== fake.password) return [400, { message: 'Invalid email and password combination', status_code: 400 }];
      const exp = Math.floor(now() / 1000) + fake.tokenTtlSeconds;
      const token = jwt({ iss: `${fake.baseUrl}/auth/login`, iat: Math.floor(now() / 1000), exp, sub: 3662547, jti: String(nextId++) });
      tokens.set(token, exp * 1000);
      return [200, { company_id: 12345, email: fake.email, first_name: 'API', last_name: 'User', id: 3662547, token }];
    }
    const token = req.headers.authorization?.replace(/^Bearer /, '') ?? '';
    const expiry = tokens.get(token);
    if (expiry === undefined || now() >= expiry) return [401, { message: 'Token has expired', status_code: 401 }];

    if (route === 'GET /courier/serviceability/' || route === 'GET /courier/serviceability') {
      const delivery = url.searchParams.get('delivery_postcode') ?? '';
      const missing = ['pickup_postcode', 'delivery_postcode', 'cod', 'weight'].filter((name) => !url.searchParams.get(name));
      if (missing.length || !/^\d{6}$/.test(url.searchParams.get('pickup_postcode') ?? ''))
        return [
          422,
          {
            message: 'Oops! Invalid Data.',
            errors: Object.fromEntries(
              (missing.length ? missing : ['pickup_postcode']).map((f) => [
                f,
                [`The ${f.replaceAll('_', ' ')} field is required when order id is not present.`],
              ]),
            ),
            status_code: 422,
          },
        ];
      if (!/^[1-8]\d{5}$/.test(delivery)) {
        const refusal = { message: `Delivery postcode ${delivery} is not serviceable`, status: 404 };
        return fake.variant.unserviceableAs200 ? [200, refusal] : [404, refusal];
      }
      const cod = url.searchParams.get('cod') === '1';
      const text = fake.variant.numbersAsStrings ? String : (v: number) => v;
      const available = COURIERS.filter((c) => !cod || c.cod === 1).map(({ days, ...c }) => ({
        ...c,
        courier_company_id: text(c.courier_company_id),
        cod: text(c.cod),
        blocked: text(c.blocked),
        ...(fake.variant.etdOnly ? {} : { estimated_delivery_days: String(days), etd_hours: days * 24 }),
        etd: etdOf(now() + days * 86_400_000),
      }));
      return [
        200,
        {
          company_auto_shipment_insurance_setting: false,
          covid_zones: { delivery_zone: null, pickup_zone: null },
          currency: 'INR',
          data: { available_courier_companies: available, [fake.variant.recommendationKey ?? 'recommended_courier_company_id']: 10 },
          status: 200,
        },
      ];
    }
    if (route === 'GET /orders') {
      const search = url.searchParams.get('search') ?? '';
      const data = [...fake.orders.values()].filter((o) => !o.is_return && o.channel_order_id.includes(search));
      return [
        200,
        {
          data: data.map((o) => ({
            id: o.id,
            channel_order_id: o.channel_order_id,
            status: o.status,
            payment_method: o.payment_method,
            total: String(o.sub_total),
            shipments: o.shipments.map(({ id, awb, courier }) => ({ id, awb: fake.variant.numbersAsStrings && awb ? Number(awb) : awb, courier })),
          })),
          meta: { pagination: { total: data.length } },
        },
      ];
    }
    if (route === 'GET /settings/company/pickup') {
      return [
        200,
        {
          data: {
            shipping_address: fake.pickupLocations,
            allow_more: 'true',
            is_blackbox_seller: false,
            company_name: 'Anime Collectibles',
            recent_addresses: [],
          },
        },
      ];
    }
    if (route === 'GET /orders/processing/return') {
      const search = url.searchParams.get('search') ?? '';
      const data = [...fake.orders.values()].filter((o) => o.is_return && o.channel_order_id.includes(search));
      return [
        200,
        {
          data: data.map((o) => ({
            id: o.id,
            channel_order_id: o.channel_order_id,
            status: o.status,
            status_code: 21,
            payment_method: 'prepaid',
            total: String(o.sub_total),
            shipment_id: fake.variant.numbersAsStrings ? String(o.shipments[0]!.id) : o.shipments[0]!.id,
            shipments: o.shipments.map(({ awb, courier }) => ({
              isd_code: '+91',
              courier,
              sr_courier_id: '',
              weight: '0.5',
              awb: fake.variant.numbersAsStrings && awb ? Number(awb) : awb,
            })),
          })),
          meta: { pagination: { total: data.length } },
        },
      ];
    }
    if (route === 'POST /orders/create/return') {
      const body = await readBody(req);
      const missing = RETURN_REQUIRED.filter((f) => body[f] === undefined || body[f] === '');
      if (missing.length) return invalidData(Object.fromEntries(missing.map((f) => [f, [`The ${f.replaceAll('_', ' ')} field is required.`]])));
      const items = Array.isArray(body.order_items) ? (body.order_items as Record<string, unknown>[]) : [];
      const invalid: Record<string, string[]> = {};
      items.forEach((item, i) => {
        for (const f of ['name', 'sku', 'units', 'selling_price'])
          if (item[f] === undefined || item[f] === '') invalid[`order_items.${i}.${f}`] = [`The order_items.${i}.${f} field is required.`];
      });
      if (!items.length) invalid.order_items = ['The order items field is required.'];
      if (String(body.order_id).length > 50) invalid.order_id = ['The order id may not be greater than 50 characters.'];
      if (String(body.payment_method).toLowerCase() !== 'prepaid') invalid.payment_method = ['The selected payment method is invalid.'];
      if (Object.keys(invalid).length) return invalidData(invalid);
      const reference = String(body.order_id);
      if ([...fake.orders.values()].some((o) => o.channel_order_id === reference)) return invalidData({ order_id: ['The order id has already been taken.'] });
      const order: FakeOrder = {
        id: nextId++,
        channel_order_id: reference,
        status: 'RETURN PENDING',
        payment_method: String(body.payment_method),
        sub_total: Number(body.sub_total),
        shipments: [{ id: nextId++, awb: '', courier: '', pickup_requested: false }],
        is_return: true,
        sent: body,
      };
      fake.orders.set(order.id, order);
      return [200, { order_id: order.id, shipment_id: order.shipments[0]!.id, status: 'RETURN PENDING', status_code: 21, company_name: 'Anime Collectibles' }];
    }
    if (route === 'POST /orders/create/adhoc') {
      const body = await readBody(req);
      const missing = REQUIRED.filter((f) => body[f] === undefined || body[f] === '');
      if (missing.length)
        return [
          422,
          {
            message: 'Oops! Invalid Data.',
            errors: Object.fromEntries(missing.map((f) => [f, [`The ${f.replaceAll('_', ' ')} field is required.`]])),
            status_code: 422,
          },
        ];
      const items = Array.isArray(body.order_items) ? (body.order_items as Record<string, unknown>[]) : [];
      const itemErrors = items.flatMap((item, i) =>
        ['name', 'sku', 'units', 'selling_price'].filter((f) => item[f] === undefined || item[f] === '').map((f) => `order_items.${i}.${f}`),
      );
      const invalid: Record<string, string[]> = Object.fromEntries(itemErrors.map((f) => [f, [`The ${f} field is required.`]]));
      if (!items.length) invalid.order_items = ['The order items field is required.'];
      if (String(body.order_id).length > 50) invalid.order_id = ['The order id may not be greater than 50 characters.'];
      if (!['COD', 'Prepaid'].includes(String(body.payment_method))) invalid.payment_method = ['The selected payment method is invalid.'];
      if (Object.keys(invalid).length) return [422, { message: 'Oops! Invalid Data.', errors: invalid, status_code: 422 }];
      const reference = String(body.order_id);
      if ([...fake.orders.values()].some((o) => o.channel_order_id === reference)) {
        return [422, { message: 'Oops! Invalid Data.', errors: { order_id: ['Order Id already exists.'] }, status_code: 422 }];
      }
      const order: FakeOrder = {
        id: nextId++,
        channel_order_id: reference,
        status: 'NEW',
        payment_method: String(body.payment_method),
        sub_total: Number(body.sub_total),
        shipments: [{ id: nextId++, awb: '', courier: '', pickup_requested: false }],
      };
      fake.orders.set(order.id, order);
      return [
        200,
        {
          order_id: order.id,
          shipment_id: order.shipments[0]!.id,
          status: 'NEW',
          status_code: 1,
          onboarding_completed_now: 0,
          awb_code: null,
          courier_company_id: null,
          courier_name: null,
        },
      ];
    }
    if (route === 'POST /courier/assign/awb') {
      const body = await readBody(req);
      const found = shipmentOf(Number(body.shipment_id));
      if (!found) return [400, { message: 'Invalid shipment id', status_code: 400 }];
      // A return's shipment is assigned only when the call says it is one (`is_return: 1`); it then collects.
      if (found.order.is_return && Number(body.is_return) !== 1) return invalidData({ is_return: ['The is return field is required.'] });
      if (found.shipment.awb) return [200, { awb_assign_status: 0, response: { data: { awb_assign_error: 'AWB is already assigned' } } }];
      if (fake.awbPending > 0) {
        fake.awbPending--;
        return [200, { awb_assign_status: 0, response: { data: { awb_assign_error: 'Courier is not assigned yet. Please try after some time.' } } }];
      }
      const courier = COURIERS.find((c) => c.courier_company_id === Number(body.courier_id)) ?? COURIERS[0]!;
      found.shipment.awb = String(awbSerial++);
      found.shipment.courier = courier.courier_name;
      if (found.order.is_return) found.shipment.pickup_requested = true;
      return [
        200,
        {
          awb_assign_status: fake.variant.numbersAsStrings ? '1' : 1,
          response: {
            data: {
              courier_company_id: fake.variant.numbersAsStrings ? String(courier.courier_company_id) : courier.courier_company_id,
              awb_code: fake.variant.numbersAsStrings ? Number(found.shipment.awb) : found.shipment.awb,
              cod: 0,
              order_id: found.order.id,
              shipment_id: found.shipment.id,
              awb_code_status: 1,
              assigned_date_time: { date: new Date(now()).toISOString() },
              applied_weight: 0.5,
              courier_name: courier.courier_name,
            },
          },
        },
      ];
    }
    if (route === 'POST /courier/generate/pickup') {
      const body = await readBody(req);
      const found = shipmentOf(Number((body.shipment_id as unknown[] | undefined)?.[0]));
      if (!found) return [400, { message: 'Invalid shipment id', status_code: 400 }];
      if (found.shipment.pickup_requested) return [400, { message: 'Already in Pickup Queue.', status_code: 400 }];
      found.shipment.pickup_requested = true;
      found.order.status = 'PICKUP SCHEDULED';
      return [
        200,
        {
          pickup_status: 1,
          response: {
            pickup_scheduled_date: '2026-11-29 10:00:00',
            pickup_token_number: `Reference No: ${nextId++}`,
            status: 3,
            others: '',
            pickup_generated_date: { date: new Date(now()).toISOString() },
            data: 'Pickup is confirmed',
          },
        },
      ];
    }
    return [404, { message: 'Not found', status_code: 404 }];
  }

  const server = createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://127.0.0.1');
    const route = `${req.method} ${url.pathname.replace(/^\/v1\/external/, '')}`;
    fake.calls.set(route, (fake.calls.get(route) ?? 0) + 1);
    if (fake.down) return send(res, 503, { message: 'Service Unavailable' });
    const failures = fake.fail.get(route) ?? 0;
    if (failures > 0) {
      fake.fail.set(route, failures - 1);
      return send(res, 503, { message: 'Service Unavailable' });
    }
    handle(route, req, url).then(
      ([status, body]) => {
        fake.afterCall?.(route);
        const lost = fake.lose.get(route) ?? 0;
        if (lost > 0) {
          fake.lose.set(route, lost - 1);
          if (fake.holdMs > 0) setTimeout(() => send(res, status, body), fake.holdMs);
          else res.socket?.destroy();
        } else send(res, status, body);
      },
      (error: unknown) => send(res, 500, { message: String(error) }),
    );
  });
  server.on('connection', (socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;

  const fake: FakeShiprocket = {
    baseUrl: `http://127.0.0.1:${port}/v1/external`,
    email: 'api-user@animecollectibles.in',
    password: 'fake-shiprocket-password',
    calls: new Map(),
    orders: new Map(),
    pickupLocations: [
      {
        id: 4984500,
        pickup_location: 'Primary',
        address_type: null,
        address: 'Unit 4, Bhiwandi Logistics Park',
        address_2: 'Near Kalyan Naka',
        city: 'Mumbai',
        state: 'Maharashtra',
        country: 'India',
        pin_code: '400001',
        email: 'warehouse@animecollectibles.in',
        phone: '9820012345',
        name: 'Anime Collectibles Warehouse',
        status: 2,
        is_primary_location: 1,
      },
    ],
    tokenTtlSeconds: 10 * 86_400,
    down: false,
    lose: new Map(),
    holdMs: 0,
    fail: new Map(),
    awbPending: 0,
    variant: {},
    afterCall: null,
    revokeTokens: () => tokens.clear(),
    count: (route) => fake.calls.get(route) ?? 0,
    close: () =>
      new Promise<void>((resolve) => {
        for (const socket of sockets) socket.destroy();
        server.close(() => resolve());
      }),
  };
  return fake;
}
