import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, loginAdmin, signUp, type TestContext } from '../../../tests/helpers/test-runtime.js';
import { createTestProduct } from '../../../tests/helpers/test-products.js';

const address = { shipping_address: '9 Brigade Road', shipping_city: 'Bengaluru', shipping_state: 'Karnataka', shipping_pincode: '560001', shipping_phone: '' };
let seq = 0;
const uniqueCode = (prefix: string) => `${prefix}${Date.now().toString(36).toUpperCase()}${seq++}`;

describe('coupons through the routes', () => {
  let t: TestContext;
  let other: TestContext;
  let admin: { auth: Record<string, string> };
  beforeAll(async () => {
    const env = { JWT_SECRET: 'shared-secret-of-both-instances-0123456789' };
    t = await createTestApp({ env });
    // A second instance on the same database: only the event store keeps the two apart.
    other = await createTestApp({ env, databaseUrl: t.databaseUrl });
    admin = await loginAdmin(t.app);
  });
  afterAll(async () => {
    await other?.close();
    await t?.close();
  });

  const createCoupon = (payload: Record<string, unknown>, auth = admin.auth) =>
    t.app.inject({ method: 'POST', url: '/api/admin/coupons', headers: auth, payload });
  const order = (ctx: TestContext, auth: Record<string, string>, productId: string, extra: Record<string, unknown> = {}) =>
    ctx.app.inject({
      method: 'POST',
      url: '/api/orders',
      headers: auth,
      payload: { ...address, payment_method: 'razorpay', items: [{ id: productId, quantity: 1 }], ...extra },
    });

  it('the admin creates, lists, edits, pauses and resumes coupons; codes are case-insensitive', async () => {
    const code = uniqueCode('FIRST');
    const made = await createCoupon({ code: ` ${code.toLowerCase()} `, kind: 'percent', value: 10, minOrder: 500, maxUses: 100 });
    expect(made.statusCode).toBe(201);
    expect(made.json().coupon).toMatchObject({ code, kind: 'percent', value: 10, minOrder: 500, maxUses: 100, uses: 0, paused: false, status: 'active' });
    expect((await createCoupon({ code, kind: 'amount', value: 100 })).json()).toEqual({ success: false, error: 'A coupon with this code already exists' });

    const list = await t.app.inject({ url: '/api/admin/coupons?limit=1', headers: admin.auth });
    expect(list.json()).toMatchObject({ success: true, page: 1, limit: 1 });
    expect(list.json().coupons).toHaveLength(1);
    expect(list.json().total).toBeGreaterThanOrEqual(1);

    const edit = await t.app.inject({
      method: 'PUT',
      url: `/api/admin/coupons/${code.toLowerCase()}`,
      headers: admin.auth,
      payload: { value: 15, minOrder: null },
    });
    expect(edit.statusCode).toBe(200);
    expect(edit.json().coupon).toMatchObject({ value: 15, minOrder: null, maxUses: 100 });

    const paused = await t.app.inject({ method: 'POST', url: `/api/admin/coupons/${code}/pause`, headers: admin.auth });
    expect(paused.json().coupon).toMatchObject({ paused: true, status: 'paused' });
    const shopper = await signUp(t.app);
    const product = await createTestProduct(t.runtime, { price: 1200 });
    expect((await order(t, shopper.auth, product.id, { coupon_code: code })).json()).toEqual({ success: false, error: 'Invalid coupon code' });
    const resumed = await t.app.inject({ method: 'POST', url: `/api/admin/coupons/${code}/resume`, headers: admin.auth });
    expect(resumed.json().coupon).toMatchObject({ paused: false, status: 'active' });
    expect((await order(t, shopper.auth, product.id, { coupon_code: code })).statusCode).toBe(201);
  });

  it('refuses bad codes and bad terms with clear messages, and shoppers entirely', async () => {
    const refused = async (payload: Record<string, unknown>) => (await createCoupon(payload)).json().error as string;
    expect(await refused({ code: 'FIRSТ10', kind: 'percent', value: 10 })).toMatch(/only looks like a letter or digit/);
    expect(await refused({ code: 'FIRST\u200b10', kind: 'percent', value: 10 })).toBe('Coupon code contains control or invisible characters');
    expect(await refused({ code: 'FIRST 10', kind: 'percent', value: 10 })).toBe('Coupon code must not contain spaces');
    expect(await refused({ code: uniqueCode('P'), kind: 'percent', value: 120 })).toBe('A percentage discount cannot exceed 100%');
    expect(await refused({ code: uniqueCode('P'), kind: 'amount', value: -5 })).toBe('value must be a positive number');
    expect(await refused({ code: uniqueCode('P'), kind: 'amount', value: 5, endsAt: '2026-02-30' })).toMatch(/^endsAt must be a date/);
    expect(await refused({ code: uniqueCode('P'), kind: 'amount', value: 5, startsAt: '2026-12-02', endsAt: '2026-12-01' })).toBe(
      'The coupon must end after it starts',
    );
    const shopper = await signUp(t.app);
    expect((await createCoupon({ code: uniqueCode('P'), kind: 'amount', value: 5 }, shopper.auth)).statusCode).toBe(403);
    expect((await t.app.inject({ url: '/api/admin/coupons' })).statusCode).toBe(401);
  });

  it('an order with a coupon is priced by the server: the discount spread over its lines, shipping and COD judged after it', async () => {
    const code = uniqueCode('SAVE');
    await createCoupon({ code, kind: 'percent', value: 20 });
    const a = await createTestProduct(t.runtime, { price: 700 });
    const b = await createTestProduct(t.runtime, { price: 400 });
    const shopper = await signUp(t.app);
    const items = [
      { id: a.id, quantity: 1, price: 1 },
      { id: b.id, quantity: 1, price: 1 },
    ];
    // ₹1,100 less 20% is ₹880: below ₹1,000, so shipping is charged and cash on delivery is not open.
    const cod = await t.app.inject({
      method: 'POST',
      url: '/api/orders',
      headers: shopper.auth,
      payload: { ...address, payment_method: 'cod', items, coupon_code: code.toLowerCase() },
    });
    expect(cod.json()).toEqual({ success: false, error: 'Cash on Delivery is only available for orders above ₹1000.' });

    const quote = await t.app.inject({ method: 'POST', url: '/api/coupons/apply', headers: shopper.auth, payload: { code: ` ${code.toLowerCase()}`, items } });
    expect(quote.json()).toMatchObject({ success: true, coupon: { code }, subtotal: 1100, discount: 220, shipping: 100, total: 980, codAvailable: false });

    const placed = await t.app.inject({
      method: 'POST',
      url: '/api/orders',
      headers: shopper.auth,
      payload: { ...address, payment_method: 'razorpay', items, coupon_code: code, total_amount: 1 },
    });
    expect(placed.statusCode).toBe(201);
    const o = placed.json().order;
    expect(o).toMatchObject({ subtotal: 1100, discount: 220, couponCode: code, shipping: 100, totalAmount: 980 });
    expect(o.items.map((i: { discount: number }) => i.discount).sort()).toEqual([140, 80].sort());

    const coupon = await t.app.inject({ url: `/api/admin/coupons/${code}/uses`, headers: admin.auth });
    expect(coupon.json()).toMatchObject({ coupon: { uses: 1, discountTotal: 220 }, total: 1 });
    expect(coupon.json().uses[0]).toMatchObject({ orderId: o.id, customerId: shopper.user.id, discount: 220 });
  });

  it("the shopper's messages: unknown code, expired, below the minimum, used already", async () => {
    const shopper = await signUp(t.app);
    const product = await createTestProduct(t.runtime, { price: 1500 });
    const error = async (code: string) => (await order(t, shopper.auth, product.id, { coupon_code: code })).json().error;
    expect(await error('NOSUCHCODE')).toBe('Invalid coupon code');
    expect(await error('FIRSТ10')).toBe('Invalid coupon code');
    const expired = uniqueCode('OLD');
    await createCoupon({ code: expired, kind: 'amount', value: 100, endsAt: '2026-01-01T00:00:00' });
    expect(await error(expired)).toBe('This coupon has expired');
    const big = uniqueCode('BIG');
    await createCoupon({ code: big, kind: 'amount', value: 100, minOrder: 2000 });
    expect(await error(big)).toBe('Add items worth ₹500 more to use this coupon');
    const once = uniqueCode('ONCE');
    await createCoupon({ code: once, kind: 'amount', value: 100, maxUsesPerCustomer: 1 });
    expect((await order(t, shopper.auth, product.id, { coupon_code: once })).statusCode).toBe(201);
    expect(await error(once)).toBe('You have already used this coupon');
    // Nothing half-written: the refused orders reserved no stock and used no coupon.
    const uses = await t.app.inject({ url: `/api/admin/coupons/${once}`, headers: admin.auth });
    expect(uses.json().coupon.uses).toBe(1);
  });

  it('a 5-use coupon raced by 60 checkouts on two instances is used exactly 5 times', async () => {
    const code = uniqueCode('DROP');
    await createCoupon({ code, kind: 'amount', value: 50, maxUses: 5 });
    const product = await createTestProduct(t.runtime, { price: 1200, stock: 500 });
    const shoppers = await Promise.all(Array.from({ length: 20 }, () => signUp(t.app)));
    const responses = await Promise.all(
      Array.from({ length: 60 }, (_, i) => order(i % 2 === 0 ? t : other, shoppers[i % shoppers.length]!.auth, product.id, { coupon_code: code })),
    );
    const codes = responses.map((r) => r.statusCode);
    expect(codes.filter((c) => c === 201)).toHaveLength(5);
    expect(codes.filter((c) => c !== 201)).toEqual(Array(55).fill(409));
    for (const r of responses.filter((x) => x.statusCode === 409)) expect(r.json().error).toBe('This coupon has reached its usage limit');
    const { rows } = await t.runtime.pool.query<{ n: number }>(`select count(*)::int as n from events where type = 'CouponRedeemed' and data->>'code' = $1`, [
      code,
    ]);
    expect(rows[0]!.n).toBe(5);
    const placed = await t.runtime.pool.query<{ n: number }>(`select count(*)::int as n from events where type = 'OrderPlaced' and data->>'couponCode' = $1`, [
      code,
    ]);
    expect(placed.rows[0]!.n).toBe(5);
  });
});
