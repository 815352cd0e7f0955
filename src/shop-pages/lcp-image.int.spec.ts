import { execFileSync } from 'node:child_process';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../app.js';
import { createTestApp, loginAdmin, type TestContext } from '../../tests/helpers/test-runtime.js';
import { importCsv, productsByName } from './test-catalogue.js';

/**
 * Issue 15's LCP: the HTML of each public page, fetched without JavaScript, already names the page's largest image
 * (real `src`, loaded eagerly at high priority, visible without the fade of lazy images) and the head preloads it
 * ahead of the scripts; the stylesheet comes inside the HTML, not as a render-blocking request.
 */
const priorityImages = (html: string) => [...html.matchAll(/<img\b[^>]*\bfetchpriority="high"[^>]*>/gi)].map((m) => m[0]);
const attr = (tag: string, name: string) => new RegExp(`\\s${name}="([^"]*)"`, 'i').exec(tag)?.[1];
const head = (html: string) => html.slice(0, html.indexOf('</head>'));
const preloads = (html: string) => [...head(html).matchAll(/<link rel="preload" as="image" href="([^"]+)"[^>]*fetchpriority="high"[^>]*>/g)].map((m) => m[1]);

function expectLcpImage(html: string, src: string) {
  const images = priorityImages(html);
  expect(images, 'one high-priority image').toHaveLength(1);
  const img = images[0]!;
  expect(attr(img, 'src')).toBe(src);
  expect(attr(img, 'loading')).toBe('eager');
  // Not the lazy images' class, which starts at opacity 0 until JavaScript sees the load.
  expect(attr(img, 'class')).not.toMatch(/lazy-image/);
  expect(preloads(html)).toEqual([src]);
  // The preload comes before the module script, so the image is asked for first.
  expect(head(html).indexOf('rel="preload" as="image"')).toBeLessThan(head(html).indexOf('<script type="module"'));
}

describe('the LCP image and the first paint are in the server HTML', () => {
  let ctx: TestContext;
  let web: FastifyInstance;
  let ids: Map<string, { id: string }>;
  const page = async (url: string) => {
    const res = await web.inject({ url });
    expect(res.statusCode, url).toBe(200);
    return res.body;
  };
  beforeAll(async () => {
    execFileSync(process.execPath, ['scripts/build-frontends.mjs', '--if-missing'], { stdio: 'inherit' });
    ctx = await createTestApp();
    const admin = (await loginAdmin(ctx.app)).auth;
    await importCsv(ctx.app, admin, [
      'Tanjiro Kamado Figure,Anime Figures,1999,2499,20,true,true,/media/tanjiro.png,Demon Slayer 18 cm PVC,true,4.6,3,6',
      'Gojo Satoru Keychain,Keychains,349,,,false,true,/media/gojo.png,Jujutsu Kaisen charm,true,4.1,2,40',
    ]);
    ids = await productsByName(ctx.app, admin);
    for (const [name, image] of [
      ['hero', '/media/hero-banner.webp'],
      ['anime-figures', '/media/figures-banner.webp'],
    ] as const) {
      const created = await ctx.app.inject({ method: 'POST', url: '/api/carousels/admin', headers: admin, payload: { name, title: name } });
      expect(created.statusCode).toBe(201);
      const base = `/api/carousels/admin/${created.json().carousel.id}/slides`;
      expect((await ctx.app.inject({ method: 'POST', url: base, headers: admin, payload: { image, title: 'First' } })).statusCode).toBe(201);
      expect((await ctx.app.inject({ method: 'POST', url: base, headers: admin, payload: { image: '/media/second.webp', title: 'Second' } })).statusCode).toBe(201);
    }
    web = await buildApp(ctx.runtime, { serveFrontends: true });
    await web.ready();
  }, 180_000);
  afterAll(async () => {
    await web?.close();
    await ctx?.close();
  });

  it('product page: the main picture', async () => {
    expectLcpImage(await page(`/product/${ids.get('Tanjiro Kamado Figure')!.id}`), '/media/tanjiro.png');
  });

  it('search and all products: the first result', async () => {
    expectLcpImage(await page('/search?q=gojo'), '/media/gojo.png');
    const all = await page('/products');
    const first = attr(priorityImages(all)[0] ?? '', 'src');
    expect(['/media/tanjiro.png', '/media/gojo.png']).toContain(first);
    expectLcpImage(all, first!);
  });

  it('home and a category page: the first slide of their carousel; the other slides and cards below wait', async () => {
    const home = await page('/');
    expectLcpImage(home, '/media/hero-banner.webp');
    // The second slide is not loaded with the page (no src until the carousel needs it).
    expect(home).not.toContain('src="/media/second.webp"');
    expectLcpImage(await page('/anime-figures'), '/media/figures-banner.webp');
  });

  it('above-the-fold product cards carry their src without JavaScript', async () => {
    const home = await page('/');
    // Featured products: the first cards' images are in the HTML with their size.
    expect(home).toMatch(/<img src="\/media\/(tanjiro|gojo)\.png"[^>]*loading="eager"[^>]*width="400" height="400"/);
  });

  it('the stylesheet is inline: no render-blocking stylesheet request before the first paint', async () => {
    for (const url of ['/', '/anime-figures', '/search?q=gojo', '/cart']) {
      const html = await page(url);
      expect(head(html), url).toMatch(/<style data-href="\/assets\/[^"]+\.css">[^<]*\.lazy-image/);
      expect(head(html), url).not.toContain('rel="stylesheet"');
    }
  });
});
