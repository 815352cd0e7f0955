import { SignJWT } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../src/app.js';
import { createTestApp, liveTicket, loginAdmin, signUp } from '../helpers/test-runtime.js';
import { createProduct, orderIdOf, placeOrder } from './fixtures.js';
import { ADMIN_ROUTES, ADMIN_URL, adminRoutes, apiRoutes, fillPath, pathParams, websocketRoutes, wsAttempt } from './routes.js';

// Built at collection time so that the walks below enumerate the routes that exist now.
const ctx = await createTestApp();
const { app } = ctx;
afterAll(async () => ctx.close());

const uuid = '00000000-0000-4000-8000-000000000001';

describe('admin routes refuse non-admins (the list written out in routes.ts)', () => {
  const routes = adminRoutes(app);

  it(`the ${ADMIN_ROUTES.length} admin routes written out are exactly the routes registered under the admin prefixes`, () => {
    const registered = apiRoutes(app)
      .filter((r) => ADMIN_URL.test(r.url))
      .map((r) => `${r.method} ${r.url}`);
    expect([...registered].sort()).toEqual([...ADMIN_ROUTES].sort());
  });
  let shopper: Awaited<ReturnType<typeof signUp>>;
  let admin: Awaited<ReturnType<typeof loginAdmin>>;
  beforeAll(async () => {
    shopper = await signUp(app);
    admin = await loginAdmin(app);
  });

  it(`every one of the ${routes.length} admin routes answers 401 to a guest and 403 to a shopper, and appends nothing`, async () => {
    const before = await ctx.runtime.pool.query('select count(*)::int as n from events');
    const wrong: string[] = [];
    for (const route of routes) {
      const url = fillPath(route.url, uuid);
      const payloads =
        route.method === 'GET' || route.method === 'DELETE' ? [undefined] : [{}, { name: 'x', price: 1, status: 'delivered', url: 'http://127.0.0.1/' }];
      for (const payload of payloads) {
        const guest = await app.inject({ method: route.method, url, ...(payload ? { payload } : {}) });
        if (guest.statusCode !== 401) wrong.push(`guest ${route.method} ${route.url} -> ${guest.statusCode}`);
        const asShopper = await app.inject({ method: route.method, url, headers: shopper.auth, ...(payload ? { payload } : {}) });
        if (asShopper.statusCode !== 403) wrong.push(`shopper ${route.method} ${route.url} -> ${asShopper.statusCode}`);
        expect(asShopper.json()).toMatchObject({ success: false });
      }
      // A malformed or oversized body never gets past the role check either.
      if (route.method !== 'GET' && route.method !== 'DELETE') {
        const garbage = await app.inject({ method: route.method, url, headers: { ...shopper.auth, 'content-type': 'application/json' }, payload: '{"a":' });
        if (garbage.statusCode !== 403) wrong.push(`shopper malformed ${route.method} ${route.url} -> ${garbage.statusCode}`);
      }
    }
    const after = await ctx.runtime.pool.query('select count(*)::int as n from events');
    expect(wrong).toEqual([]);
    expect(after.rows[0].n).toBe(before.rows[0].n);
  });

  it('a route under an admin prefix that forgot its own guard is still closed by the admin guard (before its body is read)', async () => {
    // The same runtime, a second app with routes that check nothing themselves.
    const bare = await buildApp(ctx.runtime);
    const open = async () => ({ success: true, secret: 'admin only' });
    const forgotten = ['GET /api/admin/forgotten-guard', 'POST /api/cloudinary/forgotten-guard', 'PUT /api/carousels/admin/forgotten-guard'];
    for (const key of forgotten) {
      const [method, url] = key.split(' ') as ['GET' | 'POST' | 'PUT', string];
      bare.route({ method, url, handler: open });
    }
    bare.get('/api/admin-lookalike', open); // not under a prefix: left alone
    await bare.ready();
    try {
      for (const key of forgotten) {
        const [method, url] = key.split(' ') as ['GET' | 'POST' | 'PUT', string];
        const body = method === 'GET' ? {} : { headers: { 'content-type': 'application/json' }, payload: '{"malformed":' };
        const guest = await bare.inject({ method, url, ...body });
        expect([guest.statusCode, guest.json()], `guest ${key}`).toEqual([401, expect.objectContaining({ success: false })]);
        const asShopper = await bare.inject({ method, url, ...body, headers: { ...body.headers, ...shopper.auth } });
        expect([asShopper.statusCode, asShopper.json()], `shopper ${key}`).toEqual([403, expect.objectContaining({ success: false })]);
        if (method === 'GET') expect((await bare.inject({ method, url, headers: admin.auth })).statusCode, `admin ${key}`).toBe(200);
      }
      expect((await bare.inject({ method: 'GET', url: '/api/admin-lookalike' })).statusCode).toBe(200);
    } finally {
      await bare.close();
    }
  });

  it('the admin reaches the parameterless admin GET routes', async () => {
    for (const route of routes.filter((r) => r.method === 'GET' && pathParams(r.url).length === 0)) {
      const response = await app.inject({ method: 'GET', url: route.url, headers: admin.auth });
      expect(response.statusCode, route.url).toBeLessThan(500);
      expect([401, 403], route.url).not.toContain(response.statusCode);
    }
  });

  it('the admin websocket refuses guests, shoppers and forged tokens, and admits the admin', async () => {
    const sockets = websocketRoutes(app).filter((r) => r.url.startsWith('/api/admin'));
    expect(sockets.map((r) => r.url)).toEqual(['/api/admin/live']);
    const address = await app.listen({ host: '127.0.0.1', port: 0 });
    const base = address.replace('http', 'ws');
    for (const route of sockets) {
      const attempts: [string, string, Record<string, string>, RegExp][] = [
        ['guest', route.url, {}, /^refused 401$/],
        ['shopper header', route.url, shopper.auth, /^refused 403$/],
        ['garbage ticket', `${route.url}?ticket=abc.def.ghi`, {}, /^refused 401$/],
        // Tokens in the URL land in access logs: no longer read, so even the admin's is a guest's.
        ['admin token in the query', `${route.url}?token=${admin.token}`, {}, /^refused 401$/],
        ['admin header', route.url, admin.auth, /^open/],
        ['admin ticket', `${route.url}?ticket=${await liveTicket(app, admin.auth)}`, {}, /^open/],
      ];
      for (const [who, url, headers, expected] of attempts) {
        const { outcome } = await wsAttempt(`${base}${url}`, headers);
        expect(outcome, `${who} ${route.url}`).toMatch(expected);
      }
    }
  });
});

