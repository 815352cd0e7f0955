import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, loginAdmin, signUp, type TestContext } from '../../../tests/helpers/test-runtime.js';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestApp();
});
afterAll(async () => ctx?.close());

const valid = {
  email: 'asha@example.in',
  password: 'secret123',
  full_name: 'Asha Rao',
  phone: '9876543210',
  pincode: '560001',
  address: '12 MG Road',
  city: 'Bengaluru',
  state: 'Karnataka',
};

const post = (url: string, payload: unknown, headers: Record<string, string> = {}) =>
  ctx.app.inject({ method: 'POST', url, payload: payload as object, headers });

describe('POST /api/auth/signup', () => {
  it('creates an account, returns a token and the user, and the customers read model gets the row', async () => {
    const response = await post('/api/auth/signup', valid);
    expect(response.statusCode).toBe(201);
    const body = response.json();
    expect(body.success).toBe(true);
    expect(body.token).toMatch(/^ey/);
    expect(body.user).toMatchObject({ email: 'asha@example.in', full_name: 'Asha Rao', city: 'Bengaluru', role: 'customer', isAdmin: false });
    expect(body.user).not.toHaveProperty('passwordHash');
    const row = await ctx.runtime.pool.query('select full_name, city from customers where id = $1', [body.user.id]);
    expect(row.rows[0]).toEqual({ full_name: 'Asha Rao', city: 'Bengaluru' });
  });

  it('refuses a duplicate e-mail (any case) with 409 and writes nothing', async () => {
    const before = await ctx.runtime.pool.query('select count(*)::int as n from events');
    const response = await post('/api/auth/signup', { ...valid, email: 'ASHA@example.in' });
    expect(response.statusCode).toBe(409);
    expect(response.json()).toEqual({ success: false, error: 'An account with this email already exists' });
    const after = await ctx.runtime.pool.query('select count(*)::int as n from events');
    expect(after.rows[0].n).toBe(before.rows[0].n);
  });

  it('gives exactly one account when the same e-mail signs up 10 times at once', async () => {
    const results = await Promise.all(Array.from({ length: 10 }, () => post('/api/auth/signup', { ...valid, email: 'race@example.in' })));
    expect(results.filter((r) => r.statusCode === 201)).toHaveLength(1);
    expect(results.filter((r) => r.statusCode === 409)).toHaveLength(9);
  });

  it.each([
    [{ full_name: '' }, 'Please fill in all required fields'],
    [{ email: undefined }, 'Please fill in all required fields'],
    [{ password: undefined }, 'Please fill in all required fields'],
    [{ password: '12345' }, 'Password must be at least 6 characters long'],
    [{ pincode: '' }, 'Please provide your location details'],
    [{ city: '  ' }, 'Please provide your location details'],
    [{ state: undefined }, 'Please provide your location details'],
    [{ pincode: '1234567' }, 'Invalid Pincode'],
    [{ email: 'not-an-email' }, 'Please enter a valid email address'],
  ])('refuses %j with "%s"', async (override, message) => {
    const response = await post('/api/auth/signup', { ...valid, email: `v${Math.random()}@example.in`, ...override });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ success: false, error: message });
  });

  it('accepts a signup without phone and address, stored as empty text', async () => {
    const { phone: _p, address: _a, ...rest } = valid;
    const response = await post('/api/auth/signup', { ...rest, email: 'minimal@example.in' });
    expect(response.statusCode).toBe(201);
    expect(response.json().user).toMatchObject({ phone: '', address: '' });
  });

  it('keeps a phone typed with +91 and spaces as its 10 digits; free text is refused with the 10-digit message', async () => {
    const typed = await post('/api/auth/signup', { ...valid, email: 'typed-phone@example.in', phone: '+91 98765 43210' });
    expect(typed.statusCode).toBe(201);
    expect(typed.json().user.phone).toBe('9876543210');
    const events = async () => Number((await ctx.runtime.pool.query('select count(*) from events')).rows[0].count);
    const before = await events();
    for (const phone of ['call me on whatsapp', '12345', '9'.repeat(11), 'x'.repeat(500), '98765\u000043210']) {
      const response = await post('/api/auth/signup', { ...valid, email: `p${before}${phone.length}@example.in`, phone });
      expect(response.statusCode, phone).toBe(400);
      expect(response.json().error).toBe('Please enter a valid 10-digit phone number');
    }
    expect(await events()).toBe(before);
  });

  it.each([
    ['full_name', 'Asha\u202Egnp.exe', 'Name contains control or invisible characters'],
    ['full_name', 'Ad\u200Bmin', 'Name contains control or invisible characters'],
    ['full_name', 'Asha\u0000Rao', 'Name contains control or invisible characters'],
    ['address', '12 MG Road\u001B[2J', 'Address contains control or invisible characters'],
    ['city', 'Bengaluru\u007F', 'City contains control or invisible characters'],
  ])('refuses %s %j (spoofing in the admin) and records nothing', async (field, value, message) => {
    const before = Number((await ctx.runtime.pool.query('select count(*) from events')).rows[0].count);
    const response = await post('/api/auth/signup', { ...valid, email: `spoof-${before}@example.in`, [field]: value });
    expect(response.statusCode).toBe(400);
    expect(response.json().error).toBe(message);
    expect(Number((await ctx.runtime.pool.query('select count(*) from events')).rows[0].count)).toBe(before);
  });
});

