import type { Page, Route } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { useStore } from '../harness.js';
import { eventually, products, toast, type ApiProduct } from './shopper-session.js';

/**
 * A shopper acts on a server-rendered page before its application has started: every tap and every search typed with
 * Enter is honoured (docs/decisions/0010-early-actions.md). The page's scripts are held back until the actions are
 * done, so each action surely lands on the dead page a slow phone shows (the CPU is slowed 4× as well); then the app
 * starts and the test checks the outcome, once.
 */
describe('storefront: actions taken before the app starts', () => {
  const store = useStore();
  let catalogue: ApiProduct[];
  beforeAll(async () => {
    catalogue = await products(store);
  });

  /**
   * A phone-sized page whose JavaScript waits until `release()`; `goto` returns once the server's page is painted
   * (its module script holds DOMContentLoaded back, as a slow network does).
   */
  async function deadPage() {
    const context = await store.browser.newContext({ baseURL: store.baseUrl, viewport: { width: 390, height: 844 }, reducedMotion: 'reduce' });
    const page = await context.newPage();
    const cdp = await context.newCDPSession(page);
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 });
    // The replay of early actions is a chunk of its own, fetched only when something was recorded.
    let replayFetched = false;
    page.on('request', (request) => void (/\/assets\/early-actions-replay-[^/]*\.js/.test(request.url()) && (replayFetched = true)));
    let release!: () => void;
    const released = new Promise<void>((resolve) => (release = resolve));
    await page.route(/\/assets\/.*\.js(\?.*)?$/, async (route: Route) => {
      await released;
      await route.continue();
    });
    const goto = async (url: string) => {
      await page.goto(url, { waitUntil: 'commit' });
      await page.locator('#ssr-data').waitFor({ state: 'attached' });
      expect(await hydrated(page)).toBe(false);
    };
    return { page, goto, release, replayFetched: () => replayFetched, close: () => context.close() };
  }

  /** The server's next page is in the tab (its data block parsed), the app not started. */
  async function arrived(page: Page, url: RegExp) {
    await page.waitForURL(url, { waitUntil: 'commit' });
    await page.locator('#ssr-data').waitFor({ state: 'attached' });
  }

  const hydrated = (page: Page) => page.evaluate(() => document.documentElement.dataset.hydrated === 'true');
  const waitHydrated = (page: Page) => page.waitForFunction(() => document.documentElement.dataset.hydrated === 'true');

  it('Add to Cart with a chosen quantity on a product page is carried out once, with its toast and badge', async () => {
    const product = catalogue.find((p) => p.in_stock && p.stock_quantity >= 5 && /figure/i.test(p.category))!;
    const { page, goto, release, replayFetched, close } = await deadPage();
    await goto(`/product/${product.id}`);
    await page.getByLabel('Quantity').selectOption('3');
    await page.getByRole('button', { name: 'ADD TO CART' }).click();
    // The tap was taken at once.
    expect(await page.getByRole('button', { name: 'ADD TO CART' }).getAttribute('aria-busy')).toBe('true');
    expect(await hydrated(page)).toBe(false);
    release();
    await waitHydrated(page);
    await toast(page, 'Added to cart').getByText(`3 × ${product.name} added to your cart.`).waitFor();
    await eventually(() => page.getByTestId('cart-count').first().textContent()).toBe('3');
    const stored = () => page.evaluate(() => (JSON.parse(localStorage.getItem('cart_guest') ?? '{}') as { items?: { quantity: number }[] }).items ?? []);
    await eventually(async () => (await stored()).reduce((n, line) => n + line.quantity, 0)).toBe(3);
    // Exactly once: nothing more is added later.
    await page.waitForTimeout(300);
    expect((await stored()).reduce((n, line) => n + line.quantity, 0)).toBe(3);
    expect(await page.getByRole('button', { name: 'ADD TO CART' }).getAttribute('aria-busy')).toBeNull();
    expect(replayFetched()).toBe(true);
    await close();
  });

  it('a page the shopper did not touch before the app started never fetches the replay', async () => {
    const product = catalogue.find((p) => p.in_stock)!;
    const { page, goto, release, replayFetched, close } = await deadPage();
    await goto(`/product/${product.id}`);
    release();
    await waitHydrated(page);
    await page.waitForTimeout(500);
    expect(replayFetched()).toBe(false);
    // A live tap is the app's own: still no replay.
    await page.getByRole('button', { name: 'ADD TO CART' }).click();
    await toast(page, 'Added to cart').waitFor();
    expect(replayFetched()).toBe(false);
    await close();
  });

  it('Buy Now by a guest before the app starts asks them to sign in, as a live tap does', async () => {
    const product = catalogue.find((p) => p.in_stock)!;
    const { page, goto, release, close } = await deadPage();
    await goto(`/product/${product.id}`);
    await page.getByRole('button', { name: 'BUY NOW' }).click();
    expect(await hydrated(page)).toBe(false);
    release();
    await waitHydrated(page);
    await toast(page, 'Please sign in').waitFor();
    await page.waitForURL(/\/login$/);
    await close();
  });

  it('a page number followed before the app starts shows that page, rendered by the server', async () => {
    const { page, goto, release, close } = await deadPage();
    await goto('/products');
    await page.getByRole('link', { name: 'Page 2' }).click();
    await arrived(page, /\/products\?page=2/);
    expect(await page.locator('.pagination [aria-current=page]').textContent()).toBe('2');
    release();
    await close();
  });

  it('a card’s Add to Cart and wishlist heart on a category page are both honoured', async () => {
    const { page, goto, release, close } = await deadPage();
    await goto('/anime-figures');
    const card = page
      .getByTestId('product-card')
      .filter({ has: page.getByRole('button', { name: /^Add .* to cart$/ }) })
      .first();
    const name = (await card.getByRole('heading').textContent())!.trim();
    await card.getByRole('button', { name: `Add ${name} to cart` }).click();
    await card.getByRole('button', { name: `Add ${name} to wishlist` }).click();
    expect(await hydrated(page)).toBe(false);
    release();
    await waitHydrated(page);
    await toast(page, 'Added to cart').waitFor();
    await eventually(() => page.getByTestId('cart-count').first().textContent()).toBe('1');
    await eventually(() => card.getByRole('button', { name: `Remove ${name} from wishlist` }).count()).toBe(1);
    await close();
  });

  it('a search typed into a category page and sent with Enter shows its results, then sort and list view from the URL', async () => {
    const { page, goto, release, close } = await deadPage();
    await goto('/anime-figures');
    const everything = await page.locator('.result-count').textContent();
    await page.getByRole('searchbox', { name: 'Search in this category' }).fill('naruto');
    await page.getByRole('searchbox', { name: 'Search in this category' }).press('Enter');
    await arrived(page, /\/anime-figures\?q=naruto/);
    expect(await hydrated(page)).toBe(false);
    // The server's answer for the term: fewer results than the whole category, a Naruto figure among them.
    expect(await page.locator('.result-count').textContent()).not.toBe(everything);
    expect((await page.getByTestId('product-card').getByRole('heading').allTextContents()).some((n) => /naruto/i.test(n))).toBe(true);
    expect(await page.getByRole('searchbox', { name: 'Search in this category' }).inputValue()).toBe('naruto');
    // A sort choice before the app starts loads the sorted list from the server.
    await page.getByLabel('Sort by').selectOption('price-low');
    await arrived(page, /sort=price-low/);
    expect(new URL(page.url()).searchParams.get('q')).toBe('naruto');
    // And the list view.
    await page.getByRole('button', { name: 'List view' }).click();
    await arrived(page, /view=list/);
    expect(await page.getByTestId('product-card').first().getAttribute('class')).toContain('product-card--list');
    const url = new URL(page.url());
    expect([url.searchParams.get('q'), url.searchParams.get('sort'), url.searchParams.get('view')]).toEqual(['naruto', 'price-low', 'list']);
    release();
    await waitHydrated(page);
    // The app agrees with what the server rendered.
    expect(await page.getByRole('searchbox', { name: 'Search in this category' }).inputValue()).toBe('naruto');
    expect(await page.getByRole('button', { name: 'List view' }).getAttribute('aria-pressed')).toBe('true');
    await close();
  });

  it('a price range chosen on a category page before the app starts shows only that range, and the app keeps it', async () => {
    const figures = catalogue.filter((p) => p.category === 'Anime Figures');
    const underOneThousand = figures.filter((p) => p.price < 1000);
    // The demo catalogue has figures on both sides of ₹1,000, so the filter visibly changes the list.
    expect(underOneThousand.length).toBeGreaterThan(0);
    expect(underOneThousand.length).toBeLessThan(figures.length);
    const { page, goto, release, close } = await deadPage();
    await goto('/anime-figures');
    const everything = await page.locator('.result-count').textContent();
    await page.getByLabel('Price range').selectOption('under-1000');
    await arrived(page, /\/anime-figures\?.*priceRange=under-1000/);
    expect(await hydrated(page)).toBe(false);
    // The server's list for the range: fewer results, every card's price under ₹1,000.
    expect(await page.locator('.result-count').textContent()).not.toBe(everything);
    const prices = (await page.getByTestId('product-card').locator('.price').allTextContents()).map((text) => Number(text.replace(/[^\d.]/g, '')));
    expect(prices.length).toBeGreaterThan(0);
    expect(prices.every((price) => price < 1000)).toBe(true);
    expect(await page.getByLabel('Price range').inputValue()).toBe('under-1000');
    release();
    await waitHydrated(page);
    // The app agrees with what the server rendered.
    expect(await page.getByLabel('Price range').inputValue()).toBe('under-1000');
    expect(new URL(page.url()).searchParams.get('priceRange')).toBe('under-1000');
    await close();
  });

  it('the header search sent with Enter before the app starts opens the results page', async () => {
    const { page, goto, release, close } = await deadPage();
    await goto('/');
    await page.getByRole('searchbox', { name: 'Search products' }).fill('goku');
    await page.getByRole('searchbox', { name: 'Search products' }).press('Enter');
    await arrived(page, /\/search\?q=goku/);
    await page.getByRole('heading', { name: 'Results for “goku”' }).waitFor();
    release();
    await close();
  });

  it('Load More on the home page before the app starts shows the next featured products', async () => {
    const { page, goto, release, close } = await deadPage();
    await goto('/');
    const featured = page.locator('#featured').getByTestId('product-card');
    const before = await featured.count();
    await page.getByRole('button', { name: 'Load More' }).click();
    expect(await hydrated(page)).toBe(false);
    release();
    await waitHydrated(page);
    await eventually(() => featured.count()).toBeGreaterThan(before);
    await close();
  });
});
