import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, loginAdmin, signUp, type TestContext } from '../../../../tests/helpers/test-runtime.js';
import { PRODUCT_COLUMNS, toProductDto, type ProductRow } from './product-dto.js';

const form = (overrides: Record<string, unknown> = {}) => ({
  name: 'Naruto Uzumaki Sage Mode Figure',
  price: 1999,
  category: 'Anime Figures',
  stock_quantity: 12,
  description: 'PVC figure from Naruto Shippuden',
  images: ['https://images.unsplash.com/photo-1.jpg', 'https://drive.google.com/file/d/1AbCdEfGhIjKlMnOpQrStUvWxYz012345/view?usp=sharing'],
  original_price: 2499,
  is_on_sale: true,
  discount: 20,
  ...overrides,
});

describe('products: admin commands and shopper reads', () => {
  let ctx: TestContext;
  let admin: Awaited<ReturnType<typeof loginAdmin>>['auth'];
  let shopper: Awaited<ReturnType<typeof signUp>>['auth'];
  beforeAll(async () => {
    ctx = await createTestApp();
    admin = (await loginAdmin(ctx.app)).auth;
    shopper = (await signUp(ctx.app)).auth;
  });
  afterAll(() => ctx.close());

  const create = (payload: Record<string, unknown>, headers = admin) => ctx.app.inject({ method: 'POST', url: '/api/admin/products', headers, payload });

  it("serves each product's images and times as the read model holds them (one image, none, several)", async () => {
    const variants = [['https://images.unsplash.com/photo-7.jpg'], [], ['https://images.unsplash.com/photo-8.jpg', 'https://images.unsplash.com/photo-9.jpg']];
    for (const images of variants) {
      const res = await create(
        form({ name: `Gojo Satoru Figure ${images.length}`, images, original_price: undefined, is_on_sale: false, discount: undefined }),
      );
      expect(res.statusCode).toBe(201);
      const id = res.json().product.id as string;
      const { rows } = await ctx.runtime.pool.query<ProductRow>(`select ${PRODUCT_COLUMNS} from products where id = $1`, [id]);
      const stored = toProductDto(rows[0]!);
      const served = (await ctx.app.inject({ url: `/api/products/${id}` })).json().product;
      expect(served).toMatchObject({ image: stored.image, images: stored.images, created_at: stored.created_at, updated_at: stored.updated_at });
      expect(served.images).toEqual(images);
    }
  });

  it('creates a product with its stock, readable at once by id, list, category and the products table', async () => {
    const res = await create(form());
    expect(res.statusCode).toBe(201);
    const product = res.json().product;
    expect(product).toMatchObject({
      name: 'Naruto Uzumaki Sage Mode Figure',
      price: 1999,
      original_price: 2499,
      category: 'Anime Figures',
      is_on_sale: true,
      discount: 20,
      in_stock: true,
      stock_quantity: 12,
      powerPoints: 50,
      image: 'https://images.unsplash.com/photo-1.jpg',
    });
    expect(product.images).toEqual(['https://images.unsplash.com/photo-1.jpg', 'https://drive.google.com/uc?export=view&id=1AbCdEfGhIjKlMnOpQrStUvWxYz012345']);
    const byId = await ctx.app.inject({ url: `/api/products/${product.id}` });
    expect(byId.json()).toMatchObject({ success: true, product: { id: product.id, stock_quantity: 12 } });
    const list = await ctx.app.inject({ url: '/api/products' });
    expect(list.json().products.map((p: { id: string }) => p.id)).toContain(product.id);
    const category = await ctx.app.inject({ url: `/api/products/category/${encodeURIComponent('Anime Figures')}` });
    expect(category.json().products.map((p: { id: string }) => p.id)).toContain(product.id);
    const slug = await ctx.app.inject({ url: '/api/products/category/anime-figures' });
    expect(slug.json()).toMatchObject({ success: true, category: 'Anime Figures' });
    expect(slug.json().products.map((p: { id: string }) => p.id)).toContain(product.id);
    const keychains = await ctx.app.inject({ url: '/api/products/category/Keychains' });
    expect(keychains.json().products.map((p: { id: string }) => p.id)).not.toContain(product.id);
    const row = await ctx.runtime.pool.query('select price::text, stock_quantity, in_stock from products where id = $1', [product.id]);
    expect(row.rows[0]).toEqual({ price: '1999.00', stock_quantity: 12, in_stock: true });
    const stock = await ctx.runtime.store.readStream(`inventory-${product.id}`);
    expect(stock.map((e) => [e.type, (e.data as { quantity: number }).quantity])).toEqual([['StockLevelSet', 12]]);
  });

  it.each([
    [{ name: '' }, 'Please fill in all required fields'],
    [{ price: undefined }, 'Please fill in all required fields'],
    [{ category: '' }, 'Please fill in all required fields'],
    [{ stock_quantity: undefined }, 'Please fill in all required fields'],
    [{ price: 0 }, 'Please enter a valid price'],
    [{ price: 'abc' }, 'Please enter a valid price'],
    [{ stock_quantity: -1 }, 'Please enter a valid stock quantity'],
    [{ stock_quantity: 'many' }, 'Please enter a valid stock quantity'],
    // Lenient coercion: only plain decimal text is a number.
    [{ price: '0x1F3' }, 'Please enter a valid price'],
    [{ price: '1e3' }, 'Please enter a valid price'],
    [{ price: true }, 'Please enter a valid price'],
    [{ stock_quantity: true }, 'Please enter a valid stock quantity'],
    [{ stock_quantity: '0x3' }, 'Please enter a valid stock quantity'],
    [{ images: ['not a url'] }, 'One or more image URLs are invalid...'],
    [{ image: 'javascript:alert(1)' }, 'One or more image URLs are invalid...'],
  ])('refuses %j with "%s" and writes nothing', async (overrides, message) => {
    const before = await ctx.runtime.pool.query('select count(*)::int as n from events');
    const res = await create(form(overrides));
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual(expect.objectContaining({ success: false, error: message }));
    const after = await ctx.runtime.pool.query('select count(*)::int as n from events');
    expect(after.rows[0].n).toBe(before.rows[0].n);
  });

  it('accepts the admin form\'s decimal text ("499", " 12 " from a spreadsheet cell) as numbers', async () => {
    const res = await create(form({ price: '499', stock_quantity: ' 12 ' }));
    expect(res.statusCode).toBe(201);
    expect(res.json().product).toMatchObject({ price: 499, stock_quantity: 12 });
  });

  it('powerPoints: numeric kept, non-numeric becomes 0, absent 50', async () => {
    expect((await create(form({ powerPoints: '120' }))).json().product.powerPoints).toBe(120);
    expect((await create(form({ powerPoints: 'lots' }))).json().product.powerPoints).toBe(0);
  });

  it('updates a product (partial form), stock follows, in_stock false when the admin says so or stock is 0', async () => {
    const id = (await create(form())).json().product.id;
    const res = await ctx.app.inject({ method: 'PUT', url: `/api/admin/products/${id}`, headers: admin, payload: { price: '2199.50', stock_quantity: 0 } });
    expect(res.statusCode).toBe(200);
    expect(res.json().product).toMatchObject({ price: 2199.5, stock_quantity: 0, in_stock: false, name: 'Naruto Uzumaki Sage Mode Figure' });
    const restocked = await ctx.app.inject({ method: 'PUT', url: `/api/admin/products/${id}`, headers: admin, payload: { stock_quantity: 4 } });
    expect(restocked.json().product).toMatchObject({ stock_quantity: 4, in_stock: true });
    const off = await ctx.app.inject({ method: 'PUT', url: `/api/admin/products/${id}`, headers: admin, payload: { in_stock: false } });
    expect(off.json().product).toMatchObject({ stock_quantity: 4, in_stock: false });
    const bad = await ctx.app.inject({ method: 'PUT', url: `/api/admin/products/${id}`, headers: admin, payload: { price: -5 } });
    expect(bad.json()).toMatchObject({ success: false, error: 'Please enter a valid price' });
    const missing = await ctx.app.inject({ method: 'PUT', url: '/api/admin/products/nope', headers: admin, payload: { price: 5 } });
    expect(missing.statusCode).toBe(404);
  });

  it('deletes one product; the shopper read then answers 404', async () => {
    const id = (await create(form({ name: 'Temporary Keychain', category: 'Keychains' }))).json().product.id;
    const res = await ctx.app.inject({ method: 'DELETE', url: `/api/admin/products/${id}`, headers: admin });
    expect(res.json()).toMatchObject({ success: true });
    expect((await ctx.app.inject({ url: `/api/products/${id}` })).statusCode).toBe(404);
    expect((await ctx.app.inject({ method: 'DELETE', url: `/api/admin/products/${id}`, headers: admin })).statusCode).toBe(404);
  });

  it('searches with typos, ranked, with category, price filters and sorts', async () => {
    await create(form({ name: 'Kakashi Hatake Lightning Blade Statue', price: 4499 }));
    await create(form({ name: 'Akatsuki Cloud Metal Keychain', category: 'Keychains', price: 299, description: 'Naruto keychain' }));
    const typo = await ctx.app.inject({ url: '/api/products/search?q=naruto%20figre' });
    expect(typo.json().success).toBe(true);
    expect(typo.json().products[0].name).toContain('Naruto');
    const kakashi = await ctx.app.inject({ url: '/api/products/search?q=kakashy' });
    expect(kakashi.json().products[0].name).toContain('Kakashi');
    const keychainsOnly = await ctx.app.inject({ url: '/api/products/search?q=naruto&category=Keychains' });
    expect(keychainsOnly.json().products.every((p: { category: string }) => p.category === 'Keychains')).toBe(true);
    expect(keychainsOnly.json().products.length).toBeGreaterThan(0);
    const cheap = await ctx.app.inject({ url: '/api/products/search?q=naruto&maxPrice=1000' });
    expect(cheap.json().products.every((p: { price: number }) => p.price < 1000)).toBe(true);
    const sorted = await ctx.app.inject({ url: '/api/products?sort=price-high' });
    const prices = sorted.json().products.map((p: { price: number }) => p.price);
    expect(prices).toEqual([...prices].sort((a: number, b: number) => b - a));
    expect((await ctx.app.inject({ url: '/api/products/search?q=%20' })).json()).toEqual({
      success: true,
      query: '',
      total: 0,
      products: [],
      page: 1,
      limit: 24,
      totalPages: 1,
      nextPage: null,
    });
    const limited = (await ctx.app.inject({ url: '/api/products/search?q=naruto&limit=1' })).json();
    expect(limited.products).toHaveLength(1);
    expect(limited.total).toBeGreaterThan(1);
    expect((await ctx.app.inject({ url: '/api/products?sort=cheapest' })).statusCode).toBe(400);
    const page = (await ctx.app.inject({ url: '/api/products?sort=price-high&limit=2&offset=1' })).json();
    expect(page.products.map((p: { price: number }) => p.price)).toEqual(prices.slice(1, 3));
    expect(page.total).toBe(prices.length);
  });

  it('reserving and releasing stock moves stock_quantity and in_stock', async () => {
    const { reserveStock, releaseStock } = await import('../../inventory/index.js');
    const id = (await create(form({ stock_quantity: 1 }))).json().product.id;
    const reserved = await reserveStock(ctx.runtime.store, 'order-1', [{ productId: id, quantity: 1 }], {});
    const { getCatalogue } = await import('../index.js');
    await getCatalogue(ctx.runtime).waitFor(reserved!.position);
    expect(getCatalogue(ctx.runtime).getProduct(id)).toMatchObject({ stock_quantity: 0, in_stock: false });
    const released = await releaseStock(ctx.runtime.store, 'order-1', [id], 'cancelled', {});
    await getCatalogue(ctx.runtime).waitFor(released!.position);
    expect((await ctx.app.inject({ url: `/api/products/${id}` })).json().product).toMatchObject({ stock_quantity: 1, in_stock: true });
  });

  it('ProductReviewed: rating becomes the average of reviews, replacing the imported one', async () => {
    const { registeredEventTypes, registerEvents } = await import('../../../core/event-registry.js');
    if (!registeredEventTypes().includes('ProductReviewed')) {
      const { z } = await import('zod');
      registerEvents({ ProductReviewed: z.object({ productId: z.string(), rating: z.number().int().min(1).max(5) }).passthrough() });
    }
    const id = (await create(form({ rating: 3.2, reviews: 40 }))).json().product.id;
    expect((await ctx.app.inject({ url: `/api/products/${id}` })).json().product).toMatchObject({ rating: 3.2, reviews: 40 });
    const { randomUUID } = await import('node:crypto');
    let position;
    for (const rating of [5, 4]) {
      const reviewId = randomUUID();
      const data = {
        reviewId,
        productId: id,
        userId: randomUUID(),
        userName: 'Asha',
        orderId: null,
        rating,
        comment: 'Great',
        createdAt: new Date().toISOString(),
      };
      position = (
        await ctx.runtime.store.append(`review-${reviewId}`, [{ type: 'ProductReviewed', data, metadata: { correlationId: 't', timestamp: data.createdAt } }], {
          expectedVersion: 'any',
        })
      ).position;
    }
    const { getCatalogue } = await import('../index.js');
    await getCatalogue(ctx.runtime).waitFor(position!);
    expect((await ctx.app.inject({ url: `/api/products/${id}` })).json().product).toMatchObject({ rating: 4.5, reviews: 2 });
  });

  it('admin list is paged with totals; cleanup removes invalid (stock 0) products; delete all empties the shop', async () => {
    await create(form({ name: 'Sold Out Figure', stock_quantity: 0 }));
    const page = await ctx.app.inject({ url: '/api/admin/products?limit=2&page=1', headers: admin });
    expect(page.statusCode).toBe(200);
    const body = page.json();
    expect(body.products).toHaveLength(2);
    expect(body.totals.total).toBe(body.total);
    expect(body.totals.invalid).toBeGreaterThanOrEqual(1);
    const cleanup = await ctx.app.inject({ method: 'DELETE', url: '/api/admin/products/cleanup', headers: admin });
    expect(cleanup.json()).toMatchObject({ success: true, deletedCount: body.totals.invalid });
    expect(typeof cleanup.json().message).toBe('string');
    const all = await ctx.app.inject({ method: 'DELETE', url: '/api/admin/products/all', headers: admin });
    expect(all.json()).toMatchObject({ success: true, deletedCount: body.totals.valid });
    expect((await ctx.app.inject({ url: '/api/products' })).json().products).toEqual([]);
    expect((await ctx.runtime.pool.query('select count(*)::int as n from products')).rows[0].n).toBe(0);
  });

  it.each([
    ['GET', '/api/admin/products'],
    ['POST', '/api/admin/products'],
    ['PUT', '/api/admin/products/x'],
    ['DELETE', '/api/admin/products/x'],
    ['DELETE', '/api/admin/products/all'],
    ['DELETE', '/api/admin/products/cleanup'],
    ['POST', '/api/admin/products/bulk'],
    ['GET', '/api/admin/products/template'],
  ] as const)('%s %s: 401 for guests, 403 for shoppers', async (method, url) => {
    expect((await ctx.app.inject({ method, url, payload: {} })).statusCode).toBe(401);
    const res = await ctx.app.inject({ method, url, headers: shopper, payload: {} });
    expect(res.statusCode).toBe(403);
    expect(res.json().success).toBe(false);
  });
});