describe('tokens', () => {
  const forge = async (secret: string, payload: Record<string, unknown>) =>
    new SignJWT(payload)
      .setProtectedHeader({ alg: 'HS256' })
      .setSubject(String(payload.sub ?? uuid))
      .setIssuedAt()
      .setExpirationTime('1h')
      .sign(new TextEncoder().encode(secret));
  const b64 = (o: object) => Buffer.from(JSON.stringify(o)).toString('base64url');
  const protectedUrl = () => '/api/admin/stats';

  it('a token signed with another secret, an alg:none token and a tampered payload are 401', async () => {
    const shopper = await signUp(app);
    const [header, , signature] = shopper.token.split('.');
    const nowS = Math.floor(Date.now() / 1000);
    const forged = [
      await forge('a-completely-different-secret-value', { sub: shopper.user.id, role: 'admin' }),
      `${b64({ alg: 'none', typ: 'JWT' })}.${b64({ sub: shopper.user.id, role: 'admin', iat: nowS, exp: nowS + 3600 })}.`,
      `${b64({ alg: 'none', typ: 'JWT' })}.${b64({ sub: shopper.user.id, role: 'admin', iat: nowS, exp: nowS + 3600 })}`,
      `${header}.${b64({ sub: shopper.user.id, role: 'admin', iat: nowS, exp: nowS + 3600 })}.${signature}`,
      `${b64({ alg: 'HS512', typ: 'JWT' })}.${b64({ sub: shopper.user.id, role: 'admin', exp: nowS + 3600 })}.${signature}`,
      'not-a-jwt',
    ];
    for (const token of forged) {
      for (const url of [protectedUrl(), '/api/auth/profile']) {
        const response = await app.inject({ method: 'GET', url, headers: { authorization: `Bearer ${token}` } });
        expect(response.statusCode, `${url} ${token.slice(0, 40)}`).toBe(401);
        expect(response.json()).toMatchObject({ success: false });
      }
    }
    const genuine = await app.inject({ method: 'GET', url: '/api/auth/profile', headers: shopper.auth });
    expect(genuine.statusCode).toBe(200);
  });

  it('tokens expire after TOKEN_TTL_HOURS, on the runtime clock (accepted one second before, refused from the expiry on)', async () => {
    // The clock is injected (no sleeping, no race with a loaded machine): signed up just before a second ends.
    let clock = Date.UTC(2026, 10, 24, 10, 0, 0, 999);
    const short = await createTestApp({ env: { TOKEN_TTL_HOURS: '1' }, now: () => clock });
    try {
      const shopper = await signUp(short.app);
      const payload = JSON.parse(Buffer.from(shopper.token.split('.')[1]!, 'base64url').toString()) as { exp: number; iat: number };
      expect(payload.iat).toBe(Math.floor(clock / 1000));
      expect(payload.exp - payload.iat).toBe(3600);
      const profile = () => short.app.inject({ method: 'GET', url: '/api/auth/profile', headers: shopper.auth });
      expect((await profile()).statusCode).toBe(200);
      clock = (payload.exp - 1) * 1000 + 999;
      expect((await profile()).statusCode).toBe(200);
      clock = payload.exp * 1000;
      const expired = await profile();
      expect(expired.statusCode).toBe(401);
      expect(expired.json()).toEqual({ success: false, error: 'Invalid or expired token' });
    } finally {
      await short.close();
    }
  });

  it('brute-force login is rate-limited: 429 with Retry-After, even for the right password', async () => {
    const limited = await createTestApp({ limits: { authPerMinute: 5 } });
    try {
      const victim = await signUp(limited.app, { email: `victim${Date.now()}@example.in` });
      const statuses: number[] = [];
      for (let i = 0; i < 8; i++) {
        const r = await limited.app.inject({ method: 'POST', url: '/api/auth/login', payload: { email: victim.email, password: `guess${i}` } });
        statuses.push(r.statusCode);
      }
      expect(statuses.slice(0, 4)).toEqual([401, 401, 401, 401]);
      expect(statuses.slice(-2)).toEqual([429, 429]);
      const right = await limited.app.inject({ method: 'POST', url: '/api/auth/login', payload: { email: victim.email, password: victim.password } });
      expect(right.statusCode).toBe(429);
      expect(Number(right.headers['retry-after'])).toBeGreaterThan(0);
      expect(right.json()).toEqual({ success: false, error: 'Too many requests' });
    } finally {
      await limited.close();
    }
  });
});

