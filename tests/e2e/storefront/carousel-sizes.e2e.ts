import { describe, expect, it } from 'vitest';
import { useStore } from '../harness.js';
import { openPage } from './shopper-session.js';

/** Carousels as the spec sizes them (DECISIONS §6): hero 80vh and categories 70vh by default, the admin's height when set. */
describe('storefront: carousel sizes', () => {
  const demo = useStore();

  const heightOf = async (page: import('playwright-core').Page, selector: string) => Math.round((await page.locator(selector).first().boundingBox())!.height);

  it('without server carousels: hero 80vh with its call-to-action, a category 70vh; with them, the height the admin set', async () => {
    const page = await openPage(demo.browser, demo.baseUrl, { width: 1280 }); // 1280 × 900
    // The built-in slides (what a missing or inactive carousel gives).
    await page.route('**/api/carousels/**', (route) =>
      route.fulfill({ status: 404, contentType: 'application/json', body: JSON.stringify({ success: false, error: 'Carousel not found' }) }),
    );
    await page.goto('/');
    await page.locator('.carousel--hero[data-source=fallback]').waitFor();
    expect(await heightOf(page, '.carousel--hero')).toBe(720);
    await page.locator('.carousel--hero .carousel__slide').first().getByRole('link').waitFor();
    await page.goto('/anime-figures');
    await page.locator('.carousel--anime-figures[data-source=fallback]').waitFor();
    expect(await heightOf(page, '.carousel--anime-figures')).toBe(630);
    await page.unroute('**/api/carousels/**');
    // The demo carousels as seeded: hero 600px, categories 500px.
    await page.goto('/');
    await page.locator('.carousel--hero[data-source=server]').waitFor();
    expect(await heightOf(page, '.carousel--hero')).toBe(600);
    await page.goto('/keychains');
    await page.locator('.carousel--keychains[data-source=server]').waitFor();
    expect(await heightOf(page, '.carousel--keychains')).toBe(500);
    await page.context().close();
  });
});
