import { execFileSync } from 'node:child_process';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../app.js';
import { createTestApp, loginAdmin, type TestContext } from '../../tests/helpers/test-runtime.js';
import { importCsv, productsByName } from './test-catalogue.js';

const ORIGIN = 'https://shop.example.in';
const meta = (html: string, key: string) => new RegExp(`<meta (?:name|property)="${key}" content="([^"]*)"`).exec(html)?.[1];

/**
 * What a visitor can put in a storefront URL: parameters the page does not read change nothing and render nothing,
 * fresh renders have a budget per client, the search page refuses what the search API refuses, results pages are
 * not indexed, and every page shares with a picture.
 */
describe('storefront pages: what a URL can cost and say', () => {
  let ctx: TestContext;
  let web: FastifyInstance;
  let ids: Map<string, { id: string }>;
  const from = (remoteAddress: string) => (url: string) => web.inject({ url, remoteAddress });
  beforeAll(async () => {
    execFileSync(process.execPath, ['scripts/build-frontends.mjs', '--if-missing'], { stdio: 'inherit' });
    // Two fresh renders per client per minute: enough to see the budget run out.
    ctx = await createTestApp({ env: { PUBLIC_URL: ORIGIN }, limits: { rendersPerMinute: 2 } });
    const admin = (await loginAdmin(ctx.app)).auth;
    await importCsv(ctx.app, admin, [
      'Tanjiro Kamado Figure,Anime Figures,1999,2499,20,true,true,/media/tanjiro.png,Demon Slayer 18 cm PVC,true,4.6,3,6',
      'Pictureless Keychain,Keychains,199,,,false,false,,no photo yet,true,4,0,3',
    ]);
    ids = await productsByName(ctx.app, admin);
    web = await buildApp(ctx.runtime, { serveFrontends: true });
    await web.ready();
  }, 180_000);
  afterAll(async () => {
    await web?.close();
    await ctx?.close();
  });

  it('campaign tags and unknown parameters are served the cached render of the page; a new page past the budget is a 429', async () => {
    const page = from('203.0.113.7');
    const plain = await page('/products');
    expect(plain.statusCode).toBe(200);
    for (const url of [
      '/products?utm_source=newsletter&utm_medium=email&utm_campaign=diwali',
      '/products?fbclid=IwAR0abc',
      '/products?gclid=Cj0KCQ',
      `/products?utm=${Math.random().toString(36).slice(2)}`,
      '/products?page=1&zzz=1',
    ]) {
      const tagged = await page(url);
      expect(tagged.statusCode, url).toBe(200);
      // The very same render: nothing of the extra parameters reaches the page.
      expect(tagged.body, url).toBe(plain.body);
    }
    // A second page of its own is the second render of the minute…
    expect((await page('/products?page=2')).statusCode).toBe(200);
    // …and a third is refused, with when to come back.
    const refused = await page('/products?page=3');
    expect(refused.statusCode).toBe(429);
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    expect(Number(refused.headers['retry-after'])).toBeLessThanOrEqual(60);
    expect(refused.body).toContain('Too many requests');
    // Pages already rendered are still served, and another client has its own budget.
    expect((await page('/products?page=2&utm_source=x')).statusCode).toBe(200);
    expect((await from('198.51.100.9')('/products?page=3')).statusCode).toBe(200);
  });

  it('a search term longer than the API takes is refused with its message, never rendered', async () => {
    const page = from('192.0.2.21');
    const long = 'x'.repeat(7000);
    const refused = await page(`/search?q=${long}`);
    expect(refused.statusCode).toBe(400);
    expect(refused.body).toContain('Search term is too long');
    expect(refused.body).not.toContain('xxxxxxxxxx');
    expect(meta(refused.body, 'robots')).toBe('noindex');
    // The API's own answer to the same term.
    expect((await ctx.app.inject({ url: `/api/products/search?q=${long}` })).json()).toEqual({ success: false, error: 'Search term is too long' });
    expect((await page(`/search?q=${'x'.repeat(200)}`)).statusCode).toBe(200);
  });

  it('search results pages are noindex, whatever ?q= says', async () => {
    const html = (await from('192.0.2.22')('/search?q=Store%20closed.%20Call%20for%20refunds')).body;
    expect(meta(html, 'robots')).toBe('noindex');
  });

  it('a product without a picture, and pages without one, share the shop’s default image', async () => {
    const page = from('192.0.2.23');
    const other = from('192.0.2.24');
    const { id } = ids.get('Pictureless Keychain')!;
    const product = (await page(`/product/${id}`)).body;
    expect(meta(product, 'og:image')).toBe(`${ORIGIN}/og-image.png`);
    expect(meta(product, 'twitter:image')).toBe(`${ORIGIN}/og-image.png`);
    expect(meta((await page('/')).body, 'og:image')).toBe(`${ORIGIN}/og-image.png`);
    const pictured = ids.get('Tanjiro Kamado Figure')!.id;
    expect(meta((await other(`/product/${pictured}`)).body, 'og:image')).toBe(`${ORIGIN}/media/tanjiro.png`);
    // The picture is there to fetch (a PNG, as link previews want).
    const image = await other('/og-image.png');
    expect(image.statusCode).toBe(200);
    expect(image.headers['content-type']).toBe('image/png');
  });
});