describe('two shoppers: B can neither read nor change A’s data (walks every non-admin route)', () => {
  const marker = `zq${Date.now().toString(36)}`;
  const a = { name: `Alice ${marker}`, address: `${marker} Secret Lane`, phone: '9123456780' };
  const ids = new Set<string>();
  let userA: Awaited<ReturnType<typeof signUp>>;
  let userB: Awaited<ReturnType<typeof signUp>>;
  const ownGets = () => apiRoutes(app).filter((r) => r.method === 'GET' && pathParams(r.url).length === 0 && /^\/api\/(user|orders|auth\/profile)/.test(r.url));
  const snapshot = async () => {
    const out: Record<string, string> = {};
    for (const r of ownGets()) out[r.url] = (await app.inject({ method: 'GET', url: r.url, headers: userA.auth })).body;
    for (const id of ids) out[`order ${id}`] = (await app.inject({ method: 'GET', url: `/api/orders/${id}`, headers: userA.auth })).body;
    return out;
  };

  beforeAll(async () => {
    userA = await signUp(app, { full_name: a.name, address: a.address, phone: a.phone });
    userB = await signUp(app);
    const admin = await loginAdmin(app);
    const r = await app.inject({
      method: 'POST',
      url: '/api/user/addresses',
      headers: userA.auth,
      payload: { name: a.name, address: a.address, city: 'Pune', state: 'Maharashtra', pincode: '411001', phone: a.phone },
    });
    expect(r.statusCode).toBeLessThan(300);
    const body = r.json() as { address?: { id: string }; addresses?: { id: string }[] };
    for (const x of [body.address, ...(body.addresses ?? [])]) if (x?.id) ids.add(String(x.id));
    expect(ids.size).toBe(1);
    const product = await createProduct(app, ctx.runtime, admin.auth);
    ids.add(product.id);
    expect((await app.inject({ method: 'POST', url: '/api/user/wishlist', headers: userA.auth, payload: { productId: product.id } })).statusCode).toBe(200);
    const order = await placeOrder(app, userA.auth, product.id);
    expect(order.statusCode, order.body).toBe(201);
    ids.add(orderIdOf(order.json())!);
  });

  it('A’s data is visible to A (the markers the walk looks for are real)', async () => {
    const all = Object.values(await snapshot()).join('\n');
    expect(all).toContain(marker);
  });

  it('B gets 404 for A’s order, its invoice and cannot set its status', async () => {
    expect(ids.size).toBeGreaterThan(0);
    for (const id of ids) {
      for (const url of [`/api/orders/${id}`, `/api/orders/${id}/invoice`]) {
        const r = await app.inject({ method: 'GET', url, headers: userB.auth });
        if (r.statusCode < 300) expect(r.body, url).not.toContain(marker);
      }
      const r = await app.inject({ method: 'PUT', url: `/api/orders/${id}/status`, headers: userB.auth, payload: { status: 'cancelled' } });
      expect(r.statusCode, `PUT status ${id}`).toBeGreaterThanOrEqual(400);
    }
  });

  it('every route, with A’s ids in its path, as B: nothing of A’s leaks and nothing of A’s changes', async () => {
    const before = await snapshot();
    const leaks: string[] = [];
    const routes = apiRoutes(app).filter((r) => !ADMIN_ROUTES.includes(`${r.method} ${r.url}`) && r.url !== '/api/auth/login' && r.url !== '/api/auth/signup');
    const productIds = [...ids];
    const bodies = [
      {},
      { status: 'cancelled' },
      { status: 'confirmed' },
      { name: 'Mallory', address: 'Evil Road', city: 'Pune', state: 'Maharashtra', pincode: '411001', is_default: true },
      ...productIds.map((productId) => ({ productId, rating: 1, comment: 'Mallory was here' })),
      ...productIds.map((orderId) => ({ orderId, amount: 1, currency: 'INR' })),
    ];
    for (const route of routes) {
      const params = pathParams(route.url);
      const fills = params.length === 0 ? [route.url] : [...ids].map((id) => fillPath(route.url, id));
      for (const url of fills) {
        for (const payload of route.method === 'GET' || route.method === 'DELETE' ? [undefined] : bodies) {
          const r = await app.inject({ method: route.method, url, headers: userB.auth, ...(payload ? { payload } : {}) });
          expect(r.statusCode, `${route.method} ${url}`).toBeLessThan(500);
          if (r.body.includes(marker) || r.body.includes(userA.email)) leaks.push(`${route.method} ${url} -> ${r.statusCode}`);
        }
      }
    }
    expect(leaks).toEqual([]);
    expect(await snapshot()).toEqual(before);
  });
});

