import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, signUp, type TestContext } from '../../../tests/helpers/test-runtime.js';
import { insertCatalogueRow } from './catalogue-rows.fixture.js';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestApp();
});
afterAll(async () => ctx?.close());

type Auth = Record<string, string>;
const send = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, auth: Auth = {}, payload?: object) =>
  ctx.app.inject({ method, url, headers: auth, ...(payload ? { payload } : {}) });

describe('GET /api/user/profile', () => {
  it('answers the user of spec section 3 with addresses and wishlist', async () => {
    const shopper = await signUp(ctx.app, { full_name: 'Meera Iyer', city: 'Chennai', state: 'Tamil Nadu', pincode: '600001' });
    const response = await send('GET', '/api/user/profile', shopper.auth);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({
      success: true,
      user: {
        id: shopper.user.id,
        email: shopper.email,
        full_name: 'Meera Iyer',
        name: 'Meera Iyer',
        phone: '9876543210',
        address: '1 Marine Drive',
        city: 'Chennai',
        state: 'Tamil Nadu',
        pincode: '600001',
        role: 'customer',
        isAdmin: false,
        created_at: expect.any(String),
        emailVerified: false,
        addresses: [],
        wishlist: [],
      },
    });
  });

  it('needs a signed-in user', async () => {
    const response = await send('GET', '/api/user/profile');
    expect(response.statusCode).toBe(401);
    expect(response.json().success).toBe(false);
  });
});

describe('PUT /api/user/profile', () => {
  it('answers the whole user, addresses and wishlist included; full_name is accepted for name', async () => {
    const shopper = await signUp(ctx.app);
    const product = await insertCatalogueRow(ctx.runtime.pool);
    await send('POST', '/api/user/addresses', shopper.auth, { name: 'Home', address: '1 Park St', city: 'Kolkata', state: 'West Bengal', pincode: '700016' });
    await send('POST', '/api/user/wishlist', shopper.auth, { productId: product.id });
    const response = await send('PUT', '/api/user/profile', shopper.auth, { full_name: 'Ishaan Sen' });
    expect(response.json()).toMatchObject({
      success: true,
      message: 'Profile updated successfully!',
      user: { name: 'Ishaan Sen', addresses: [{ name: 'Home', is_default: true }], wishlist: [{ productId: product.id }] },
    });
  });

  it('changes name, email and phone; the customers read model follows', async () => {
    const shopper = await signUp(ctx.app);
    const email = `renamed${Date.now()}@example.in`;
    const response = await send('PUT', '/api/user/profile', shopper.auth, {
      name: 'Kavya Menon',
      email,
      phone: '+91 91234 56789',
      currentPassword: shopper.password,
    });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({
      success: true,
      user: { name: 'Kavya Menon', full_name: 'Kavya Menon', email, phone: '9123456789', addresses: [], wishlist: [] },
    });
    const row = await ctx.runtime.pool.query('select full_name, email, phone from customers where id = $1', [shopper.user.id]);
    expect(row.rows[0]).toEqual({ full_name: 'Kavya Menon', email, phone: '9123456789' });
    expect((await send('GET', '/api/user/profile', shopper.auth)).json().user).toMatchObject({ name: 'Kavya Menon', email });
  });

  it('refuses an e-mail another account uses with 409 "Email already in use" and changes nothing', async () => {
    const a = await signUp(ctx.app);
    const b = await signUp(ctx.app);
    const response = await send('PUT', '/api/user/profile', a.auth, { name: 'Changed', email: b.email.toUpperCase(), currentPassword: a.password });
    expect(response.statusCode).toBe(409);
    expect(response.json()).toEqual({ success: false, error: 'Email already in use' });
    expect((await send('GET', '/api/user/profile', a.auth)).json().user).toMatchObject({ email: a.email, name: 'Test Shopper' });
  });

  it.each([
    [{ name: '  ' }, 'Full name cannot be empty'],
    [{ email: 'not-an-email' }, 'Please enter a valid email address'],
    [{ phone: '12345' }, 'Please enter a valid 10-digit phone number'],
  ])('refuses %j with "%s"', async (payload, message) => {
    const shopper = await signUp(ctx.app);
    const response = await send('PUT', '/api/user/profile', shopper.auth, payload);
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ success: false, error: message });
  });

  it('a phone typed with spaces at signup is kept as its 10 digits, and the same typing saves the profile (signup refuses free text)', async () => {
    const shopper = await signUp(ctx.app, { phone: '022 2345 678' });
    const response = await send('PUT', '/api/user/profile', shopper.auth, { name: 'Kept Phone', email: shopper.email, phone: '022 2345 678' });
    expect(response.statusCode).toBe(200);
    expect(response.json().user).toMatchObject({ name: 'Kept Phone', phone: '0222345678' });
  });

  it('needs a signed-in user', async () => {
    expect((await send('PUT', '/api/user/profile', {}, { name: 'X' })).statusCode).toBe(401);
  });
});