describe('POST /api/auth/login', () => {
  it('signs in with the right password and refuses a wrong one', async () => {
    const shopper = await signUp(ctx.app);
    const ok = await post('/api/auth/login', { email: shopper.email.toUpperCase(), password: shopper.password });
    expect(ok.statusCode).toBe(200);
    expect(ok.json()).toMatchObject({ success: true, user: { id: shopper.user.id } });
    const bad = await post('/api/auth/login', { email: shopper.email, password: 'wrong-password' });
    expect(bad.statusCode).toBe(401);
    expect(bad.json()).toEqual({ success: false, error: 'Invalid email or password' });
    const unknown = await post('/api/auth/login', { email: 'nobody@example.in', password: 'whatever' });
    expect(unknown.statusCode).toBe(401);
  });

  it('needs both fields: "Please fill in all fields"', async () => {
    for (const payload of [{ email: 'a@b.in' }, { password: 'x' }, { email: '', password: '' }]) {
      const response = await post('/api/auth/login', payload);
      expect(response.statusCode).toBe(400);
      expect(response.json()).toMatchObject({ success: false, error: 'Please fill in all fields' });
    }
  });

  it('signs in the bootstrap admin with role admin', async () => {
    const admin = await loginAdmin(ctx.app);
    const profile = await ctx.app.inject({ method: 'GET', url: '/api/auth/profile', headers: admin.auth });
    expect(profile.json().user).toMatchObject({ role: 'admin', isAdmin: true });
  });
});

