import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, signUp, type TestContext } from '../../../tests/helpers/test-runtime.js';
import { ADDRESS_MESSAGES } from './address-book-decide.js';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestApp();
});
afterAll(async () => ctx?.close());

const home = {
  name: 'Asha Rao',
  address: '12 MG Road',
  address_line2: 'Flat 4B',
  landmark: 'Near Metro',
  city: 'Bengaluru',
  state: 'Karnataka',
  pincode: '560001',
  phone: '9876543210',
};
type Auth = Record<string, string>;
const send = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, auth: Auth, payload?: object) =>
  ctx.app.inject({ method, url, headers: auth, ...(payload ? { payload } : {}) });
const addAddress = async (auth: Auth, payload: object = home) => {
  const response = await send('POST', '/api/user/addresses', auth, payload);
  expect(response.statusCode).toBe(201);
  return response.json().address as { id: string; is_default: boolean };
};
const defaults = async (auth: Auth) =>
  ((await send('GET', '/api/user/profile', auth)).json().user.addresses as { id: string; is_default: boolean }[]).filter((a) => a.is_default).map((a) => a.id);

describe('POST /api/user/addresses', () => {
  it('saves the address with the server field names; the first one is the default; it shows in the profile', async () => {
    const shopper = await signUp(ctx.app);
    const response = await send('POST', '/api/user/addresses', shopper.auth, home);
    expect(response.statusCode).toBe(201);
    const body = response.json();
    expect(body.success).toBe(true);
    expect(body.address).toEqual({
      id: expect.any(String),
      ...home,
      is_default: true,
      address_type: 'Home',
      created_at: expect.any(String),
      updated_at: expect.any(String),
    });
    const profile = (await send('GET', '/api/user/profile', shopper.auth)).json();
    expect(profile.user.addresses).toEqual([body.address]);
  });

  it("accepts the form's camelCase names (addressLine1, addressLine2, isDefault, addressType) and moves the default", async () => {
    const shopper = await signUp(ctx.app);
    const first = await addAddress(shopper.auth);
    const response = await send('POST', '/api/user/addresses', shopper.auth, {
      name: 'Office',
      addressLine1: '5 Residency Rd',
      addressLine2: 'Floor 3',
      city: 'Bengaluru',
      state: 'Karnataka',
      pincode: '560025',
      isDefault: true,
      addressType: 'Work',
    });
    expect(response.statusCode).toBe(201);
    expect(response.json().address).toMatchObject({ address: '5 Residency Rd', address_line2: 'Floor 3', address_type: 'Work', is_default: true, phone: '' });
    expect(await defaults(shopper.auth)).toEqual([response.json().address.id]);
    expect(response.json().addresses.find((a: { id: string }) => a.id === first.id).is_default).toBe(false);
  });

  it.each([
    [{ name: '' }, ADDRESS_MESSAGES.name],
    [{ name: undefined }, ADDRESS_MESSAGES.name],
    [{ address: '  ' }, 'Incomplete shipping address'],
    [{ city: '' }, 'Incomplete shipping address'],
    [{ state: undefined }, 'Incomplete shipping address'],
    [{ pincode: '' }, 'Incomplete shipping address'],
    [{ pincode: '12345' }, 'Invalid Pincode'],
    [{ pincode: '12345a' }, 'Invalid Pincode'],
    [{ phone: '12345' }, ADDRESS_MESSAGES.phone],
    [{ address_type: 'Office' }, ADDRESS_MESSAGES.addressType],
    [{ is_default: 'yes' }, 'is_default must be true or false'],
    [{ city: 42 }, 'Address fields must be text'],
  ])('refuses %j with "%s" and saves nothing', async (override, message) => {
    const shopper = await signUp(ctx.app);
    const response = await send('POST', '/api/user/addresses', shopper.auth, { ...home, ...override });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ success: false, error: message });
    expect((await send('GET', '/api/user/addresses', shopper.auth)).json().addresses).toEqual([]);
  });

  it('needs a signed-in user', async () => {
    expect((await ctx.app.inject({ method: 'POST', url: '/api/user/addresses', payload: home })).statusCode).toBe(401);
    expect((await ctx.app.inject({ method: 'GET', url: '/api/user/addresses' })).statusCode).toBe(401);
  });
});

