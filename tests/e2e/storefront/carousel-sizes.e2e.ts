import { describe, expect, it } from 'vitest';
import { useStore } from '../harness.js';
import { carouselHistory, recordCarousels, sourcesOf } from './carousel-history.js';
import { openPage } from './shopper-session.js';

/** Carousels as the spec sizes them: hero 80vh and categories 70vh by default, the admin's height when set. */
describe('storefront: carousel sizes', () => {
  const demo = useStore();

  /**
   * The carousel's height once it shows `source`'s slides, read with its source in one look at the page: null while
   * it shows the other source. Polled: when the source changes, the laid-out height follows a frame later (10–96 ms
   * measured under load), because with reduced motion every property change is a 0.01 ms transition (index.css) —
   * a read in between saw the fallback at the server's 600 px ('expected 600 to be 720').
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
    await recordCarousels(page);
    // The built-in slides (what a missing or inactive carousel gives).
    await page.route('**/api/carousels/**', (route) =>
      route.fulfill({ status: 404, contentType: 'application/json', body: JSON.stringify({ success: false, error: 'Carousel not found' }) }),
    );
    await page.goto('/');
    await expect.poll(settledHeight(page, '.carousel--hero', 'fallback'), { timeout: 15_000 }).toBe(720);
    // Its call-to-action: the hero's one Shop Now (a slide's own "Shop Now" is not shown beside it).
    await page.locator('.carousel--hero').getByRole('button', { name: 'Shop Now', exact: true }).waitFor();
    expect(await page.locator('.carousel--hero').getByText('Shop Now', { exact: true }).count()).toBe(1);
    await page.goto('/anime-figures');
    await expect.poll(settledHeight(page, '.carousel--anime-figures', 'fallback'), { timeout: 15_000 }).toBe(630);
    await page.unroute('**/api/carousels/**');
    // The demo carousels as seeded: hero 600px, categories 500px.
    await page.goto('/');
    await expect.poll(settledHeight(page, '.carousel--hero', 'server'), { timeout: 15_000 }).toBe(600);
    await page.goto('/keychains');
    await expect.poll(settledHeight(page, '.carousel--keychains', 'server'), { timeout: 15_000 }).toBe(500);

    // What the browser showed, look by look (recorded in the page): with the carousels answered 404 the server's HTML
    // (which has them) gives way to the built-in slides once, never back; with them, the server's slides at the admin's
    // height from the first paint to the end, no fallback and no change of height (no layout shift).
    const history = await carouselHistory(page);
    const visit = (n: number) => history.filter((look) => look.visit === n);
    expect(sourcesOf(visit(1)), 'home, carousels refused').toEqual(['server', 'fallback']);
    expect(visit(1).at(-1)).toMatchObject({ name: 'carousel--hero', height: 720, hydrated: true });
    expect(sourcesOf(visit(2)), 'category, carousels refused').toEqual(['server', 'fallback']);
    expect(visit(2).at(-1)).toMatchObject({ name: 'carousel--anime-figures', height: 630, hydrated: true });
    expect(
      visit(3).map(({ source, height }) => ({ source, height })),
      'home',
    ).toEqual([{ source: 'server', height: 600 }]);
    expect(
      visit(4).map(({ source, height }) => ({ source, height })),
      'category',
    ).toEqual([{ source: 'server', height: 500 }]);
    await page.context().close();
  });
});
