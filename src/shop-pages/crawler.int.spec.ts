import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../app.js';
import { createTestApp, loginAdmin, type TestContext } from '../../tests/helpers/test-runtime.js';
import { importCsv, productsByName } from './test-catalogue.js';

const ORIGIN = 'https://shop.example.in';
const locs = (xml: string) => [...xml.matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => m[1]!);

describe('crawling: /robots.txt and /sitemap.xml from the catalogue', () => {
  let ctx: TestContext;
  let admin: Record<string, string>;
  let small: FastifyInstance;
  beforeAll(async () => {
    ctx = await createTestApp({ env: { PUBLIC_URL: ORIGIN } });
    admin = (await loginAdmin(ctx.app)).auth;
    await importCsv(ctx.app, admin, [
      'Tanjiro Kamado Figure,Anime Figures,1999,,,false,true,,Demon Slayer,true,4.6,3,6',
      'Gojo Satoru Keychain,Keychains,349,,,false,false,,Jujutsu,true,4.1,2,40',
    ]);
    // The same store with a sitemap threshold of 3 URLs per file, to reach the index without 50,000 products.
    small = await buildApp(ctx.runtime, { crawler: { sitemapMaxUrls: 3 } });
    await small.ready();
  });
  afterAll(async () => {
    await small.close();
    await ctx.close();
  });

  it('robots.txt is plain text, keeps crawlers out of private pages and the API, and names the sitemap', async () => {
    const res = await ctx.app.inject('/robots.txt');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/plain; charset=utf-8');
    for (const path of ['/admin', '/cart', '/checkout', '/orders', '/profile', '/wishlist', '/api/']) {
      expect(res.body).toContain(`Disallow: ${path}\n`);
    }
    expect(res.body).toContain(`Sitemap: ${ORIGIN}/sitemap.xml`);
  });

  it('sitemap.xml lists home, the listing and category pages and every product with its last change', async () => {
    const res = await ctx.app.inject('/sitemap.xml');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/xml; charset=utf-8');
    expect(res.body).toMatch(/^<\?xml version="1.0" encoding="UTF-8"\?>\n<urlset xmlns="http:\/\/www.sitemaps.org\/schemas\/sitemap\/0.9">/);
    const products = await productsByName(ctx.app, admin);
    const tanjiro = products.get('Tanjiro Kamado Figure')!;
    expect(res.body).toContain(`<url><loc>${ORIGIN}/product/${tanjiro.id}</loc><lastmod>${tanjiro.updated_at}</lastmod></url>`);
    expect(locs(res.body).sort()).toEqual(
      [
        `${ORIGIN}/`,
        `${ORIGIN}/products`,
        `${ORIGIN}/anime-figures`,
        `${ORIGIN}/keychains`,
        ...[...products.values()].map((p) => `${ORIGIN}/product/${p.id}`),
      ].sort(),
    );
    // The spec's /sitemap page for people is not this file.
    expect(locs(res.body)).not.toContain(`${ORIGIN}/sitemap`);
  });

  it('is current after an import and after a removal', async () => {
    await importCsv(ctx.app, admin, ['Levi Ackerman Figure,Anime Figures,2499,,,false,false,,Attack on Titan,true,4.8,0,2']);
    const levi = (await productsByName(ctx.app, admin)).get('Levi Ackerman Figure')!;
    expect(locs((await ctx.app.inject('/sitemap.xml')).body)).toContain(`${ORIGIN}/product/${levi.id}`);
    const del = await ctx.app.inject({ method: 'DELETE', url: `/api/admin/products/${levi.id}`, headers: admin });
    expect(del.statusCode).toBe(200);
    expect(locs((await ctx.app.inject('/sitemap.xml')).body)).not.toContain(`${ORIGIN}/product/${levi.id}`);
  });

  it('past the threshold, sitemap.xml is an index of /sitemap-products-N.xml parts that hold every URL once', async () => {
    const index = await small.inject('/sitemap.xml');
    expect(index.headers['content-type']).toBe('application/xml; charset=utf-8');
    expect(index.body).toContain('<sitemapindex xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">');
    // 4 pages + 2 products = 6 URLs -> 2 parts of 3.
    expect(locs(index.body)).toEqual([`${ORIGIN}/sitemap-products-1.xml`, `${ORIGIN}/sitemap-products-2.xml`]);
    const all: string[] = [];
    for (const n of [1, 2]) {
      const part = await small.inject(`/sitemap-products-${n}.xml`);
      expect(part.statusCode).toBe(200);
      expect(part.headers['content-type']).toBe('application/xml; charset=utf-8');
      expect(part.body).toContain('<urlset');
      all.push(...locs(part.body));
    }
    expect(all).toHaveLength(6);
    expect(new Set(all).size).toBe(6);
    expect(locs((await ctx.app.inject('/sitemap.xml')).body).sort()).toEqual([...all].sort());
    expect((await small.inject('/sitemap-products-3.xml')).statusCode).toBe(404);
    expect((await small.inject('/sitemap-products-x.xml')).statusCode).toBe(404);
  });

  it('PUBLIC_URL must be an http(s) origin without a trailing slash', async () => {
    const { loadEnv } = await import('../config/env.js');
    expect(() => loadEnv({ PUBLIC_URL: 'https://shop.example.in/' })).toThrow(/PUBLIC_URL/);
    expect(() => loadEnv({ PUBLIC_URL: 'ftp://shop.example.in' })).toThrow(/PUBLIC_URL/);
    expect(loadEnv({ PUBLIC_URL: 'https://shop.example.in' }).PUBLIC_URL).toBe(ORIGIN);
  });
});
