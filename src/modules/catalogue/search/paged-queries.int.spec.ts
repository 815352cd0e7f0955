import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { importCsv } from '../../../../tests/helpers/catalogue-import.js';
import { createTestApp, loginAdmin, type TestContext } from '../../../../tests/helpers/test-runtime.js';
import { PRICE_BANDS } from './list-schemas.js';

interface Row {
  name: string;
  category: 'Anime Figures' | 'Keychains';
  price: number;
  isNew: boolean;
  isOnSale: boolean;
  rating: number;
  image: string;
}
interface Wire {
  id: string;
  name: string;
  category: string;
  price: number;
  is_new: boolean;
  is_on_sale: boolean;
  rating: number;
  image: string;
  created_at: string;
}

const SERIES = ['Naruto', 'Luffy', 'Goku', 'Tanjiro', 'Gojo'];
/** 60 products: two categories, prices across every band, ties on price and rating (so the id tie-break matters). */
const ROWS: Row[] = Array.from({ length: 60 }, (_, i) => ({
  name: `${SERIES[i % 5]} Collector Item ${String(i).padStart(2, '0')}`,
  category: i % 3 === 0 ? 'Keychains' : 'Anime Figures',
  price: [299, 499, 500, 999, 1000, 1999, 2000, 2999, 3000, 4500][i % 10]!,
  isNew: i % 7 === 0,
  isOnSale: i % 5 === 0,
  rating: [3.5, 4, 4.5][i % 3]!,
  image: i % 2 === 0 ? `https://images.unsplash.com/item-${i}.jpg` : '',
}));
const CSV = [
  'name,category,price,isNew,isOnSale,rating,image,description,stockQuantity',
  ...ROWS.map((r) => `${r.name},${r.category},${r.price},${r.isNew},${r.isOnSale},${r.rating},${r.image},"A ${r.name.split(' ')[0]} collectible",5`),
].join('\n');