describe('wishlist', () => {
  it('POST adds a product once (adding twice keeps one); the profile lists { productId, name, image, category, price, inStock, stockQuantity }', async () => {
    const shopper = await signUp(ctx.app);
    const product = await insertCatalogueRow(ctx.runtime.pool, { name: 'Gojo Satoru Figure', price: 2499.5, image: '/media/gojo.webp' });
    const first = await send('POST', '/api/user/wishlist', shopper.auth, { productId: product.id });
    expect(first.statusCode).toBe(200);
    const again = await send('POST', '/api/user/wishlist', shopper.auth, { productId: product.id });
    expect(again.statusCode).toBe(200);
    const entry = {
      productId: product.id,
      name: 'Gojo Satoru Figure',
      image: '/media/gojo.webp',
      category: 'Anime Figures',
      price: 2499.5,
      inStock: true,
      stockQuantity: 10,
    };
    expect(again.json()).toMatchObject({ success: true, wishlist: [entry] });
    expect((await send('GET', '/api/user/profile', shopper.auth)).json().user.wishlist).toEqual([entry]);
    const events = await ctx.runtime.store.readStream(`wishlist-${shopper.user.id}`);
    expect(events.map((e) => e.type)).toEqual(['WishlistItemAdded']);
  });

  it('entries carry the stock Add to Cart needs: an out-of-stock product says so, others how many are left', async () => {
    const shopper = await signUp(ctx.app);
    const soldOut = await insertCatalogueRow(ctx.runtime.pool, { name: 'Sold Out Figure', stockQuantity: 0 });
    const lastTwo = await insertCatalogueRow(ctx.runtime.pool, { name: 'Last Two Keychain', category: 'Keychains', stockQuantity: 2 });
    await send('POST', '/api/user/wishlist', shopper.auth, { productId: soldOut.id });
    await send('POST', '/api/user/wishlist', shopper.auth, { productId: lastTwo.id });
    const wishlist = (await send('GET', '/api/user/profile', shopper.auth)).json().user.wishlist;
    expect(wishlist.map((w: { name: string; inStock: boolean; stockQuantity: number }) => [w.name, w.inStock, w.stockQuantity])).toEqual([
      ['Sold Out Figure', false, 0],
      ['Last Two Keychain', true, 2],
    ]);
  });

  it('an unknown product is 404 "Product not found"; a missing productId is 400', async () => {
    const shopper = await signUp(ctx.app);
    const unknown = await send('POST', '/api/user/wishlist', shopper.auth, { productId: 'no-such-product' });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toEqual({ success: false, error: 'Product not found' });
    const missing = await send('POST', '/api/user/wishlist', shopper.auth, {});
    expect(missing.statusCode).toBe(400);
    expect(missing.json()).toMatchObject({ success: false, error: 'Product is required' });
  });

  it('DELETE removes it (and removing it again is still a success); each user has their own list', async () => {
    const a = await signUp(ctx.app);
    const b = await signUp(ctx.app);
    const product = await insertCatalogueRow(ctx.runtime.pool);
    await send('POST', '/api/user/wishlist', a.auth, { productId: product.id });
    await send('POST', '/api/user/wishlist', b.auth, { productId: product.id });
    const removed = await send('DELETE', `/api/user/wishlist/${encodeURIComponent(product.id)}`, a.auth);
    expect(removed.statusCode).toBe(200);
    expect(removed.json()).toMatchObject({ success: true, wishlist: [] });
    expect((await send('DELETE', `/api/user/wishlist/${encodeURIComponent(product.id)}`, a.auth)).statusCode).toBe(200);
    expect((await send('GET', '/api/user/wishlist', b.auth)).json().wishlist).toEqual([expect.objectContaining({ productId: product.id })]);
  });

  it('POST /merge joins a guest list into the server list, skipping duplicates and unknown products', async () => {
    const shopper = await signUp(ctx.app);
    const [p1, p2, p3] = [await insertCatalogueRow(ctx.runtime.pool), await insertCatalogueRow(ctx.runtime.pool), await insertCatalogueRow(ctx.runtime.pool)];
    await send('POST', '/api/user/wishlist', shopper.auth, { productId: p1.id });
    const merged = await send('POST', '/api/user/wishlist/merge', shopper.auth, { productIds: [p2.id, p1.id, 'gone-product', p3.id, p2.id] });
    expect(merged.statusCode).toBe(200);
    expect(merged.json()).toMatchObject({ success: true, ignored: ['gone-product'] });
    expect(merged.json().wishlist.map((e: { productId: string }) => e.productId)).toEqual([p1.id, p2.id, p3.id]);
    const again = await send('POST', '/api/user/wishlist/merge', shopper.auth, { productIds: [p3.id] });
    expect(again.json().wishlist).toHaveLength(3);
  });

  it.each([
    [{ productIds: 'x' }, 'productIds must be a list'],
    [{}, 'productIds must be a list'],
    [{ productIds: Array.from({ length: 201 }, (_, i) => `p${i}`) }, 'Too many products to merge'],
    [{ productIds: [''] }, 'Product is required'],
  ])('POST /merge refuses %j with "%s"', async (payload, message) => {
    const shopper = await signUp(ctx.app);
    const response = await send('POST', '/api/user/wishlist/merge', shopper.auth, payload);
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ success: false, error: message });
  });

  it('needs a signed-in user', async () => {
    expect((await send('POST', '/api/user/wishlist', {}, { productId: 'x' })).statusCode).toBe(401);
    expect((await send('DELETE', '/api/user/wishlist/x')).statusCode).toBe(401);
    expect((await send('POST', '/api/user/wishlist/merge', {}, { productIds: [] })).statusCode).toBe(401);
  });
});

describe('GET /api/pincode/{pincode}', () => {
  it('answers city and state for a real pincode, without signing in', async () => {
    const response = await send('GET', '/api/pincode/560001');
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ success: true, pincode: '560001', city: 'Bangalore', state: 'Karnataka' });
  });

  it.each(['12345', '1234567', 'abcdef', '56000a', '.*', '%28a%2B%29%2B%24', 'x'.repeat(60)])('answers 400 "Invalid Pincode" for %s', async (pincode) => {
    const response = await send('GET', `/api/pincode/${pincode}`);
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ success: false, error: 'Invalid Pincode' });
  });

  it('answers 404 "Invalid Pincode" for an unknown 6-digit pincode', async () => {
    const response = await send('GET', '/api/pincode/999999');
    expect(response.statusCode).toBe(404);
    expect(response.json()).toEqual({ success: false, error: 'Invalid Pincode' });
  });
});
