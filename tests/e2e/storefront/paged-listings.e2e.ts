import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { apiJson, eventually, openPage, recordProductLists, useShop } from './shopper-session.js';

const PAGE_SIZE = 24;
const priceOf = (text: string) => Number(text.replace(/[^\d.]/g, ''));
const cardNames = (page: Page) => page.locator('[data-testid=product-card] h3').allTextContents();
const cardPrices = async (page: Page) => (await page.locator('[data-testid=product-card] .price').allTextContents()).map(priceOf);
const search = (page: Page) => new URL(page.url()).search;

/**
 * The listing pages ask the server for one page (filters, sort and count applied there), keep filters,
 * sort and page in the URL, and no answer on the wire carries more than one page of products.
 */
describe('storefront listings at catalogue scale: one server page at a time, state in the URL', () => {
  const { store, catalogue } = useShop();

  it('a category page shows 24 of the true total, pages by number, and Back and a shared link restore filters, sort and page', async () => {
    const figures = catalogue.filter((p) => p.category === 'Anime Figures');
    const dear = figures.filter((p) => p.price >= 3000);
    expect(figures.length).toBeGreaterThan(PAGE_SIZE); // so the category has a second page
    const page = await openPage(store.browser, store.baseUrl);
    const lists = recordProductLists(page);
    const count = page.locator('.result-count');

    await page.goto('/anime-figures');
    await count.getByText(`Showing ${PAGE_SIZE} of ${figures.length} results`).waitFor();
    const first = await cardNames(page);
    expect(first).toHaveLength(PAGE_SIZE);
    await page.getByRole('navigation', { name: 'Pages' }).getByRole('link', { name: 'Page 2' }).click();
    await page.waitForURL('**/anime-figures?page=2');
    await count.getByText(`Showing ${figures.length - PAGE_SIZE} of ${figures.length} results`).waitFor();
    const second = await cardNames(page);
    // The two pages together are the category, each figure once.
    expect(new Set([...first, ...second])).toEqual(new Set(figures.map((p) => p.name)));
    expect(await page.locator('[aria-current=page]').textContent()).toBe('2');

    // A band starts again at page 1; the count is the band's own total.
    await page.getByLabel('Price range').selectOption('3000-plus');
    await eventually(() => search(page)).toBe('?priceRange=3000-plus');
    await count.getByText(`Showing ${Math.min(PAGE_SIZE, dear.length)} of ${dear.length} results`).waitFor();
    await page.getByLabel('Sort by').selectOption('price-low');
    await eventually(() => search(page)).toBe('?priceRange=3000-plus&sort=price-low');
    await eventually(async () => {
      const prices = await cardPrices(page);
      return prices.length > 0 && prices.every((p, i) => p >= 3000 && (i === 0 || prices[i - 1]! <= p));
    }).toBe(true);
    expect(await cardPrices(page)).toEqual(
      dear
        .map((p) => p.price)
        .sort((a, b) => a - b)
        .slice(0, PAGE_SIZE),
    );

    // The search box asks the server; nothing found shows the spec's empty state.
    await page.getByLabel('Search in this category').fill('zzzz-nothing');
    await page.getByRole('heading', { name: 'No figures found' }).waitFor();
    await page.getByText("Try adjusting your search or filters to find what you're looking for.").waitFor();
    expect(search(page)).toBe('?q=zzzz-nothing&priceRange=3000-plus&sort=price-low');
    await page.locator('.empty-state').getByRole('button', { name: 'Clear Filters' }).click();
    await eventually(() => search(page)).toBe('');
    await count.getByText(`Showing ${PAGE_SIZE} of ${figures.length} results`).waitFor();
    expect(await page.getByLabel('Search in this category').inputValue()).toBe('');

    // Back walks the same steps in reverse, the controls following the URL.
    await page.goBack();
    await page.getByRole('heading', { name: 'No figures found' }).waitFor();
    expect(await page.getByLabel('Search in this category').inputValue()).toBe('zzzz-nothing');
    await page.goBack();
    await eventually(() => search(page)).toBe('?priceRange=3000-plus');
    await count.getByText(`Showing ${Math.min(PAGE_SIZE, dear.length)} of ${dear.length} results`).waitFor();
    expect(await page.getByLabel('Sort by').inputValue()).toBe('featured');
    expect(await page.getByLabel('Search in this category').inputValue()).toBe('');
    await page.goBack();
    await eventually(() => search(page)).toBe('?page=2');
    await count.getByText(`Showing ${figures.length - PAGE_SIZE} of ${figures.length} results`).waitFor();
    expect(await page.getByLabel('Price range').inputValue()).toBe('all');
    expect(new Set(await cardNames(page))).toEqual(new Set(second));

    // A shared link opens in another browser on the same filters, sort and page; a reload keeps them.
    const friend = await openPage(store.browser, store.baseUrl);
    await friend.goto('/anime-figures?priceRange=3000-plus&sort=price-high');
    await friend.locator('.result-count').getByText(`of ${dear.length} results`).waitFor();
    expect(await friend.getByLabel('Price range').inputValue()).toBe('3000-plus');
    expect(await friend.getByLabel('Sort by').inputValue()).toBe('price-high');
    expect(await cardPrices(friend)).toEqual(
      dear
        .map((p) => p.price)
        .sort((a, b) => b - a)
        .slice(0, PAGE_SIZE),
    );
    const keychains = catalogue.filter((p) => p.category === 'Keychains');
    await friend.goto('/keychain?page=2');
    await friend
      .locator('.result-count')
      .getByText(`Showing ${keychains.length - PAGE_SIZE} of ${keychains.length} results`)
      .waitFor();
    await friend.reload();
    await friend
      .locator('.result-count')
      .getByText(`Showing ${keychains.length - PAGE_SIZE} of ${keychains.length} results`)
      .waitFor();
    // A link to a page past the end (the list shrank since it was shared) lands on the last page.
    await friend.goto('/keychains?sort=rating&page=99');
    await eventually(() => search(friend)).toBe('?sort=rating&page=2');
    await friend
      .locator('.result-count')
      .getByText(`Showing ${keychains.length - PAGE_SIZE} of ${keychains.length} results`)
      .waitFor();
    await friend.context().close();

    expect(lists.length).toBeGreaterThan(0);
    expect(Math.max(...lists.map((l) => l.count)), JSON.stringify(lists)).toBeLessThanOrEqual(PAGE_SIZE);
    await page.context().close();
  });

  it('search shows the true number of matches and pages through them; /products pages by number', async () => {
    const term = 'figure';
    const { total } = await apiJson<{ total: number }>(store, `/products/search?q=${term}&limit=1`);
    expect(total).toBeGreaterThan(PAGE_SIZE);
    const page = await openPage(store.browser, store.baseUrl);
    const lists = recordProductLists(page);
    const count = page.locator('.result-count');
    await page.goto(`/search?q=${term}`);
    await count.getByText(`Showing ${PAGE_SIZE} of ${total} results`).waitFor();
    await page.getByRole('navigation', { name: 'Pages' }).getByRole('link', { name: 'Next' }).click();
    await eventually(() => search(page)).toBe(`?q=${term}&page=2`);
    await count.getByText(`Showing ${Math.min(PAGE_SIZE, total - PAGE_SIZE)} of ${total} results`).waitFor();
    await page.getByLabel('Price range').selectOption('under-500');
    await eventually(() => search(page)).toBe(`?q=${term}&priceRange=under-500`);
    await page.goBack();
    await eventually(() => search(page)).toBe(`?q=${term}&page=2`);
    expect(await page.getByLabel('Price range').inputValue()).toBe('all');

    await page.goto('/products');
    await count.getByText(`${catalogue.length} products`).waitFor();
    expect(await page.getByTestId('product-card').count()).toBe(PAGE_SIZE);
    const lastPage = Math.ceil(catalogue.length / PAGE_SIZE);
    await page
      .getByRole('navigation', { name: 'Pages' })
      .getByRole('link', { name: `Page ${lastPage}` })
      .click();
    await eventually(() => search(page)).toBe(`?page=${lastPage}`);
    await eventually(() => page.getByTestId('product-card').count()).toBe(catalogue.length - (lastPage - 1) * PAGE_SIZE);
    await page.goto('/products?page=500');
    await eventually(() => search(page)).toBe(`?page=${lastPage}`);
    expect(Math.max(...lists.map((l) => l.count)), JSON.stringify(lists)).toBeLessThanOrEqual(PAGE_SIZE);
    await page.context().close();
  });

  it('home blocks and the product page ask for their own small lists: featured by page, a keychain sample, related products', async () => {
    const featured = catalogue.filter((p) => p.is_new || p.is_on_sale);
    expect(featured.length).toBeGreaterThan(16);
    const page = await openPage(store.browser, store.baseUrl);
    const lists = recordProductLists(page);
    await page.goto('/');
    const cards = page.locator('#featured [data-testid=product-card]');
    await eventually(() => cards.count()).toBe(8);
    const loadMore = page.getByRole('button', { name: 'Load More' });
    const clicked = Date.now();
    await loadMore.click();
    await eventually(() => cards.count()).toBe(16);
    expect(Date.now() - clicked).toBeGreaterThanOrEqual(500);
    while (await loadMore.isVisible()) {
      const shown = await cards.count();
      await loadMore.click();
      await eventually(() => cards.count()).toBeGreaterThan(shown);
    }
    await page.getByText(`You've seen all ${featured.length} featured products`).waitFor();
    expect(new Set(await page.locator('#featured [data-testid=product-card] h3').allTextContents())).toEqual(new Set(featured.map((p) => p.name)));
    // Page 1 came in the server-rendered HTML; Load More asked for the others, one by one.
    expect(lists.filter((l) => l.url.includes('featured=true')).map((l) => new URL(l.url, store.baseUrl).searchParams.get('page'))).toEqual(
      Array.from({ length: Math.ceil(featured.length / 8) - 1 }, (_, i) => String(i + 2)),
    );

    // The keychain showcase: 3 at 1280 px, from the server's sample, keychains only.
    const keychainNames = new Set(catalogue.filter((p) => p.category === 'Keychains').map((p) => p.name));
    const shown = page.locator('.showcase__name');
    await eventually(() => shown.count()).toBe(3);
    for (const name of await shown.allTextContents()) expect(keychainNames.has(name), name).toBe(true);
    // The server drew the sample and sent it with the page: the browser does not ask again.
    expect(lists.some((l) => l.url.startsWith('/api/products/sample'))).toBe(false);
    // Spec: 1 under 768 px, 2 under 1024 px (decided by CSS, so the server renders the same markup for every width).
    for (const [width, visible] of [
      [375, 1],
      [900, 2],
      [1280, 3],
    ] as const) {
      await page.setViewportSize({ width, height: 900 });
      await eventually(() => page.locator('.showcase__item:visible').count()).toBe(visible);
    }

    // Product page: at most 4 related products of the same category, never the product itself.
    const figure = catalogue.find((p) => p.category === 'Anime Figures')!;
    await page.goto(`/product/${figure.id}`);
    await page.getByRole('heading', { name: 'You might also like' }).waitFor();
    const related = await page.locator('[aria-labelledby=related-title] [data-testid=product-card] h3').allTextContents();
    expect(related.length).toBeGreaterThan(0);
    expect(related.length).toBeLessThanOrEqual(4);
    const figureNames = new Set(catalogue.filter((p) => p.category === 'Anime Figures' && p.id !== figure.id).map((p) => p.name));
    for (const name of related) expect(figureNames.has(name), name).toBe(true);
    // Server-rendered with the product page; a product reached by client navigation asks for its own related list.
    expect(lists.some((l) => l.url.startsWith(`/api/products/${figure.id}/related`))).toBe(false);
    await page.locator('[aria-labelledby=related-title] [data-testid=product-card] a').first().click();
    await page.waitForURL(/\/product\//);
    await eventually(() => lists.some((l) => l.url.startsWith('/api/products/') && l.url.includes('/related'))).toBe(true);

    // No answer carried more than a page: the home page no longer downloads the catalogue.
    expect(Math.max(...lists.map((l) => l.count)), JSON.stringify(lists)).toBeLessThanOrEqual(PAGE_SIZE);
    await page.context().close();
  });
});
