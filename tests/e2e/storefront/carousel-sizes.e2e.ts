import { describe, expect, it } from 'vitest';
import { useStore } from '../harness.js';
import { openPage } from './shopper-session.js';

/** Carousels as the spec sizes them (DECISIONS §6): hero 80vh and categories 70vh by default, the admin's height when set. */
describe('storefront: carousel sizes', () => {
  const demo = useStore();

  /**
   * The carousel's height once it shows `source`'s slides, read with its source in one look at the page: null while
   * it shows the other source. Polled, because the page passes through a read that is not yet the last one (under load
   * CI saw the fallback hero of one read, then 600 px from another, before settling).
   */
  const settledHeight = (page: import('playwright-core').Page, selector: string, source: 'server' | 'fallback') => () =>
    page.evaluate(
      ([sel, src]) => {
        const element = document.querySelector(sel);
        return element?.getAttribute('data-source') === src ? Math.round(element.getBoundingClientRect().height) : null;
      },
      [selector, source] as const,
    );

  it('without server carousels: hero 80vh with its call-to-action, a category 70vh; with them, the height the admin set', async () => {
    const page = await openPage(demo.browser, demo.baseUrl, { width: 1280 }); // 1280 × 900
    // The built-in slides (what a missing or inactive carousel gives).
    await page.route('**/api/carousels/**', (route) =>
      route.fulfill({ status: 404, contentType: 'application/json', body: JSON.stringify({ success: false, error: 'Carousel not found' }) }),
    );
    await page.goto('/');
    await expect.poll(settledHeight(page, '.carousel--hero', 'fallback'), { timeout: 15_000 }).toBe(720);
    await page.locator('.carousel--hero .carousel__slide').first().getByRole('link').waitFor();
    await page.goto('/anime-figures');
    await expect.poll(settledHeight(page, '.carousel--anime-figures', 'fallback'), { timeout: 15_000 }).toBe(630);
    await page.unroute('**/api/carousels/**');
    // The demo carousels as seeded: hero 600px, categories 500px.
    await page.goto('/');
    await expect.poll(settledHeight(page, '.carousel--hero', 'server'), { timeout: 15_000 }).toBe(600);
    await page.goto('/keychains');
    await expect.poll(settledHeight(page, '.carousel--keychains', 'server'), { timeout: 15_000 }).toBe(500);
    await page.context().close();
  });
});
