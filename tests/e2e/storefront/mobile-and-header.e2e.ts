import { describe, expect, it } from 'vitest';
import { openPage, screenshot, signUpShopper, toast, eventually, useShop } from './shopper-session.js';

describe('storefront at 375 px, header menus, Buy Now, cart limits, service worker and performance overlay', () => {
  const { store, catalogue } = useShop();

  it('on a phone: home, category, product, Buy Now (sign-in gate, then checkout), cart and orders', async () => {
    const figure = catalogue.find((p) => p.category === 'Anime Figures' && p.in_stock && p.price >= 1000 && p.stock_quantity >= 2)!;
    const guest = await openPage(store.browser, store.baseUrl, { width: 375 });
    await guest.goto('/');
    await guest.locator('#featured [data-testid=product-card]').first().waitFor();
    expect(await guest.evaluate(() => getComputedStyle(document.querySelector('.product-grid')!).gridTemplateColumns.split(' ').length)).toBe(2);
    await screenshot(guest, 'home');
    expect(await guest.getByRole('heading', { level: 1 }).allTextContents()).toEqual(['Anime Collectibles — anime figures and keychains']);
    await guest.getByRole('button', { name: 'Explore Categories' }).click();
    await eventually(() => guest.evaluate(() => Math.abs(document.getElementById('categories')!.getBoundingClientRect().top) < 200)).toBe(true);
    expect(await guest.locator('.tile--soon').allTextContents()).toEqual([expect.stringContaining('Hot Wheels'), expect.stringContaining('Trending')]);
    const carouselCalls: string[] = [];
    guest.on('request', (request) => request.url().includes('/api/carousels/keychains?t=') && carouselCalls.push(request.url()));
    await guest.goto('/keychains');
    await guest.getByText(/Showing \d+ of \d+ results/).waitFor();
    await eventually(() => carouselCalls.length).toBe(1);
    await guest.evaluate(() => window.dispatchEvent(new Event('focus')));
    await eventually(() => carouselCalls.length).toBe(2);
    expect(new Set(carouselCalls).size).toBe(2); // a fresh t= timestamp each time
    await screenshot(guest, 'category');
    // List view on a phone: the wishlist heart does not cover the product's name.
    await guest.getByRole('button', { name: 'List view' }).click();
    const listCard = guest.locator('.product-card--list').first();
    await listCard.waitFor();
    // Measured once the list layout has settled (the switch re-lays the cards out; the app's stylesheet may still land).
    const covered = () =>
      listCard.evaluate((card) => {
        const heart = card.querySelector('.wish-toggle')!.getBoundingClientRect();
        return [...card.querySelectorAll('.product-card__name, .product-card__category')].some((el) => {
          // The element's content box: where its text may run.
          const box = el.getBoundingClientRect();
          const style = getComputedStyle(el);
          const r = {
            left: box.left + parseFloat(style.paddingLeft),
            right: box.right - parseFloat(style.paddingRight),
            top: box.top + parseFloat(style.paddingTop),
            bottom: box.bottom - parseFloat(style.paddingBottom),
          };
          return r.left < heart.right && heart.left < r.right && r.top < heart.bottom && heart.top < r.bottom;
        });
      });
    await eventually(covered).toBe(false);
    // A clamped name shows whole lines only (no sliver of a third line).
    const lines = await listCard.locator('.product-card__name').evaluate((el) => el.clientHeight / parseFloat(getComputedStyle(el).lineHeight));
    expect(Math.abs(lines - Math.round(lines))).toBeLessThan(0.05);
    await screenshot(guest, 'category-list');
    await guest.getByRole('button', { name: 'Grid view' }).click();
    const soldOut = catalogue.find((p) => !p.in_stock)!;
    await guest.goto(`/product/${soldOut.id}`);
    await guest.getByTestId('stock-indicator').getByText('Out of Stock').waitFor();
    await guest.getByRole('button', { name: 'ADD TO CART', exact: true }).click();
    await toast(guest, 'Out of Stock').getByText('This product is currently out of stock.').waitFor();
    expect(await guest.getByTestId('cart-count').count()).toBe(0);
    await guest.goto(`/product/${figure.id}`);
    await guest.getByRole('button', { name: 'BUY NOW' }).click();
    await toast(guest, 'Please sign in').getByText('You need to be signed in to make a purchase.').waitFor();
    await guest.waitForURL('**/login');
    await guest.context().close();

    const shopper = await signUpShopper(store, 'Neha Gupta');
    const page = await openPage(store.browser, store.baseUrl, { width: 375, token: shopper.token });
    await page.goto(`/product/${figure.id}`);
    await page.getByRole('heading', { level: 1, name: figure.name }).waitFor();
    const options = await page.getByLabel('Quantity').locator('option').count();
    expect(options).toBe(Math.min(figure.stock_quantity, 10));
    await screenshot(page, 'product');
    await page.getByRole('button', { name: 'BUY NOW' }).click();
    await toast(page, 'Added to cart').waitFor();
    await page.waitForURL('**/checkout');
    await page.getByLabel('Address *').fill('4 Park Street');
    await page.getByRole('textbox', { name: 'Pincode *' }).fill('700016');
    await eventually(() => page.getByLabel('City *').inputValue()).not.toBe('');
    await page.getByLabel('State *').selectOption('West Bengal');
    await page.getByLabel('Cash on Delivery').check();
    await screenshot(page, 'checkout');
    await page.getByRole('button', { name: 'Place Order' }).click();
    await page.waitForURL('**/orders');
    await page.getByTestId('order-row').filter({ hasText: figure.name }).waitFor();
    await screenshot(page, 'orders');
    await page.getByTestId('order-row').filter({ hasText: figure.name }).click();
    await page.getByTestId('order-detail').getByText('4 Park Street').waitFor();
    await screenshot(page, 'order-detail');

    // Cart limits: + stops at min(stock, 10); an empty cart offers a way back.
    const scarce = catalogue.find((p) => p.in_stock && p.stock_quantity > 0 && p.stock_quantity < 10)!;
    await page.goto(`/product/${scarce.id}`);
    await page.getByRole('button', { name: 'ADD TO CART', exact: true }).click();
    await page.goto('/cart');
    const plus = page.getByRole('button', { name: 'Increase quantity' });
    for (let i = 1; i < scarce.stock_quantity; i++) await plus.click();
    await eventually(() => page.getByTestId('line-quantity').textContent()).toBe(String(scarce.stock_quantity));
    expect(await plus.isDisabled()).toBe(true);
    expect(await page.getByRole('button', { name: 'Decrease quantity' }).isDisabled()).toBe(scarce.stock_quantity === 1);
    // At 375 px the quantity stepper and the line total sit side by side without overlapping.
    const overlap = await page
      .getByTestId('cart-line')
      .first()
      .evaluate((line) => {
        const a = line.querySelector('.stepper')!.getBoundingClientRect();
        const b = line.querySelector('.cart-line__total')!.getBoundingClientRect();
        return a.left < b.right && b.left < a.right && a.top < b.bottom && b.top < a.bottom;
      });
    expect(overlap).toBe(false);
    await screenshot(page, 'cart');
    await page.getByRole('button', { name: 'Clear Cart' }).click();
    await page.getByRole('heading', { name: 'Your cart is empty' }).waitFor();
    await page.getByRole('link', { name: 'Browse Anime Figures' }).waitFor();
    await page.context().close();
  });

  it('on a phone, a sign-up error above the fold is brought into view when Create Account is pressed', async () => {
    const page = await openPage(store.browser, store.baseUrl, { width: 375 });
    await page.goto('/signup');
    await page.getByLabel(/full name/i).fill('Asha Verma');
    await page.getByLabel(/email/i).fill('asha.mismatch@example.in');
    await page.getByLabel(/^password/i).fill('secret123');
    await page.getByLabel(/confirm/i).fill('secret124');
    const create = page.getByRole('button', { name: 'Create Account' });
    await create.scrollIntoViewIfNeeded();
    await create.click();
    const error = page.getByRole('alert').filter({ hasText: 'Passwords do not match' });
    await error.waitFor();
    const inView = () =>
      error.evaluate((el) => {
        const box = el.getBoundingClientRect();
        const header = document.querySelector('header')?.getBoundingClientRect().bottom ?? 0;
        return box.top >= Math.max(0, header) && box.bottom <= window.innerHeight;
      });
    await eventually(inView).toBe(true);
    await page.context().close();
  });

  it('menu navigation, account menu sign-out, service worker at /sw.js and the performance overlay', async () => {
    const shopper = await signUpShopper(store, 'Arjun Rao');
    const page = await openPage(store.browser, store.baseUrl, { token: shopper.token });
    await page.goto('/?debug=performance');
    await page.getByTestId('performance-overlay').getByText('Page load').waitFor();
    await page.keyboard.press('Control+Shift+P');
    await page.getByTestId('performance-overlay').waitFor({ state: 'detached' });
    await page.keyboard.press('Control+Shift+P');
    await page.getByTestId('performance-overlay').waitFor();
    expect(await page.evaluate(async () => (await navigator.serviceWorker.getRegistration('/'))?.scope)).toBe(`${store.baseUrl}/`);

    // Featured products: 8 first, then 8 more per Load More.
    const featured = page.locator('#featured [data-testid=product-card]');
    await eventually(() => featured.count()).toBe(8);
    await page.getByRole('button', { name: 'Load More' }).click();
    await eventually(() => featured.count()).toBeGreaterThan(8);
    while (await page.getByRole('button', { name: 'Load More' }).isVisible()) {
      const shown = await featured.count();
      await page.getByRole('button', { name: 'Load More' }).click();
      await eventually(() => featured.count()).toBeGreaterThan(shown);
    }
    const total = await featured.count();
    await page.getByText(`You've seen all ${total} featured products`).waitFor();

    await page.getByRole('button', { name: 'Open menu' }).click();
    await page.getByRole('menuitem', { name: 'Keychains' }).click();
    await page.waitForURL('**/keychains');
    await page.getByRole('button', { name: 'Open menu' }).click();
    await page.getByRole('menuitem', { name: 'Help & Support' }).click();
    await page.getByRole('heading', { level: 1, name: 'Help & Support' }).waitFor();

    // Profile: edit the name; the account menu follows.
    await page.goto('/profile');
    await page.getByRole('button', { name: 'Edit Profile' }).click();
    await page.getByLabel('Full name').fill('Arjun R. Rao');
    await page.getByRole('button', { name: 'Save Changes' }).click();
    await toast(page, 'Profile updated successfully!').getByText('Your profile has been updated.').waitFor();
    await page.getByRole('tab', { name: 'Orders' }).click();
    await page.getByRole('link', { name: 'View My Orders' }).waitFor();

    await page.evaluate(() => localStorage.setItem('cart_guest', JSON.stringify({ items: [], timestamp: Date.now() })));
    await page.getByRole('button', { name: 'Account menu' }).click();
    await page.getByRole('menu').getByText(shopper.email).waitFor();
    await page.getByRole('menu').getByText('Arjun R. Rao').waitFor();
    await page.getByRole('menuitem', { name: 'Sign out' }).click();
    await toast(page, 'Signed out successfully').waitFor();
    await page.waitForURL((url) => url.pathname === '/');
    expect(await page.evaluate(() => Object.keys(localStorage).filter((k) => k === 'auth_token' || k.startsWith('cart_')))).toEqual([]);
    await page.getByRole('link', { name: 'Sign In' }).waitFor();
    await page.context().close();
  });
});
