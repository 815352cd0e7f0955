import { describe, expect, it } from 'vitest';
import { waitForHydration } from '../harness.js';
import { openPage, useShop } from './shopper-session.js';

/**
 * The public pages arrive rendered by the server and React hydrates them in place. In Chromium: no
 * hydration mismatch or other React error in the console, and no catalogue read repeated by the browser on the first
 * load (the HTML carries the query cache). A guest's stored cart and wishlist are in localStorage beforehand, so the
 * header's counts and the wishlist hearts differ from what the server (which cannot see them) rendered.
 */
describe('server-rendered shopper pages hydrate in Chromium', () => {
  const { store, catalogue } = useShop();

  it('each public page hydrates without mismatch or React errors and reads no catalogue data twice', async () => {
    const product = catalogue.find((p) => p.in_stock)!;
    const pages = [
      '/',
      '/anime-figures',
      '/anime-figure',
      '/keychains',
      '/keychain',
      '/products',
      '/all-products',
      `/product/${product.id}`,
      '/search?q=figure',
      '/product/no-such-product',
      '/no/such/page',
    ];
    const page = await openPage(store.browser, store.baseUrl);
    await page.addInitScript(
      ([cart, wishlist]) => {
        localStorage.setItem('cart_guest', cart!);
        localStorage.setItem('wishlist_guest', wishlist!);
      },
      [
        JSON.stringify({
          items: [{ ...product, image: product.image, images: [], isNew: false, isOnSale: false, inStock: true, quantity: 2 }],
          timestamp: Date.now(),
        }),
        JSON.stringify([
          {
            id: product.id,
            name: product.name,
            price: product.price,
            image: product.image,
            images: [],
            category: product.category,
            isNew: false,
            isOnSale: false,
            description: '',
            inStock: true,
            rating: 4,
          },
        ]),
      ],
    );
    const problems: string[] = [];
    const catalogueReads: string[] = [];
    page.on('console', (message) => {
      // Chromium reports the 404 status of the not-found pages themselves; that is what they are meant to answer.
      if (message.text().startsWith('Failed to load resource') && message.location().url === page.url() && /no-such|\/no\//.test(page.url())) return;
      if (message.type() === 'error' || (message.type() === 'warning' && /hydrat/i.test(message.text()))) problems.push(`${message.type()}: ${message.text()}`);
    });
    page.on('pageerror', (error) => problems.push(`pageerror: ${error.message}`));
    page.on('request', (request) => {
      const url = new URL(request.url());
      if (url.pathname.startsWith('/api/products')) catalogueReads.push(`${url.pathname}${url.search}`);
    });
    for (const path of pages) {
      problems.length = 0;
      catalogueReads.length = 0;
      const response = await page.goto(path, { waitUntil: 'networkidle' });
      expect(response?.status(), path).toBe(path.includes('no-such') || path.startsWith('/no/') ? 404 : 200);
      // The server's HTML already held the page; hydration then made it live (the header shows the stored cart).
      await expect.poll(() => page.getByTestId('cart-count').textContent(), { timeout: 10_000 }).toBe('2');
      // The root has hydrated and the main thread has gone idle: React's time-sliced hydration of the later boundaries,
      // where a mismatch would be reported, is done.
      await waitForHydration(page);
      await page.evaluate(() => new Promise((done) => requestIdleCallback(() => done(null), { timeout: 5000 })));
      expect(problems, path).toEqual([]);
      expect(catalogueReads, path).toEqual([]);
    }
  });

  it('hydrated pages stay interactive: a filter on a category page asks the server for its page', async () => {
    const page = await openPage(store.browser, store.baseUrl);
    const reads: string[] = [];
    page.on('request', (request) => {
      if (new URL(request.url()).pathname.startsWith('/api/products')) reads.push(request.url());
    });
    await page.goto('/anime-figures', { waitUntil: 'networkidle' });
    expect(reads).toEqual([]);
    await page.getByRole('combobox', { name: 'Sort by' }).selectOption('price-low');
    await page.waitForURL(/sort=price-low/);
    await expect.poll(() => reads.some((u) => u.includes('sort=price-low'))).toBe(true);
  });
});