describe('media: SSRF forms and disguised files are refused', () => {
  const forms = [
    'http://127.0.0.1/a.png',
    'http://localhost/a.png',
    'http://2130706433/a.png',
    'http://0x7f000001/a.png',
    'http://0177.0.0.1/a.png',
    'http://127.1/a.png',
    'http://0/a.png',
    'http://0.0.0.0/a.png',
    'http://[::1]/a.png',
    'http://[::ffff:127.0.0.1]/a.png',
    'http://[::ffff:7f00:1]/a.png',
    'http://[0:0:0:0:0:ffff:169.254.169.254]/latest/meta-data/',
    'http://169.254.169.254/latest/meta-data/',
    'http://10.0.0.1/a.png',
    'http://172.16.0.1/a.png',
    'http://192.168.1.1/a.png',
    'http://100.64.0.1/a.png',
    'http://127.0.0.1:6379/',
    'http://user:pass@127.0.0.1/a.png',
    'file:///etc/passwd',
    'gopher://127.0.0.1:6379/_INFO',
    'ftp://127.0.0.1/a.png',
    'data:image/png;base64,iVBORw0KGgo=',
    'javascript:alert(1)',
  ];
  it(`the image proxy refuses all ${forms.length} internal or non-http forms with 400`, async () => {
    const wrong: string[] = [];
    for (const url of forms) {
      const r = await app.inject({ method: 'GET', url: `/api/products/image-proxy?url=${encodeURIComponent(url)}` });
      if (r.statusCode !== 400 || r.json().success !== false) wrong.push(`${url} -> ${r.statusCode} ${r.body.slice(0, 80)}`);
    }
    expect(wrong).toEqual([]);
  });

  it('the admin Drive-URL upload refuses the same forms (400, nothing stored)', async () => {
    const admin = await loginAdmin(app);
    const wrong: string[] = [];
    for (const url of forms) {
      const r = await app.inject({ method: 'POST', url: '/api/cloudinary/upload-drive-url', headers: admin.auth, payload: { url } });
      if (r.statusCode !== 400) wrong.push(`${url} -> ${r.statusCode} ${r.body.slice(0, 80)}`);
    }
    expect(wrong).toEqual([]);
  });

  it('an upload whose bytes are not the image its name claims is refused', async () => {
    const admin = await loginAdmin(app);
    const boundary = 'hardeningboundary';
    const disguised: [string, Buffer][] = [
      ['shell.png', Buffer.from('<?php system($_GET["c"]); ?>')],
      ['x.jpg', Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" onload="alert(1)"/>')],
      ['page.webp', Buffer.from('<!doctype html><script>alert(1)</script>')],
      ['a.png', Buffer.from([0x4d, 0x5a, 0x90, 0x00, 0x03, 0x00])], // a Windows executable header
      ['empty.png', Buffer.alloc(0)],
    ];
    for (const [name, bytes] of disguised) {
      const payload = Buffer.concat([
        Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="image"; filename="${name}"\r\nContent-Type: image/png\r\n\r\n`),
        bytes,
        Buffer.from(`\r\n--${boundary}--\r\n`),
      ]);
      const r = await app.inject({
        method: 'POST',
        url: '/api/cloudinary/single',
        headers: { ...admin.auth, 'content-type': `multipart/form-data; boundary=${boundary}` },
        payload,
      });
      expect(r.statusCode, `${name}: ${r.body}`).toBeGreaterThanOrEqual(400);
      expect(r.statusCode, name).toBeLessThan(500);
    }
  });
});
