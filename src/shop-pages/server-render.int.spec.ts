import { execFileSync } from 'node:child_process';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../app.js';
import { createTestApp, loginAdmin, type TestContext } from '../../tests/helpers/test-runtime.js';
import { importCsv, productsByName } from './test-catalogue.js';

/** The part a browser shows: what React rendered into #root (the head is checked in page-head.int.spec.ts). */
const root = (html: string) => {
  const start = html.indexOf('<div id="root">');
  const end = html.indexOf('<script type="application/json" id="ssr-data">');
  expect(start, 'server-rendered root').toBeGreaterThan(-1);
  expect(end, 'dehydrated query cache').toBeGreaterThan(start);
  return html.slice(start, end);
};
const text = (html: string) =>
  html
    .replace(/<!-- -->/g, '')
    .replace(/<[^>]+>/g, ' ')
    .replace(/&amp;/g, '&')
    .replace(/&#x27;/g, "'")
    .replace(/&quot;/g, '"')
    .replace(/\s+/g, ' ');
const dehydrated = (html: string) => {
  const m = /<script type="application\/json" id="ssr-data">([\s\S]*?)<\/script/.exec(html);
  return JSON.parse(m![1]!) as { queries: { queryKey: unknown[]; state: { status: string; data: unknown } }[] };
};

describe('shopper pages rendered on the server (no JavaScript needed to read them)', () => {
  let ctx: TestContext;
  let web: FastifyInstance;
  let ids: Map<string, { id: string }>;
  const page = (url: string) => web.inject({ url });
  beforeAll(async () => {
    // The server renderer is a Vite SSR build of web/ (npm start and npm test build it when missing).
    execFileSync(process.execPath, ['scripts/build-frontends.mjs', '--if-missing'], { stdio: 'inherit' });
    ctx = await createTestApp({ env: { PUBLIC_URL: 'https://shop.example.in' } });
    const admin = (await loginAdmin(ctx.app)).auth;
    await importCsv(ctx.app, admin, [
      'Tanjiro Kamado Figure,Anime Figures,1999,2499,20,true,true,/media/tanjiro.png,Demon Slayer 18 cm PVC,true,4.6,3,6',
      'Nezuko Kamado Figure,Anime Figures,2599,,,false,false,/media/nezuko.png,Demon Slayer,false,4.2,0,0',
      'Gojo Satoru Keychain,Keychains,349,,,false,true,/media/gojo.png,Jujutsu Kaisen charm,true,4.1,2,40',
      `"Evil </script><script>alert(1)</script> Keychain",Keychains,199,,,false,false,,x,true,4,0,3`,
    ]);
    ids = await productsByName(ctx.app, admin);
    web = await buildApp(ctx.runtime, { serveFrontends: true });
    await web.ready();
  }, 180_000);
  afterAll(async () => {
    await web?.close();
    await ctx?.close();
  });

  it('a product page holds the name, price, stock and breadcrumbs, and the product query for hydration', async () => {
    const { id } = ids.get('Tanjiro Kamado Figure')!;
    const res = await page(`/product/${id}`);
    expect(res.statusCode).toBe(200);
    const body = text(root(res.body));
    expect(body).toContain('Tanjiro Kamado Figure');
    expect(body).toContain('₹1,999');
    expect(body).toMatch(/Home \/ Anime Figures \/ Tanjiro Kamado Figure/);
    const queries = dehydrated(res.body).queries;
    expect(queries.find((q) => JSON.stringify(q.queryKey) === JSON.stringify(['products', 'detail', id]))?.state).toMatchObject({
      status: 'success',
      data: { id, name: 'Tanjiro Kamado Figure', price: 1999 },
    });
    // 'You might also like': the related products are in the HTML too.
    expect(body).toContain('Nezuko Kamado Figure');
  });

  it('category pages (and their singular aliases) hold the products and the result count', async () => {
    for (const url of ['/anime-figures', '/anime-figure']) {
      const res = await page(url);
      expect(res.statusCode).toBe(200);
      const body = text(root(res.body));
      expect(body).toContain('Anime Figures');
      expect(body).toContain('Tanjiro Kamado Figure');
      expect(body).toContain('₹2,599');
      expect(body).toContain('Showing 2 of 2 results');
      expect(body).not.toContain('Gojo Satoru Keychain');
    }
    const keychains = text(root((await page('/keychains?sort=price-low')).body));
    expect(keychains).toContain('Showing 2 of 2 results');
    expect(keychains.indexOf('₹199')).toBeLessThan(keychains.indexOf('₹349'));
  });

  it('/products and /search?q= hold their results and counts', async () => {
    for (const url of ['/products', '/all-products']) {
      const body = text(root((await page(url)).body));
      expect(body).toContain('4 products');
      for (const name of ['Tanjiro Kamado Figure', 'Nezuko Kamado Figure', 'Gojo Satoru Keychain']) expect(body).toContain(name);
    }
    const search = text(root((await page('/search?q=kamado')).body));
    expect(search).toContain('Results for “kamado”');
    expect(search).toContain('Showing 2 of 2 results');
    expect(search).toContain('Nezuko Kamado Figure');
    expect(search).not.toContain('Gojo Satoru Keychain');
  });

  it('home holds the featured products (new or on sale) and the keychain showcase', async () => {
    const res = await page('/');
    const body = text(root(res.body));
    expect(body).toContain('Featured Products');
    expect(body).toContain('Tanjiro Kamado Figure');
    expect(body).toContain('Keychain Showcase');
    const keys = dehydrated(res.body).queries.map((q) => q.queryKey[1]);
    expect(keys).toEqual(expect.arrayContaining(['featured', 'sample']));
  });

  it('404s render the Product Not Found and Oops! Page not found pages', async () => {
    const missing = await page('/product/no-such-product');
    expect(missing.statusCode).toBe(404);
    expect(text(root(missing.body))).toContain('Product Not Found');
    const unknown = await page('/definitely/not/here');
    expect(unknown.statusCode).toBe(404);
    expect(text(root(unknown.body))).toContain('Oops! Page not found');
  });

  it('a name holding </script> cannot break out of the dehydrated cache', async () => {
    const res = await page('/keychains');
    expect(res.body).not.toContain('<script>alert(1)</script>');
    const names = JSON.stringify(dehydrated(res.body));
    expect(names).toContain('Evil </script><script>alert(1)</script> Keychain');
  });

  it('private pages stay an empty shell the browser renders; HTML goes out compressed when asked', async () => {
    const cart = await page('/cart');
    expect(cart.statusCode).toBe(200);
    expect(cart.body).toContain('<div id="root"></div>');
    expect(cart.body).not.toContain('id="ssr-data"');
    const br = await web.inject({ url: '/products', headers: { 'accept-encoding': 'br, gzip' } });
    expect(br.headers['content-encoding']).toBe('br');
  });
});
