import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, loginAdmin, signUp, type TestContext } from '../../../tests/helpers/test-runtime.js';
import { codOrderBody } from '../../../tests/helpers/test-orders.js';

/**
 * Across features, through their public routes only: the catalogue sells a product, the orders module delivers it,
 * the shopper reviews it, the catalogue's rating and the order's reviews follow. Complements the read-model
 * fixtures of reviews.int.spec.ts with the real producers of those rows.
 */
let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestApp();
});
afterAll(async () => ctx?.close());

type Auth = Record<string, string>;
const send = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, auth: Auth, payload?: object) =>
  ctx.app.inject({ method, url, headers: auth, ...(payload ? { payload } : {}) });

describe('review journey through the catalogue and orders modules', () => {
  it("a delivered COD order can be reviewed once per product; product rating and the order's reviews follow", async () => {
    const admin = await loginAdmin(ctx.app);
    const created = await send('POST', '/api/admin/products', admin.auth, {
      name: 'Zoro Enma Figure',
      price: 1800,
      category: 'Anime Figures',
      stock_quantity: 5,
      rating: 3,
    });
    expect(created.statusCode).toBe(201);
    const productId = created.json().product.id as string;
    // Until a product has reviews, the imported rating stands.
    expect((await send('GET', `/api/products/${productId}`, {})).json().product.rating).toBe(3);

    const shopper = await signUp(ctx.app, { full_name: 'Rohan Das' });
    expect((await send('POST', '/api/user/wishlist', shopper.auth, { productId })).json().wishlist).toEqual([
      expect.objectContaining({ productId, name: 'Zoro Enma Figure', price: 1800, category: 'Anime Figures' }),
    ]);

    const placed = await send('POST', '/api/orders', shopper.auth, codOrderBody(productId));
    expect(placed.statusCode).toBe(201);
    const orderId = placed.json().order.id as string;

    const early = await send('POST', `/api/user/orders/${orderId}/review`, shopper.auth, { productId, rating: 5, comment: 'Too early' });
    expect(early.statusCode).toBe(403);

    for (const status of ['confirmed', 'shipped', 'delivered']) {
      const changed = await send('PUT', `/api/orders/${orderId}/status`, admin.auth, { status });
      expect(changed.statusCode, changed.body).toBe(200);
    }
    const review = await send('POST', `/api/user/orders/${orderId}/review`, shopper.auth, { productId, rating: 4, comment: ' Crisp details ' });
    expect(review.statusCode, review.body).toBe(201);
    expect((await send('POST', `/api/products/${productId}/reviews`, shopper.auth, { rating: 5, comment: 'Again' })).statusCode).toBe(409);

    // Read-your-writes: the review answers once this instance's catalogue has the new rating (no waiting here).
    const product = (await send('GET', `/api/products/${productId}`, {})).json().product;
    expect(product.rating).toBe(4);
    const order = (await send('GET', `/api/orders/${orderId}`, shopper.auth)).json();
    expect(order.reviews).toEqual([expect.objectContaining({ productId, rating: 4, comment: 'Crisp details' })]);
    expect((await send('GET', `/api/products/${productId}/reviews`, {})).json()).toMatchObject({ count: 1, average: 4, reviews: [{ userName: 'Rohan Das' }] });

    // A product the admin removes drops out of the wishlist shown in the profile.
    expect((await send('DELETE', `/api/admin/products/${productId}`, admin.auth)).statusCode).toBe(200);
    expect((await send('GET', '/api/user/profile', shopper.auth)).json().user.wishlist).toEqual([]);
  });
});
