import type { Browser, CDPSession, Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { useStore, waitForHydration } from '../harness.js';
import { products } from './shopper-session.js';

/**
 * The LCP: the largest contentful paint of a server-rendered page is painted from the server's HTML alone, and
 * the application changes nothing about it. Chromium's own `largest-contentful-paint` candidates (read through the
 * DevTools protocol, which reports them with JavaScript off too) on a phone-sized page, JavaScript off and on: the
 * last candidate is the page's priority image (`fetchpriority="high"`, the one the server preloads) both times, and
 * stays so once the app has hydrated. Measured before the fix: the page's fade-in (`main` from opacity 0) kept the
 * content out of the first paint, and the hero was then not counted at all in most loads (a card was, later).
 */
describe('storefront: the largest contentful paint comes from the server HTML', () => {
  const store = useStore();
  let productPath: string;
  beforeAll(async () => {
    productPath = `/product/${(await products(store)).find((p) => p.category === 'Anime Figures')!.id}`;
  });

  interface Candidate {
    url: string;
    size: number;
  }

  /** A phone-sized page (Lighthouse's mobile screen), motion not reduced, recording the LCP candidates. */
  async function openRecording(browser: Browser, javaScriptEnabled: boolean) {
    const context = await browser.newContext({
      baseURL: store.baseUrl,
      viewport: { width: 412, height: 823 },
      deviceScaleFactor: 1.75,
      isMobile: true,
      hasTouch: true,
      javaScriptEnabled,
    });
    const page = await context.newPage();
    const cdp: CDPSession = await context.newCDPSession(page);
    const candidates: Candidate[] = [];
    cdp.on('PerformanceTimeline.timelineEventAdded', ({ event }) => {
      if (event.lcpDetails) candidates.push({ url: event.lcpDetails.url ?? '', size: event.lcpDetails.size });
    });
    await cdp.send('PerformanceTimeline.enable', { eventTypes: ['largest-contentful-paint'] });
    return { page, candidates };
  }

  /**
   * The page's priority image (the copy the browser chose) and the pictures that tie with it: cards of one row are
   * drawn at the same size, and Chrome keeps the first of equal candidates painted, whichever arrived first.
   */
  const largestImages = (page: Page) =>
    page.evaluate(() => {
      const area = (img: HTMLImageElement) => {
        const r = img.getBoundingClientRect();
        return Math.max(0, Math.min(r.right, innerWidth) - Math.max(r.left, 0)) * Math.max(0, Math.min(r.bottom, innerHeight) - Math.max(r.top, 0));
      };
      const priority = document.querySelector<HTMLImageElement>('img[fetchpriority="high"]');
      if (!priority) return { priority: 'no priority image', ties: [] as string[] };
      const size = area(priority);
      const ties = [...document.images].filter((img) => img.currentSrc && Math.abs(area(img) - size) <= size * 0.01).map((img) => img.currentSrc);
      return { priority: priority.currentSrc, ties };
    });

  /** The last candidate when it is the priority image or ties with it, else what it is (for the failure message). */
  const lastOf = (candidates: Candidate[], images: { priority: string; ties: string[] }) => {
    const url = candidates.at(-1)?.url ?? 'no candidate yet';
    return images.ties.includes(url) ? images.priority : url;
  };

  it('home, a category page, a product page and a search page: the same LCP image without and with JavaScript', async () => {
    const pages = ['/', '/anime-figures', productPath, '/search?q=naruto'];
    for (const path of pages) {
      // A fresh pair of browser contexts (empty caches) per page: Chrome picks a larger srcset copy it already holds,
      // and home's keychain showcase is a random sample drawn at full width, so a shared cache made the two contexts
      // choose different copies of the same picture on a later page (CI: /search?q=naruto, 960 vs 480 px wide).
      const off = await openRecording(store.browser, false);
      await off.page.goto(path, { waitUntil: 'load' });
      const images = await largestImages(off.page);
      expect(images.priority, path).toMatch(/\/media\/resized\/\d+\//);
      // The page's content is painted as it arrives: no entrance animation from opacity 0 on the page it opened.
      expect(await off.page.evaluate(() => getComputedStyle(document.getElementById('main')!).animationName), path).toBe('none');
      await expect.poll(() => lastOf(off.candidates, images), { message: `${path} without JavaScript` }).toBe(images.priority);

      const on = await openRecording(store.browser, true);
      await on.page.goto(path, { waitUntil: 'load' });
      await waitForHydration(on.page);
      const hydrated = await largestImages(on.page);
      expect(hydrated.priority, path).toBe(images.priority);
      await expect.poll(() => lastOf(on.candidates, hydrated), { message: `${path} with JavaScript` }).toBe(images.priority);
      // Hydrated and idle: nothing the application rendered became a larger paint.
      await on.page.evaluate(() => new Promise((done) => requestIdleCallback(() => done(null), { timeout: 5000 })));
      expect(lastOf(on.candidates, hydrated), path).toBe(images.priority);
      expect(await on.page.evaluate(() => getComputedStyle(document.getElementById('main')!).animationName), path).toBe('none');
      await off.page.context().close();
      await on.page.context().close();
    }
  });

  it('a page reached inside the app still fades in', async () => {
    const { page } = await openRecording(store.browser, true);
    await page.goto('/', { waitUntil: 'load' });
    await waitForHydration(page);
    await page.locator('a.tile[href="/anime-figures"]').click();
    await page.waitForURL(/\/anime-figures$/);
    await expect.poll(() => page.evaluate(() => getComputedStyle(document.getElementById('main')!).animationName)).toBe('page-in');
    await page.context().close();
  });
});
