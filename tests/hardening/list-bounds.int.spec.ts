import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { importCsv } from '../helpers/catalogue-import.js';
import { createTestApp, loginAdmin, type TestContext } from '../helpers/test-runtime.js';
import { apiRoutes, fillPath } from './routes.js';

/** The largest page any list answers (see docs/decisions/0005-lists-at-scale.md); a few routes promise less. */
const MAX_PAGE = 200;
const SMALLER: Record<string, number> = { '/api/products/sample': 12, '/api/products/:id/related': 12 };
const PRODUCTS = MAX_PAGE + 50;

/** The longest array anywhere in a JSON answer, and where it is. */
function longestArray(value: unknown, path = '$'): { path: string; length: number } {
  let best = { path, length: -1 };
  if (Array.isArray(value)) best = { path, length: value.length };
  if (value && typeof value === 'object') {
    for (const [key, child] of Object.entries(value)) {
      const found = longestArray(child, Array.isArray(value) ? `${path}[${key}]` : `${path}.${key}`);
      if (found.length > best.length) best = found;
    }
  }
  return best;
}

describe(`no list route answers more than its page (${MAX_PAGE}), with ${PRODUCTS} products in the shop`, () => {
  let ctx: TestContext;
  let admin: Record<string, string>;
  let productId = '';
  beforeAll(async () => {
    ctx = await createTestApp();
    admin = (await loginAdmin(ctx.app)).auth;
    const rows = Array.from(
      { length: PRODUCTS },
      (_, i) => `Naruto Figure ${i},${i % 2 ? 'Keychains' : 'Anime Figures'},${100 + i},https://images.unsplash.com/p${i}.jpg,"Naruto collectible ${i}",3`,
    );
    await importCsv(ctx.app, admin, ['name,category,price,image,description,stockQuantity', ...rows].join('\n'));
    productId = ((await ctx.app.inject({ url: '/api/products?limit=1' })).json() as { products: { id: string }[] }).products[0]!.id;
  });
  afterAll(() => ctx?.close());

  it('every registered GET route, asked for everything (no paging, limit above the maximum, 100,000)', async () => {
    const routes = apiRoutes(ctx.app).filter((r) => r.method === 'GET');
    expect(routes.length).toBeGreaterThan(20);
    const checked: string[] = [];
    const overs: string[] = [];
    for (const route of routes) {
      const url = fillPath(route.url, (name) => (name === 'category' ? 'naruto' : name === 'id' ? productId : name === 'pincode' ? '110001' : 'x'));
      const max = SMALLER[route.url] ?? MAX_PAGE;
      for (const query of ['', `?limit=${MAX_PAGE + 1}`, '?limit=100000', '?q=naruto', `?q=naruto&limit=${MAX_PAGE + 1}`, '?count=100']) {
        const res = await ctx.app.inject({ method: 'GET', url: `${url}${query}`, headers: admin });
        // Downloads (a CSV template, an audit export or anchor) are files, not lists; errors carry no list.
        if (res.statusCode !== 200 || res.headers['content-disposition'] || !String(res.headers['content-type']).includes('json')) continue;
        const longest = longestArray(res.json());
        checked.push(`${route.url}${query}`);
        if (longest.length > max) overs.push(`${route.url}${query}: ${longest.path} has ${longest.length} > ${max}`);
      }
    }
    expect(overs).toEqual([]);
    for (const url of ['/api/products', '/api/products/category/:category', '/api/products/search', '/api/admin/products', '/api/products/sample']) {
      expect(
        checked.some((c) => c.startsWith(`${url}?`) || c === url),
        url,
      ).toBe(true);
    }
  });

  it('the catalogue lists without parameters answer the first page with the true total and the next page', async () => {
    for (const url of ['/api/products', '/api/products/category/anime-figures', '/api/products/search?q=naruto']) {
      const body = (await ctx.app.inject({ url })).json() as { products: unknown[]; total: number; nextPage: number | null };
      expect(body.products.length, url).toBe(24);
      expect(body.total, url).toBe(url.includes('anime') ? PRODUCTS / 2 : PRODUCTS);
      expect(body.nextPage, url).toBe(2);
    }
    const admin200 = (await ctx.app.inject({ url: '/api/admin/products?limit=201', headers: admin })).json();
    expect(admin200).toMatchObject({ success: false, error: 'limit must be between 1 and 200' });
  });
});
