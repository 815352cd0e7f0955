import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../app.js';
import { createTestApp, loginAdmin, type TestContext } from '../../tests/helpers/test-runtime.js';
import { importCsv, productsByName } from './test-catalogue.js';

const ORIGIN = 'https://shop.example.in';
const HOSTILE = 'Evil </script><script>alert(1)</script> Figure';

/** A browser ends script data at the first `</script`: read JSON-LD the same way, so a break-out would show. */
const jsonLd = (html: string) => [...html.matchAll(/<script type="application\/ld\+json">([\s\S]*?)<\/script/gi)].map((m) => JSON.parse(m[1]!));
const meta = (html: string, key: string) => {
  const m = new RegExp(`<meta (?:name|property)="${key.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}" content="([^"]*)"`).exec(html);
  return m
    ? m[1]!
        .replace(/&amp;/g, '&')
        .replace(/&quot;/g, '"')
        .replace(/&lt;/g, '<')
        .replace(/&gt;/g, '>')
        .replace(/&#39;/g, "'")
    : undefined;
};
const title = (html: string) => /<title>([^<]*)<\/title>/.exec(html)?.[1];
const canonicals = (html: string) => [...html.matchAll(/<link rel="canonical" href="([^"]+)"/g)].map((m) => m[1]);

describe('shopper pages: status and head in the served HTML', () => {
  let ctx: TestContext;
  let web: FastifyInstance;
  let ids: Map<string, { id: string }>;
  const page = (url: string) => web.inject({ url });
  beforeAll(async () => {
    ctx = await createTestApp({ env: { PUBLIC_URL: ORIGIN } });
    const admin = (await loginAdmin(ctx.app)).auth;
    await importCsv(ctx.app, admin, [
      'Tanjiro Kamado Figure,Anime Figures,1999.5,2499,20,true,true,/media/tanjiro.png,Demon Slayer 18 cm PVC,true,4.6,3,6',
      'Gojo Satoru Keychain,Keychains,349,,,false,false,https://images.example.com/gojo.jpg,Jujutsu Kaisen charm,false,4.1,0,0',
      `"${HOSTILE}",Anime Figures,999,,,false,false,,"desc with </script> & ""quotes""",true,4,0,3`,
    ]);
    ids = await productsByName(ctx.app, admin);
    web = await buildApp(ctx.runtime, { serveFrontends: true });
    await web.ready();
  });
  afterAll(async () => {
    await web.close();
    await ctx.close();
  });

  it('a product page names the product, its price in INR and its stock in title, meta, OG/Twitter and JSON-LD', async () => {
    const { id } = ids.get('Tanjiro Kamado Figure')!;
    const res = await page(`/product/${id}`);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/html; charset=utf-8');
    const html = res.body;
    expect(title(html)).toBe('Tanjiro Kamado Figure · Anime Collectibles');
    expect(html.match(/<title>/g)).toHaveLength(1);
    expect(meta(html, 'description')).toContain('Tanjiro Kamado Figure — ₹1,999.50');
    expect(canonicals(html)).toEqual([`${ORIGIN}/product/${id}`]);
    expect(meta(html, 'og:type')).toBe('product');
    expect(meta(html, 'og:title')).toBe('Tanjiro Kamado Figure · Anime Collectibles');
    expect(meta(html, 'og:url')).toBe(`${ORIGIN}/product/${id}`);
    expect(meta(html, 'og:image')).toBe(`${ORIGIN}/media/tanjiro.png`);
    expect(meta(html, 'product:price:amount')).toBe('1999.50');
    expect(meta(html, 'product:price:currency')).toBe('INR');
    expect(meta(html, 'twitter:card')).toBe('summary_large_image');
    expect(meta(html, 'twitter:image')).toBe(`${ORIGIN}/media/tanjiro.png`);
    expect(meta(html, 'twitter:data1')).toBe('₹1,999.50');
    const [product, crumbs] = jsonLd(html);
    expect(product).toMatchObject({
      '@context': 'https://schema.org',
      '@type': 'Product',
      name: 'Tanjiro Kamado Figure',
      sku: id,
      url: `${ORIGIN}/product/${id}`,
      image: [`${ORIGIN}/media/tanjiro.png`],
      offers: { '@type': 'Offer', price: '1999.50', priceCurrency: 'INR', availability: 'https://schema.org/InStock', url: `${ORIGIN}/product/${id}` },
      aggregateRating: { '@type': 'AggregateRating', ratingValue: 4.6, reviewCount: 3 },
    });
    expect(crumbs).toMatchObject({
      '@type': 'BreadcrumbList',
      itemListElement: [
        { position: 1, name: 'Home', item: `${ORIGIN}/` },
        { position: 2, name: 'Anime Figures', item: `${ORIGIN}/anime-figures` },
        { position: 3, name: 'Tanjiro Kamado Figure', item: `${ORIGIN}/product/${id}` },
      ],
    });
  });

  it('an out-of-stock product without reviews: OutOfStock, no AggregateRating, remote image kept absolute', async () => {
    const { id } = ids.get('Gojo Satoru Keychain')!;
    const html = (await page(`/product/${id}`)).body;
    const [product, crumbs] = jsonLd(html);
    expect(product.offers).toMatchObject({ price: '349.00', priceCurrency: 'INR', availability: 'https://schema.org/OutOfStock' });
    expect(product.aggregateRating).toBeUndefined();
    expect(product.image).toEqual(['https://images.example.com/gojo.jpg']);
    expect(crumbs.itemListElement[1]).toMatchObject({ name: 'Keychains', item: `${ORIGIN}/keychains` });
  });

  it('a name holding </script> cannot break out of the JSON-LD or the tags', async () => {
    const { id } = ids.get(HOSTILE)!;
    const html = (await page(`/product/${id}`)).body;
    expect(html).not.toContain('<script>alert(1)</script>');
    const [product] = jsonLd(html);
    expect(product.name).toBe(HOSTILE);
    expect(product.description).toBe('desc with </script> & "quotes"');
    expect(title(html)).toBe('Evil &lt;/script&gt;&lt;script&gt;alert(1)&lt;/script&gt; Figure · Anime Collectibles');
    expect(meta(html, 'og:title')).toBe(`${HOSTILE} · Anime Collectibles`);
  });

  it('category pages: title, description with the count, canonical (singular slugs point to the plural), breadcrumbs', async () => {
    for (const [url, canonical, name, count] of [
      ['/anime-figures', '/anime-figures', 'Anime Figures', 2],
      ['/anime-figure', '/anime-figures', 'Anime Figures', 2],
      ['/keychains', '/keychains', 'Keychains', 1],
      ['/keychain', '/keychains', 'Keychains', 1],
    ] as const) {
      const res = await page(url);
      expect(res.statusCode, url).toBe(200);
      expect(title(res.body)).toBe(`${name} · Anime Collectibles`);
      expect(meta(res.body, 'description')).toContain(`Shop ${count} ${name.toLowerCase()}`);
      expect(canonicals(res.body)).toEqual([ORIGIN + canonical]);
      expect(meta(res.body, 'og:url')).toBe(ORIGIN + canonical);
      expect(meta(res.body, 'twitter:card')).toMatch(/^summary/);
      const [crumbs] = jsonLd(res.body);
      expect(crumbs).toMatchObject({ '@type': 'BreadcrumbList', itemListElement: [{ name: 'Home' }, { name, item: ORIGIN + canonical }] });
    }
  });

  it('all products (and /all-products) point to /products; home carries Organization and WebSite with a SearchAction', async () => {
    for (const url of ['/products', '/all-products']) {
      const html = (await page(url)).body;
      expect(title(html)).toBe('All Products · Anime Collectibles');
      expect(canonicals(html)).toEqual([`${ORIGIN}/products`]);
      expect(meta(html, 'description')).toContain('All 3 anime figures and keychains');
    }
    const home = (await page('/')).body;
    expect(title(home)).toBe('Anime Collectibles — anime figures and keychains');
    expect(canonicals(home)).toEqual([`${ORIGIN}/`]);
    const [org, site] = jsonLd(home);
    expect(org).toMatchObject({ '@type': 'Organization', name: 'Anime Collectibles', url: `${ORIGIN}/` });
    expect(site).toMatchObject({
      '@type': 'WebSite',
      potentialAction: {
        '@type': 'SearchAction',
        target: { urlTemplate: `${ORIGIN}/search?q={search_term_string}` },
        'query-input': 'required name=search_term_string',
      },
    });
  });

  it('search names the query and the number of results', async () => {
    const html = (await page('/search?q=gojo')).body;
    expect(title(html)).toBe('Search: gojo · Anime Collectibles');
    expect(meta(html, 'description')).toBe('1 product found for “gojo” at Anime Collectibles.');
    expect(canonicals(html)).toEqual([`${ORIGIN}/search?q=gojo`]);
  });

  it('an unknown or removed product and an unknown route answer 404 with noindex; private pages stay 200', async () => {
    const missing = await page('/product/no-such-product');
    expect(missing.statusCode).toBe(404);
    expect(missing.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(title(missing.body)).toBe('Product Not Found · Anime Collectibles');
    expect(meta(missing.body, 'robots')).toBe('noindex');
    const unknown = await page('/no/such/page');
    expect(unknown.statusCode).toBe(404);
    expect(title(unknown.body)).toBe('Page not found · Anime Collectibles');
    for (const url of ['/cart', '/checkout', '/orders', '/profile', '/login', '/wishlist', '/sitemap', '/about', '/search']) {
      expect((await page(url)).statusCode, url).toBe(200);
    }
    // Removing a product turns its page into a 404.
    const admin = (await loginAdmin(ctx.app)).auth;
    await importCsv(ctx.app, admin, ['Short Lived Figure,Anime Figures,500,,,false,false,,gone soon,true,4,0,1']);
    const { id } = (await productsByName(ctx.app, admin)).get('Short Lived Figure')!;
    expect((await page(`/product/${id}`)).statusCode).toBe(200);
    expect((await ctx.app.inject({ method: 'DELETE', url: `/api/admin/products/${id}`, headers: admin })).statusCode).toBe(200);
    expect((await page(`/product/${id}`)).statusCode).toBe(404);
    // The API and asset rules are unchanged.
    expect((await page('/api/nope')).json()).toMatchObject({ success: false });
    expect((await page('/assets/missing.js')).statusCode).toBe(404);
  });
});
