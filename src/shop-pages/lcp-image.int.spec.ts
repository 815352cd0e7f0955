import { execFileSync } from 'node:child_process';
import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import sharp from 'sharp';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../app.js';
import { createTestApp, loginAdmin, type TestContext } from '../../tests/helpers/test-runtime.js';
import { importCsv, productsByName } from './test-catalogue.js';

/**
 * The LCP: the HTML of each public page, fetched without JavaScript, already names the page's largest image
 * (real `src`, loaded eagerly at high priority, visible without the fade of lazy images) and the head preloads it
 * ahead of the scripts; the stylesheet comes inside the HTML, not as a render-blocking request.
 */
const priorityImages = (html: string) => [...html.matchAll(/<img\b[^>]*\bfetchpriority="high"[^>]*>/gi)].map((m) => m[0]);
const attr = (tag: string, name: string) => new RegExp(`\\s${name}="([^"]*)"`, 'i').exec(tag)?.[1];
const head = (html: string) => html.slice(0, html.indexOf('</head>'));
const preloadTags = (html: string) => [...head(html).matchAll(/<link rel="preload" as="image" href="([^"]+)"[^>]*fetchpriority="high"[^>]*>/g)];
const preloads = (html: string) => preloadTags(html).map((m) => m[1]);
/** The resized copies web/src/lib/responsive-images.ts lists for one of our images (src/modules/media/image-variants.ts). */
const variantSrcSet = (src: string) => [320, 480, 640, 960, 1280].map((w) => `${src.replace(/^\/media\//, `/media/resized/${w}/`)} ${w}w`).join(', ');

function expectLcpImage(html: string, src: string) {
  const images = priorityImages(html);
  expect(images, 'one high-priority image').toHaveLength(1);
  const img = images[0]!;
  expect(attr(img, 'src')).toBe(src);
  expect(attr(img, 'loading')).toBe('eager');
  // Not the lazy images' class, which starts at opacity 0 until JavaScript sees the load.
  expect(attr(img, 'class')).not.toMatch(/lazy-image/);
  expect(preloads(html)).toEqual([src]);
  // Sized for the screen: the img and its preload name the same resized copies, so the browser fetches one of them once.
  expect(attr(img, 'srcset')).toBe(variantSrcSet(src));
  expect(attr(img, 'sizes')).toBeTruthy();
  const preload = preloadTags(html)[0]![0];
  expect(attr(preload, 'imagesrcset')).toBe(attr(img, 'srcset'));
  expect(attr(preload, 'imagesizes')).toBe(attr(img, 'sizes'));
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
      expect((await ctx.app.inject({ method: 'POST', url: base, headers: admin, payload: { image: '/media/second.webp', title: 'Second' } })).statusCode).toBe(
        201,
      );
    }
    // The product picture exists on disk, so its resized copies can be asked for (the others are only named).
    const media = path.resolve(ctx.runtime.env.DATA_DIR, 'media');
    await mkdir(media, { recursive: true });
    await writeFile(
      path.join(media, 'tanjiro.png'),
      await sharp({ create: { width: 1000, height: 1000, channels: 3, background: '#2c3e50' } })
        .png()
        .toBuffer(),
    );
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

  it("every copy the product page's srcset names is served, a WebP no wider than its descriptor", async () => {
    const html = await page(`/product/${ids.get('Tanjiro Kamado Figure')!.id}`);
    const candidates = attr(priorityImages(html)[0]!, 'srcset')!
      .split(', ')
      .map((c) => c.split(' '));
    expect(candidates).toHaveLength(5);
    for (const [url, descriptor] of candidates) {
      const res = await web.inject({ url: url! });
      expect(res.statusCode, url).toBe(200);
      expect(res.headers['content-type'], url).toBe('image/webp');
      const { width } = await sharp(res.rawPayload).metadata();
      expect(width, url).toBe(Math.min(1000, Number.parseInt(descriptor!, 10)));
    }
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
    expect(home).toMatch(/<img srcset="[^"]+" sizes="[^"]+" src="\/media\/(tanjiro|gojo)\.png"[^>]*loading="eager"[^>]*width="400" height="400"/i);
  });

  it("images below the fold carry their src and srcset too, left to the browser's lazy loading", async () => {
    const home = await page('/');
    // The keychain showcase (Gojo is the only keychain) is not eager: its picture is lazy, yet in the HTML.
    const lazy = [...home.matchAll(/<img\b[^>]*>/g)].map((m) => m[0]).filter((tag) => attr(tag, 'loading') === 'lazy');
    const gojo = lazy.filter((tag) => attr(tag, 'src') === '/media/gojo.png');
    expect(gojo.length).toBeGreaterThan(0);
    for (const tag of gojo) {
      expect(attr(tag, 'srcset')).toBe(variantSrcSet('/media/gojo.png'));
      expect(attr(tag, 'class')).not.toMatch(/lazy-image/);
    }
  });

  it('the stylesheet is inline: no render-blocking stylesheet request before the first paint', async () => {
    for (const url of ['/', '/anime-figures', '/search?q=gojo', '/cart']) {
      const html = await page(url);
      expect(head(html), url).toMatch(/<style data-href="\/assets\/[^"]+\.css">[^<]*\.lazy-image/);
      expect(head(html), url).not.toContain('rel="stylesheet"');
    }
  });
});
