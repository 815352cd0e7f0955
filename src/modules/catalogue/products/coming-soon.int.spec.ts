import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, loginAdmin, signUp, type TestContext } from '../../../../tests/helpers/test-runtime.js';
import { PUNE_SHIPPING as address } from '../../../../tests/helpers/test-orders.js';
import { createTestProduct } from '../../../../tests/helpers/test-products.js';

/** Hot Wheels and Trending are "coming soon": admins manage their products, shoppers neither see nor buy them. */
describe('coming-soon categories: not listed, found, shown or sold; still managed by admins', () => {
  let t: TestContext;
  let shopper: Awaited<ReturnType<typeof signUp>>;
  let admin: Awaited<ReturnType<typeof loginAdmin>>;
  const get = (url: string, headers: Record<string, string> = {}) => t.app.inject({ method: 'GET', url, headers });
  let car: { id: string; name: string };
  let trend: { id: string; name: string };
  let figure: { id: string; name: string };
  beforeAll(async () => {
    t = await createTestApp();
    shopper = await signUp(t.app);
    admin = await loginAdmin(t.app);
    car = await createTestProduct(t.runtime, { name: 'Zamasu Twin Mill Die-cast 1:64', category: 'Hot Wheels', price: 1500 });
    trend = await createTestProduct(t.runtime, { name: 'Zamasu Trending Tote Bag', category: 'Trending', price: 1500 });
    figure = await createTestProduct(t.runtime, { name: 'Zamasu Resin Statue', category: 'Anime Figures', price: 1500 });
    // The in-memory catalogue follows the log: wait until it serves the last product added.
    const until = Date.now() + 15_000;
    while ((await get(`/api/products/${figure.id}`)).statusCode !== 200 && Date.now() < until) await new Promise((r) => setTimeout(r, 50));
  });
  afterAll(() => t?.close());

  const ids = (body: { products: { id: string }[] }) => body.products.map((p) => p.id);

  it('the listing, the category route, search, the sample and a product page leave them out', async () => {
    const all = (await get('/api/products?limit=200')).json();
    expect(ids(all)).toContain(figure.id);
    expect(ids(all)).not.toContain(car.id);
    expect(ids(all)).not.toContain(trend.id);
    for (const url of ['/api/products/category/hot-wheels', '/api/products/category/Trending', '/api/products?category=Hot%20Wheels']) {
      expect((await get(url)).json(), url).toMatchObject({ success: true, products: [], total: 0 });
    }
    const found = (await get('/api/products/search?q=zamasu')).json();
    expect(ids(found)).toEqual([figure.id]);
    expect(found.total).toBe(1);
    expect(ids((await get('/api/products/sample?count=12')).json())).not.toContain(car.id);
    expect((await get(`/api/products/${car.id}`)).statusCode).toBe(404);
    expect((await get(`/api/products/${trend.id}/related`)).statusCode).toBe(404);
    expect((await get(`/product/${car.id}`, { accept: 'text/html' })).statusCode).toBe(404);
  });

  it('placing an order for one is refused by the server with 400, nothing reserved', async () => {
    const refused = await t.app.inject({
      method: 'POST',
      url: '/api/orders',
      headers: shopper.auth,
      payload: {
        ...address,
        payment_method: 'cod',
        items: [
          { id: figure.id, quantity: 1 },
          { id: car.id, quantity: 1 },
        ],
      },
    });
    expect(refused.statusCode).toBe(400);
    expect(refused.json()).toEqual({ success: false, error: `${car.name} is not on sale yet: Hot Wheels is coming soon` });
    expect((await get('/api/user/orders', shopper.auth)).json().orders).toEqual([]);
  });

  it('admins still list, edit and read them', async () => {
    const listed = (await get('/api/admin/products?limit=200', admin.auth)).json();
    expect(ids(listed)).toEqual(expect.arrayContaining([car.id, trend.id, figure.id]));
    const edited = await t.app.inject({ method: 'PUT', url: `/api/admin/products/${car.id}`, headers: admin.auth, payload: { price: 1600 } });
    expect(edited.statusCode).toBe(200);
    expect(edited.json().product).toMatchObject({ id: car.id, price: 1600 });
  });
});