describe('profile and password', () => {
  it('GET /api/auth/profile needs a valid token', async () => {
    expect((await ctx.app.inject({ method: 'GET', url: '/api/auth/profile' })).statusCode).toBe(401);
    const forged = await ctx.app.inject({
      method: 'GET',
      url: '/api/auth/profile',
      headers: { authorization: 'Bearer eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiJ4In0.bad' },
    });
    expect(forged.statusCode).toBe(401);
    expect(forged.json().success).toBe(false);
  });

  it("a stale token makes public reads a guest's and protected routes answer 401 with the reason", async () => {
    const stale = { authorization: 'Bearer eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiJ4In0.bad' };
    const products = await ctx.app.inject({ method: 'GET', url: '/api/products', headers: stale });
    expect(products.statusCode).toBe(200);
    expect(products.json().success).toBe(true);
    const profile = await ctx.app.inject({ method: 'GET', url: '/api/auth/profile', headers: stale });
    expect(profile.statusCode).toBe(401);
    expect(profile.json()).toEqual({ success: false, error: 'Invalid or expired token' });
    const admin = await ctx.app.inject({ method: 'GET', url: '/api/admin/stats', headers: stale });
    expect(admin.statusCode).toBe(401);
  });

  it('PUT /api/auth/profile updates fields and the read model; a taken e-mail is 409 "Email already in use"', async () => {
    const a = await signUp(ctx.app);
    const b = await signUp(ctx.app);
    const updated = await ctx.app.inject({ method: 'PUT', url: '/api/auth/profile', headers: a.auth, payload: { full_name: 'New Name', city: 'Pune' } });
    expect(updated.statusCode).toBe(200);
    expect(updated.json().user).toMatchObject({ full_name: 'New Name', city: 'Pune' });
    const row = await ctx.runtime.pool.query('select full_name, city from customers where id = $1', [a.user.id]);
    expect(row.rows[0]).toEqual({ full_name: 'New Name', city: 'Pune' });
    const taken = await ctx.app.inject({ method: 'PUT', url: '/api/auth/profile', headers: a.auth, payload: { email: b.email, currentPassword: a.password } });
    expect(taken.statusCode).toBe(409);
    expect(taken.json()).toEqual({ success: false, error: 'Email already in use' });
  });

  it('changing e-mail frees the old one and moves the login', async () => {
    const a = await signUp(ctx.app);
    const newEmail = `moved${Date.now()}@example.in`;
    const moved = await ctx.app.inject({ method: 'PUT', url: '/api/auth/profile', headers: a.auth, payload: { email: newEmail, currentPassword: a.password } });
    expect(moved.statusCode).toBe(200);
    expect((await post('/api/auth/login', { email: newEmail, password: a.password })).statusCode).toBe(200);
    expect((await post('/api/auth/login', { email: a.email, password: a.password })).statusCode).toBe(401);
    expect((await post('/api/auth/signup', { ...valid, email: a.email })).statusCode).toBe(201);
  });

  it('PUT /api/auth/change-password checks the current password and the new length', async () => {
    const a = await signUp(ctx.app);
    const put = (payload: object) => ctx.app.inject({ method: 'PUT', url: '/api/auth/change-password', headers: a.auth, payload });
    const wrong = await put({ currentPassword: 'nope-nope', newPassword: 'another1' });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().error).toBe('Current password is incorrect');
    const short = await put({ currentPassword: a.password, newPassword: '123' });
    expect(short.json().error).toBe('Password must be at least 6 characters long');
    const ok = await put({ currentPassword: a.password, newPassword: 'another1' });
    expect(ok.statusCode).toBe(200);
    expect((await post('/api/auth/login', { email: a.email, password: 'another1' })).statusCode).toBe(200);
    expect((await post('/api/auth/login', { email: a.email, password: a.password })).statusCode).toBe(401);
  });
});

describe('bad input never yields a 500', () => {
  it('malformed JSON, wrong types, wrong content type and oversized bodies are 4xx with { success: false, error }', async () => {
    const cases = [
      await ctx.app.inject({ method: 'POST', url: '/api/auth/login', payload: '{"email":', headers: { 'content-type': 'application/json' } }),
      await post('/api/auth/login', { email: 42, password: ['x'] }),
      await post('/api/auth/signup', { ...valid, pincode: { $gt: '' } }),
      await ctx.app.inject({ method: 'POST', url: '/api/auth/login', payload: 'email=a', headers: { 'content-type': 'text/plain' } }),
      await ctx.app.inject({
        method: 'POST',
        url: '/api/auth/signup',
        payload: JSON.stringify({ ...valid, address: 'x'.repeat(2_000_000) }),
        headers: { 'content-type': 'application/json' },
      }),
      await ctx.app.inject({ method: 'GET', url: '/api/auth/profile', headers: { authorization: 'Basic abc' } }),
      await ctx.app.inject({ method: 'GET', url: '/api/no-such-route' }),
    ];
    for (const response of cases) {
      expect(response.statusCode).toBeGreaterThanOrEqual(400);
      expect(response.statusCode).toBeLessThan(500);
      const body = response.json();
      expect(body.success).toBe(false);
      expect(typeof body.error).toBe('string');
      expect(response.body).not.toMatch(/at .*\.ts:\d+/);
    }
    expect(cases[4]!.statusCode).toBe(413);
  });
});

describe('rate limiting', () => {
  it('answers 429 with Retry-After after too many login attempts', async () => {
    const limited = await createTestApp({ limits: { authPerMinute: 3 } });
    try {
      const attempts = [];
      for (let i = 0; i < 5; i++)
        attempts.push(await limited.app.inject({ method: 'POST', url: '/api/auth/login', payload: { email: 'x@example.in', password: 'wrong-one' } }));
      expect(attempts.slice(0, 3).every((r) => r.statusCode === 401)).toBe(true);
      const last = attempts[4]!;
      expect(last.statusCode).toBe(429);
      expect(Number(last.headers['retry-after'])).toBeGreaterThan(0);
      expect(last.json()).toEqual({ success: false, error: 'Too many requests' });
    } finally {
      await limited.close();
    }
  });
});
