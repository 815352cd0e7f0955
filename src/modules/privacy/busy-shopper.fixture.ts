import { expect } from 'vitest';
import { loginAdmin, signUp, type TestContext } from '../../../tests/helpers/test-runtime.js';
import { createTestProduct } from '../../../tests/helpers/test-products.js';

type Auth = Record<string, string>;

/** TEST ONLY. A shopper with a profile, an address, a wishlist entry, a delivered order and a review. */
export async function busyShopper(ctx: TestContext, tag: string) {
  const inject = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, headers: Auth = {}, payload?: object) =>
    ctx.app.inject({ method, url, headers, ...(payload ? { payload } : {}) });
  const shopper = await signUp(ctx.app, { full_name: `Kavya Menon ${tag}`, address: `9 Lake View ${tag}` });
  const product = await createTestProduct(ctx.runtime, { price: 1500 });
  expect(
    (
      await inject('POST', '/api/user/addresses', shopper.auth, {
        name: `Kavya ${tag}`,
        address: `9 Lake View ${tag}`,
        address_line2: '',
        landmark: '',
        city: 'Kochi',
        state: 'Kerala',
        pincode: '682001',
        phone: '9876501234',
      })
    ).statusCode,
  ).toBe(201);
  expect((await inject('POST', '/api/user/wishlist', shopper.auth, { productId: product.id })).statusCode).toBeLessThan(300);
  const placed = await inject('POST', '/api/orders', shopper.auth, {
    items: [{ id: product.id, quantity: 2 }],
    shipping_address: `9 Lake View ${tag}`,
    shipping_city: 'Kochi',
    shipping_state: 'Kerala',
    shipping_pincode: '682001',
    shipping_phone: '9876501234',
    payment_method: 'cod',
  });
  expect(placed.statusCode, placed.body).toBe(201);
  const order = placed.json().order as { id: string; orderNumber?: string; order_number?: string };
  const admin = await loginAdmin(ctx.app);
  expect((await inject('PUT', `/api/admin/orders/${order.id}/status`, admin.auth, { status: 'delivered' })).statusCode).toBe(200);
  const reviewed = await inject('POST', `/api/products/${product.id}/reviews`, shopper.auth, { rating: 5, comment: `Lovely figure, ${tag}` });
  expect(reviewed.statusCode, reviewed.body).toBe(201);
  return { shopper, product, order, admin };
}