describe('PUT /api/user/addresses/{id}', () => {
  it('updates the given fields, keeps the others, and can make it the default (clearing the old one)', async () => {
    const shopper = await signUp(ctx.app);
    const first = await addAddress(shopper.auth);
    const second = await addAddress(shopper.auth, { ...home, name: 'Parents' });
    const response = await send('PUT', `/api/user/addresses/${second.id}`, shopper.auth, { city: 'Mysuru', pincode: '570001', is_default: true });
    expect(response.statusCode).toBe(200);
    expect(response.json().address).toMatchObject({
      id: second.id,
      name: 'Parents',
      address: home.address,
      city: 'Mysuru',
      pincode: '570001',
      is_default: true,
    });
    expect(await defaults(shopper.auth)).toEqual([second.id]);
    const untick = await send('PUT', `/api/user/addresses/${second.id}`, shopper.auth, { is_default: false });
    expect(untick.json().address.is_default).toBe(true);
    expect(await defaults(shopper.auth)).toEqual([second.id]);
    expect(first.is_default).toBe(true);
  });

  it('applies the same rules to the merged address', async () => {
    const shopper = await signUp(ctx.app);
    const saved = await addAddress(shopper.auth);
    for (const [override, message] of [
      [{ city: '' }, 'Incomplete shipping address'],
      [{ pincode: '99' }, 'Invalid Pincode'],
      [{ phone: 'abc' }, ADDRESS_MESSAGES.phone],
    ] as const) {
      const response = await send('PUT', `/api/user/addresses/${saved.id}`, shopper.auth, override);
      expect(response.statusCode).toBe(400);
      expect(response.json()).toMatchObject({ success: false, error: message });
    }
    expect((await send('GET', '/api/user/addresses', shopper.auth)).json().addresses[0]).toMatchObject({
      city: home.city,
      pincode: home.pincode,
      phone: home.phone,
    });
  });

  it('answers 404 for an unknown id', async () => {
    const shopper = await signUp(ctx.app);
    const response = await send('PUT', '/api/user/addresses/not-an-address', shopper.auth, { city: 'Pune' });
    expect(response.statusCode).toBe(404);
    expect(response.json()).toEqual({ success: false, error: 'Address not found' });
  });
});

describe('DELETE /api/user/addresses/{id}', () => {
  it('deleting the default promotes another; deleting the last leaves none', async () => {
    const shopper = await signUp(ctx.app);
    const first = await addAddress(shopper.auth);
    const second = await addAddress(shopper.auth, { ...home, name: 'Second' });
    const removed = await send('DELETE', `/api/user/addresses/${first.id}`, shopper.auth);
    expect(removed.statusCode).toBe(200);
    expect(removed.json().addresses).toEqual([expect.objectContaining({ id: second.id, is_default: true })]);
    expect((await send('DELETE', `/api/user/addresses/${second.id}`, shopper.auth)).json().addresses).toEqual([]);
    expect((await send('DELETE', `/api/user/addresses/${second.id}`, shopper.auth)).statusCode).toBe(404);
  });
});

describe('ownership', () => {
  it("another user's address is 404 to update or delete, and stays untouched", async () => {
    const owner = await signUp(ctx.app);
    const other = await signUp(ctx.app);
    const saved = await addAddress(owner.auth);
    const put = await send('PUT', `/api/user/addresses/${saved.id}`, other.auth, { city: 'Hacked' });
    expect(put.statusCode).toBe(404);
    expect(put.json()).toEqual({ success: false, error: 'Address not found' });
    expect((await send('DELETE', `/api/user/addresses/${saved.id}`, other.auth)).statusCode).toBe(404);
    expect((await send('GET', '/api/user/addresses', owner.auth)).json().addresses).toEqual([expect.objectContaining({ id: saved.id, city: home.city })]);
    expect((await send('GET', '/api/user/profile', other.auth)).json().user.addresses).toEqual([]);
  });
});

describe('limits', () => {
  it('keeps at most 20 addresses per shopper', async () => {
    const shopper = await signUp(ctx.app);
    for (let i = 0; i < 20; i++) await addAddress(shopper.auth, { ...home, name: `A${i}` });
    const response = await send('POST', '/api/user/addresses', shopper.auth, home);
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ success: false, error: ADDRESS_MESSAGES.tooMany });
  });

  it('refuses over-long fields', async () => {
    const shopper = await signUp(ctx.app);
    const response = await send('POST', '/api/user/addresses', shopper.auth, { ...home, landmark: 'x'.repeat(301) });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ success: false, error: 'Value is too long' });
  });
});

describe('concurrency', () => {
  it('ten addresses added at once keep exactly one default', async () => {
    const shopper = await signUp(ctx.app);
    const results = await Promise.all(
      Array.from({ length: 10 }, (_, i) => send('POST', '/api/user/addresses', shopper.auth, { ...home, name: `A${i}`, is_default: i % 3 === 0 })),
    );
    expect(results.every((r) => r.statusCode === 201)).toBe(true);
    expect((await send('GET', '/api/user/addresses', shopper.auth)).json().addresses).toHaveLength(10);
    expect(await defaults(shopper.auth)).toHaveLength(1);
  });
});
