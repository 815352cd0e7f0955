import { describe, expect, it } from 'vitest';
import { apiJson, openPage, signUpShopper, toast, eventually, useShop } from './shopper-session.js';

describe('storefront: guest wishlist merge at sign-in, page reloads, not-found pages', () => {
  const { store, catalogue } = useShop();

  it("merges a guest's local wishlist into the server's at sign-in", async () => {
    const shopper = await signUpShopper(store, 'Kabir Shah');
    // The shopper already saved one product on another device.
    const [serverSaved, first, second] = catalogue.filter((p) => p.in_stock);
    await apiJson(store, '/user/wishlist', { method: 'POST', token: shopper.token, body: { productId: serverSaved!.id } });

    const page = await openPage(store.browser, store.baseUrl);
    await page.goto('/products');
    for (const product of [first!, second!]) {
      await page.getByRole('button', { name: `Add ${product.name} to wishlist` }).click();
      await toast(page, 'Added to wishlist').waitFor();
    }
    await eventually(() => page.getByTestId('wishlist-count').textContent()).toBe('2');

    await page.goto('/login');
    await page.getByRole('button', { name: 'Sign In' }).click();
    await page.getByRole('alert').getByText('Please fill in all fields').waitFor();
    await page.getByLabel('Email').fill(shopper.email);
    await page.getByLabel('Password').fill(shopper.password);
    await page.getByRole('button', { name: 'Sign In' }).click();
    await toast(page, 'Welcome back!').waitFor();
    await eventually(() => page.getByTestId('wishlist-count').textContent()).toBe('3');
    const { wishlist } = await apiJson<{ wishlist: { productId: string }[] }>(store, '/user/wishlist', { token: shopper.token });
    expect(wishlist.map((w) => w.productId).sort()).toEqual([serverSaved!.id, first!.id, second!.id].sort());

    // The merged list survives a reload (it lives on the server now) and removing works.
    await page.goto('/wishlist');
    await page.getByTestId('wishlist-item').nth(2).waitFor();
    await page.getByTestId('wishlist-item').filter({ hasText: first!.name }).getByRole('button', { name: 'Remove' }).click();
    await toast(page, 'Removed from wishlist').waitFor();
    await page.reload();
    await eventually(() => page.getByTestId('wishlist-item').count()).toBe(2);
    await page.context().close();
  });

  it('the merge shows even when the profile read sent at sign-in answers after it (the race a loaded CI machine hit)', async () => {
    const shopper = await signUpShopper(store, 'Meera Iyer');
    const [serverSaved, guestSaved] = catalogue.filter((p) => p.in_stock).slice(3);
    await apiJson(store, '/user/wishlist', { method: 'POST', token: shopper.token, body: { productId: serverSaved!.id } });

    const page = await openPage(store.browser, store.baseUrl);
    await page.goto('/products');
    await page.getByRole('button', { name: `Add ${guestSaved!.name} to wishlist` }).click();
    await toast(page, 'Added to wishlist').waitFor();

    // The first profile read is answered by the server before the merge lands (one product) but reaches the page only
    // after the merge's answer: the page must not keep that stale list.
    let mergeAnswered!: () => void;
    const merged = new Promise<void>((resolve) => (mergeAnswered = resolve));
    page.on('requestfinished', (request) => {
      if (request.url().endsWith('/api/user/wishlist/merge')) mergeAnswered();
    });
    let held = false;
    await page.route('**/api/user/profile', async (route) => {
      if (held) return route.continue();
      held = true;
      const stale = await route.fetch();
      await merged;
      await route.fulfill({ response: stale });
    });

    await page.goto('/login');
    await page.getByLabel('Email').fill(shopper.email);
    await page.getByLabel('Password').fill(shopper.password);
    await page.getByRole('button', { name: 'Sign In' }).click();
    await toast(page, 'Welcome back!').waitFor();
    await merged;
    expect(held, 'the profile read was held').toBe(true);
    await eventually(() => page.getByTestId('wishlist-count').textContent()).toBe('2');
    await page.context().close();
  });

  it('add then remove in quick succession: the later click wins, and the first answer never shows in between', async () => {
    const shopper = await signUpShopper(store, 'Ishaan Rao');
    const [saved, toggled] = catalogue.filter((p) => p.in_stock).slice(5);
    await apiJson(store, '/user/wishlist', { method: 'POST', token: shopper.token, body: { productId: saved!.id } });
    const page = await openPage(store.browser, store.baseUrl, { token: shopper.token });
    await page.goto('/products');
    // Signed in and the server's list read: the header counts the saved product.
    await eventually(() => page.getByTestId('wishlist-count').textContent()).toBe('1');

    // The add is held on its way to the server until the shopper has clicked again.
    let release!: () => void;
    const released = new Promise<void>((resolve) => (release = resolve));
    let addSent!: () => void;
    const addHeld = new Promise<void>((resolve) => (addSent = resolve));
    await page.route('**/api/user/wishlist', async (route) => {
      if (route.request().method() !== 'POST') return route.continue();
      addSent();
      await released;
      await route.continue();
    });
    await page.getByRole('button', { name: `Add ${toggled!.name} to wishlist` }).click();
    await addHeld;
    await page.getByRole('button', { name: `Remove ${toggled!.name} from wishlist` }).click();
    await eventually(() => page.getByTestId('wishlist-count').textContent()).toBe('1');
    // From here on, every count the header shows is recorded.
    await page.evaluate(() => {
      const link = document.querySelector('a[href="/wishlist"][aria-label^="Wishlist"]')!;
      const shown = [link.getAttribute('aria-label')];
      (window as unknown as { shownCounts: (string | null)[] }).shownCounts = shown;
      new MutationObserver(() => shown.push(link.getAttribute('aria-label'))).observe(link, { attributes: true, attributeFilter: ['aria-label'] });
    });
    release();

    await toast(page, 'Removed from wishlist').waitFor();
    const serverList = async () =>
      (await apiJson<{ wishlist: { productId: string }[] }>(store, '/user/wishlist', { token: shopper.token })).wishlist.map((w) => w.productId);
    await eventually(serverList).toEqual([saved!.id]);
    await eventually(() => page.getByRole('button', { name: `Add ${toggled!.name} to wishlist` }).count()).toBe(1);
    expect(await page.evaluate(() => (window as unknown as { shownCounts: string[] }).shownCounts)).toEqual(['Wishlist, 1 items']);
    await page.context().close();
  });

  it('a reload of /products, /orders and /product/{id} shows the page; unknown routes show the 404', async () => {
    const shopper = await signUpShopper(store);
    const page = await openPage(store.browser, store.baseUrl, { token: shopper.token });
    const product = catalogue[0]!;
    const checks: [string, () => Promise<unknown>][] = [
      ['/products', () => page.getByRole('heading', { level: 1, name: 'All Products' }).waitFor()],
      ['/all-products', () => page.getByTestId('product-card').first().waitFor()],
      ['/orders', () => page.getByRole('heading', { level: 1, name: 'My Orders' }).waitFor()],
      [`/product/${product.id}`, () => page.getByRole('heading', { level: 1, name: product.name }).waitFor()],
      ['/anime-figure', () => page.getByRole('heading', { level: 1, name: 'Anime Figures' }).waitFor()],
      ['/keychain', () => page.getByRole('heading', { level: 1, name: 'Keychains' }).waitFor()],
      ['/stores/pune', () => page.getByRole('heading', { level: 1, name: 'Anime Collectibles Pune' }).waitFor()],
      ['/search', () => page.getByRole('heading', { name: 'No Search Query' }).waitFor()],
      ['/product/no-such-product', () => page.getByRole('heading', { name: 'Product Not Found' }).waitFor()],
      ['/definitely/not/here', () => page.getByRole('heading', { name: 'Oops! Page not found' }).waitFor()],
    ];
    for (const [route, visible] of checks) {
      const response = await page.goto(route);
      expect(response?.headers()['content-type'], route).toMatch(/text\/html/);
      await visible();
      await page.reload();
      await visible();
    }
    // Without a user, Orders and Profile go to /login.
    const guest = await openPage(store.browser, store.baseUrl);
    for (const route of ['/orders', '/profile']) {
      await guest.goto(route);
      await guest.waitForURL('**/login');
    }
    // Broken images: one retry with a cache-busting query (the original, no srcset), then the placeholder.
    const broken = await openPage(store.browser, store.baseUrl);
    const attempts: string[] = [];
    // The original under /media/demo/ and its resized copies (srcset) under /media/resized/<width>/demo/.
    await broken.route(/\/media\/(resized\/\d+\/)?demo\//, (route) => {
      attempts.push(route.request().url());
      return route.fulfill({ status: 404, body: '' });
    });
    await broken.goto(`/product/${product.id}`);
    const main = broken.locator('.gallery__main img');
    await eventually(() => main.getAttribute('src')).toBe('/placeholder.svg');
    expect(await main.getAttribute('srcset')).toBeNull();
    const file = new URL(product.image, store.baseUrl).pathname.replace(/^\/media\//, '');
    const forMain = attempts.filter((url) => url.includes(file));
    expect(forMain.length).toBe(2);
    expect(forMain[0]).toMatch(/\/media\/resized\/\d+\//);
    expect(forMain[1]).toMatch(/[?&]_r=\d+$/); // the kit's cache-busting parameter, the same in both apps
    await broken.context().close();

    // A stale token is dropped on start and the catalogue still shows.
    const stale = await openPage(store.browser, store.baseUrl, { token: 'not-a-valid-token' });
    await stale.goto('/products');
    await stale.getByTestId('product-card').first().waitFor();
    // The cards now arrive in the server's HTML, before the browser's profile check has answered 401.
    await eventually(() => stale.evaluate(() => localStorage.getItem('auth_token'))).toBeNull();
    await stale.context().close();
    await page.context().close();
    await guest.context().close();
  });
});
