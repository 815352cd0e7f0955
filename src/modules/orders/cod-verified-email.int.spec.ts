import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, signUp, type TestContext } from '../../../tests/helpers/test-runtime.js';
import { codOrderBody } from '../../../tests/helpers/test-orders.js';
import { createTestProduct } from '../../../tests/helpers/test-products.js';
import { linkKey, linkToken } from '../customers/index.js';
import { COD_NEEDS_VERIFIED_EMAIL } from './pricing.js';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestApp({ env: { COD_REQUIRES_VERIFIED_EMAIL: 'true' } });
});
afterAll(async () => ctx?.close());

async function verify(customerId: string) {
  const [event] = await ctx.runtime.store.findEvents({ types: ['EmailVerificationRequested'], data: { customerId } });
  const token = linkToken(linkKey(ctx.runtime.jwtSecret), 'email-verification', (event!.data as { requestId: string }).requestId);
  expect((await ctx.app.inject({ method: 'POST', url: '/api/auth/verify-email', payload: { token } })).statusCode).toBe(200);
}

describe('COD_REQUIRES_VERIFIED_EMAIL=true', () => {
  it('refuses a COD order from an unverified shopper, reserving nothing; takes it once the address is verified', async () => {
    const product = await createTestProduct(ctx.runtime, { price: 6999, stock: 15 });
    const shopper = await signUp(ctx.app);
    const order = () => ctx.app.inject({ method: 'POST', url: '/api/orders', headers: shopper.auth, payload: codOrderBody(product.id, 5) });
    const refused = await order();
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toEqual({ success: false, error: COD_NEEDS_VERIFIED_EMAIL });
    const stock = await ctx.app.inject({ method: 'GET', url: `/api/products/${product.id}` });
    expect(stock.json().product.stock_quantity).toBe(15);

    const online = await ctx.app.inject({
      method: 'POST',
      url: '/api/orders',
      headers: shopper.auth,
      payload: { ...codOrderBody(product.id, 1), payment_method: 'razorpay' },
    });
    expect(online.statusCode).toBe(201);

    await verify(shopper.user.id);
    expect((await order()).statusCode).toBe(201);
  });
});