describe('paged storefront queries: GET /api/products, /category/{c}, /search, /sample, /{id}/related', () => {
  let ctx: TestContext;
  let admin: Record<string, string>;
  const get = async (url: string) => {
    const res = await ctx.app.inject({ url });
    return { status: res.statusCode, body: res.json() as Record<string, unknown> & { products: Wire[]; total: number; nextPage: number | null } };
  };
  /** Every page of a query, walked by nextPage. */
  const walk = async (url: string, limit: number) => {
    const all: Wire[] = [];
    let page: number | null = 1;
    let total = -1;
    while (page !== null) {
      const { body } = await get(`${url}${url.includes('?') ? '&' : '?'}limit=${limit}&page=${page}`);
      expect(body.products.length).toBeLessThanOrEqual(limit);
      total = body.total;
      all.push(...body.products);
      page = body.nextPage;
    }
    return { all, total };
  };

  beforeAll(async () => {
    ctx = await createTestApp();
    admin = (await loginAdmin(ctx.app)).auth;
    const result = await importCsv(ctx.app, admin, CSV);
    expect(result).toMatchObject({ created: 60, errors: [] });
  });
  afterAll(() => ctx?.close());

  it('answers the first page of 24 without parameters, with total, totalPages and nextPage', async () => {
    const { status, body } = await get('/api/products');
    expect(status).toBe(200);
    expect(body).toMatchObject({ success: true, total: 60, page: 1, limit: 24, totalPages: 3, nextPage: 2 });
    expect(body.products).toHaveLength(24);
    const last = await get('/api/products?page=3');
    expect(last.body).toMatchObject({ total: 60, page: 3, nextPage: null });
    expect(last.body.products).toHaveLength(12);
    expect((await get('/api/products?page=4')).body).toMatchObject({ products: [], total: 60, nextPage: null });
  });

  it.each([
    ['featured', (a: Wire, b: Wire) => b.created_at.localeCompare(a.created_at)],
    ['price-low', (a: Wire, b: Wire) => a.price - b.price],
    ['price-high', (a: Wire, b: Wire) => b.price - a.price],
    ['rating', (a: Wire, b: Wire) => b.rating - a.rating],
    ['newest', (a: Wire, b: Wire) => Number(b.is_new) - Number(a.is_new) || b.created_at.localeCompare(a.created_at)],
  ])('sort %s: pages of 7 walk every product once, in order', async (sort, order) => {
    const { all, total } = await walk(`/api/products?sort=${sort}`, 7);
    expect(total).toBe(60);
    expect(new Set(all.map((p) => p.id)).size).toBe(60);
    for (let i = 1; i < all.length; i++) expect(order(all[i - 1]!, all[i]!)).toBeLessThanOrEqual(0);
    // The same walk again gives the same order (ties broken the same way every time).
    expect((await walk(`/api/products?sort=${sort}`, 13)).all.map((p) => p.id)).toEqual(all.map((p) => p.id));
  });

  it.each(Object.entries(PRICE_BANDS))('priceRange %s: only that band (min inclusive, max exclusive), true total', async (band, [min, max]) => {
    const expected = ROWS.filter((r) => r.price >= min && r.price < max).length;
    const { all, total } = await walk(`/api/products?priceRange=${band}`, 200);
    expect(total).toBe(expected);
    expect(all).toHaveLength(expected);
    expect(all.every((p) => p.price >= min && p.price < max)).toBe(true);
  });

  it('category by name, slug, or query parameter; featured; minPrice/maxPrice; all combined', async () => {
    const keychains = ROWS.filter((r) => r.category === 'Keychains').length;
    for (const url of ['/api/products/category/Keychains', '/api/products/category/keychain', '/api/products?category=keychains']) {
      const { body } = await get(url);
      expect(body.total, url).toBe(keychains);
      expect(body.products.every((p) => p.category === 'Keychains')).toBe(true);
    }
    expect((await get('/api/products/category/anime-figures')).body).toMatchObject({ category: 'Anime Figures', total: 60 - keychains });
    const featured = await walk('/api/products?featured=true', 50);
    expect(featured.total).toBe(ROWS.filter((r) => r.isNew || r.isOnSale).length);
    expect(featured.all.every((p) => p.is_new || p.is_on_sale)).toBe(true);
    const between = await walk('/api/products?minPrice=999&maxPrice=2000', 50);
    expect(between.total).toBe(ROWS.filter((r) => r.price >= 999 && r.price < 2000).length);
    const combined = await walk('/api/products/category/anime-figures?priceRange=1000-2000&sort=price-high&featured=true', 3);
    const expected = ROWS.filter((r) => r.category === 'Anime Figures' && r.price >= 1000 && r.price < 2000 && (r.isNew || r.isOnSale));
    expect(combined.total).toBe(expected.length);
    expect(combined.all.map((p) => p.name).sort()).toEqual(expected.map((r) => r.name).sort());
  });

  it('search: typo-tolerant, relevance first, filtered and paged, with the true total', async () => {
    const { body } = await get('/api/products/search?q=narutoo&limit=5');
    expect(body).toMatchObject({ success: true, query: 'narutoo', total: 12, page: 1, limit: 5, totalPages: 3, nextPage: 2 });
    expect(body.products.every((p) => p.name.startsWith('Naruto'))).toBe(true);
    const all = await walk('/api/products/search?q=naruto', 5);
    expect(new Set(all.all.map((p) => p.id)).size).toBe(12);
    const cheap = await walk('/api/products/search?q=naruto&priceRange=under-1000&sort=price-low', 2);
    expect(cheap.total).toBe(ROWS.filter((r) => r.name.startsWith('Naruto') && r.price < 1000).length);
    expect(cheap.all.map((p) => p.price)).toEqual([...cheap.all.map((p) => p.price)].sort((a, b) => a - b));
    // The same on /api/products?q= and a category route.
    expect((await get('/api/products?q=naruto&limit=1')).body).toMatchObject({ total: 12, nextPage: 2 });
    const keychains = await get('/api/products/category/keychains?q=naruto');
    expect(keychains.body.total).toBe(ROWS.filter((r) => r.name.startsWith('Naruto') && r.category === 'Keychains').length);
  });

  it('offset still pages (and wins over page)', async () => {
    const whole = (await get('/api/products?sort=price-low&limit=60')).body.products.map((p) => p.id);
    const { body } = await get('/api/products?sort=price-low&limit=5&offset=7&page=9');
    expect(body.products.map((p) => p.id)).toEqual(whole.slice(7, 12));
    expect(body).toMatchObject({ offset: 7, total: 60, nextPage: 3 });
  });

  it.each([
    ['/api/products?limit=201', 'limit must be between 1 and 200'],
    ['/api/products?limit=0', 'limit must be between 1 and 200'],
    ['/api/products?limit=abc', 'limit must be between 1 and 200'],
    ['/api/products/category/Keychains?limit=1000', 'limit must be between 1 and 200'],
    ['/api/products/search?q=naruto&limit=500', 'limit must be between 1 and 200'],
    ['/api/products?page=0', 'page must be a whole number from 1'],
    ['/api/products?priceRange=cheap', 'priceRange must be one of under-500, 500-1000, 1000-plus, under-1000, 1000-2000, 2000-3000, 3000-plus'],
    ['/api/products?sort=cheapest', 'sort must be featured, price-low, price-high, rating or newest'],
    ['/api/products/sample?count=13', 'count must be between 1 and 12'],
  ])('%s: 400 "%s"', async (url, error) => {
    const { status, body } = await get(url);
    expect(status).toBe(400);
    expect(body).toMatchObject({ success: false, error });
  });

  it('pages stay put while products change outside the order (stock) or outside the filter (another category)', async () => {
    const url = '/api/products/category/Anime%20Figures?sort=price-low';
    const before = (await walk(url, 200)).all.map((p) => p.id);
    const seen: string[] = [];
    for (let page = 1; page <= Math.ceil(before.length / 6); page++) {
      const { body } = await get(`${url}&limit=6&page=${page}`);
      seen.push(...body.products.map((p) => p.id));
      // Between pages: a stock change on the last product seen (it may tie on price with the next page's first) and
      // on the next page's first, and a new keychain.
      for (const id of [before[page * 6 - 1], before[page * 6]].filter(Boolean)) {
        await ctx.app.inject({ method: 'PUT', url: `/api/admin/products/${id}`, headers: admin, payload: { stock_quantity: page } });
      }
      await ctx.app.inject({
        method: 'POST',
        url: '/api/admin/products',
        headers: admin,
        payload: { name: `New Keychain ${page}`, category: 'Keychains', price: 299, stock_quantity: 3 },
      });
    }
    expect(seen).toEqual(before);
  });

  it('sample: at most count random products of the category, all with an image', async () => {
    const withImage = new Set(ROWS.filter((r) => r.category === 'Keychains' && r.image).map((r) => r.name));
    const draws: string[] = [];
    for (let i = 0; i < 6; i++) {
      const { status, body } = await get('/api/products/sample?category=Keychains&count=3');
      expect(status).toBe(200);
      expect(Object.keys(body).sort()).toEqual(['products', 'success']);
      expect(body.products).toHaveLength(3);
      expect(new Set(body.products.map((p) => p.id)).size).toBe(3);
      for (const p of body.products) expect(withImage.has(p.name), p.name).toBe(true);
      draws.push(body.products.map((p) => p.id).join());
    }
    expect(new Set(draws).size).toBeGreaterThan(1);
    expect((await get('/api/products/sample?category=keychains&count=12')).body.products).toHaveLength(withImage.size);
    expect((await get('/api/products/sample')).body.products).toHaveLength(3);
  });

  it('related: at most limit (default 4) of the same category, never the product itself; 404 for an unknown id', async () => {
    const product = (await get('/api/products/category/Keychains?limit=1')).body.products[0]!;
    const { status, body } = await get(`/api/products/${product.id}/related`);
    expect(status).toBe(200);
    expect(body.products).toHaveLength(4);
    expect(body.products.every((p) => p.category === 'Keychains' && p.id !== product.id)).toBe(true);
    expect((await get(`/api/products/${product.id}/related?limit=12`)).body.products).toHaveLength(12);
    expect((await get(`/api/products/${product.id}/related?limit=13`)).status).toBe(400);
    expect(await get('/api/products/no-such-product/related')).toEqual({ status: 404, body: { success: false, error: 'Product not found' } });
  });

  it('the API reference (/docs) declares the paged answers and their query parameters', async () => {
    const doc = (await ctx.app.inject({ url: '/docs/json' })).json() as {
      paths: Record<string, { get: { parameters?: { name: string }[]; responses: Record<string, unknown> } }>;
    };
    for (const path of ['/api/products', '/api/products/category/{category}', '/api/products/search']) {
      const get = doc.paths[path]!.get;
      expect(JSON.stringify(get.responses['200']), path).toContain('nextPage');
      expect(
        get.parameters!.map((p) => p.name),
        path,
      ).toEqual(expect.arrayContaining(['q', 'priceRange', 'featured', 'sort', 'page', 'limit']));
    }
    expect(JSON.stringify(doc.paths['/api/products/sample']!.get.responses['200'])).toContain('products');
    expect(JSON.stringify(doc.paths['/api/products/{id}/related']!.get.responses['404'])).toContain('error');
  });
});
