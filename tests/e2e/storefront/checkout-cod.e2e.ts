import { beforeAll, describe, expect, it } from 'vitest';
import { useStore } from '../harness.js';
import { openPage, products, screenshot, toast, uniqueEmail, type ApiProduct, eventually } from './shopper-session.js';

/** A guest browses, filters, searches with a typo, adds to cart, signs up (after validation errors) and pays cash on delivery. */
describe('storefront: browse to a cash-on-delivery order', () => {
  const store = useStore();
  let kakashi: ApiProduct;
  beforeAll(async () => {
    kakashi = (await products(store)).find((p) => p.name.startsWith('Kakashi Hatake'))!;
    expect(kakashi.in_stock && kakashi.price >= 1000).toBe(true);
  });

  it('browse → filter → typo search → product → cart → sign up → COD checkout → the order in /orders', async () => {
    const page = await openPage(store.browser, store.baseUrl);
    await page.goto('/');
    await eventually(() => page.locator('.carousel--hero').getAttribute('data-slides')).not.toBeNull();
    await page.getByRole('heading', { name: 'Featured Products' }).waitFor();
    await page.locator('#featured [data-testid=product-card]').first().waitFor();
    await screenshot(page, 'home');

    // Category page: price filter and search, the result count follows.
    await page.goto('/anime-figures');
    const count = page.locator('.result-count');
    await count.getByText(/Showing \d+ of \d+ results/).waitFor();
    const all = Number((await count.textContent())!.match(/of (\d+)/)![1]);
    await page.getByLabel('Price range').selectOption('3000-plus');
    // The band's own total (a page already shows fewer than the category's total, so the count shown is no signal).
    await eventually(async () => Number((await count.textContent())!.match(/of (\d+)/)![1])).toBeLessThan(all);
    for (const price of await page.locator('[data-testid=product-card] .price').allTextContents()) {
      expect(Number(price.replace(/[^\d.]/g, ''))).toBeGreaterThanOrEqual(3000);
    }
    await page.getByLabel('Search in this category').fill('zzzz-nothing');
    await page.getByRole('heading', { name: 'No figures found' }).waitFor();
    await page.getByText("Try adjusting your search or filters to find what you're looking for.").waitFor();
    await page.locator('.empty-state').getByRole('button', { name: 'Clear Filters' }).click();
    // One page of 24 at most; the count is the category's true total (paging: paged-listings.e2e.ts).
    await count.getByText(`Showing ${Math.min(24, all)} of ${all} results`).waitFor();
    await screenshot(page, 'category');

    // Header search with a typo finds the figure.
    await page.locator('#site-search').fill('  kakshi  ');
    await page.locator('#site-search').press('Enter');
    await page.waitForURL(/\/search\?q=kakshi$/);
    await page.locator('[data-testid=product-card]', { hasText: 'Kakashi Hatake Metal Enamel Keychain' }).waitFor();
    const hit = page.locator('[data-testid=product-card]', { hasText: kakashi.name });
    await hit.getByRole('heading').getByRole('link').click();
    await page.waitForURL(`**/product/${kakashi.id}`);
    await page.getByRole('heading', { level: 1, name: kakashi.name }).waitFor();
    await page.getByText('Online Exclusive').waitFor();
    await page.getByText('Free shipping on orders above ₹999').waitFor();
    await screenshot(page, 'product');
    await page.getByRole('button', { name: 'ADD TO CART', exact: true }).click();
    await toast(page, 'Added to cart').waitFor();
    await eventually(() => page.getByTestId('cart-count').textContent()).toBe('1');

    // Cart: a guest is sent to sign in.
    await page.goto('/cart');
    await page.getByTestId('cart-line').getByText(kakashi.name).waitFor();
    await page.getByText('Free returns within 7 days').waitFor();
    await screenshot(page, 'cart');
    await page.getByRole('button', { name: 'Proceed to Checkout' }).click();
    await toast(page, 'Please log in').waitFor();
    await page.waitForURL('**/login');

    // Sign up, with the form's messages first.
    await page.goto('/signup');
    const email = uniqueEmail('cod');
    await page.getByRole('button', { name: 'Create Account' }).click();
    await page.getByRole('alert').getByText('Please fill in all required fields').waitFor();
    await page.getByLabel('Full name *').fill('Ravi Kumar');
    await page.getByLabel('Email *').fill(email);
    await page.getByLabel('Password *', { exact: true }).fill('abc');
    await page.getByLabel('Confirm password *').fill('abd');
    await page.getByRole('button', { name: 'Create Account' }).click();
    await page.getByRole('alert').getByText('Passwords do not match').waitFor();
    await page.getByLabel('Confirm password *').fill('abc');
    await page.getByRole('button', { name: 'Create Account' }).click();
    await page.getByRole('alert').getByText('Password must be at least 6 characters long').waitFor();
    await page.getByLabel('Password *', { exact: true }).fill('secret123');
    await page.getByLabel('Confirm password *').fill('secret123');
    await page.getByRole('button', { name: 'Create Account' }).click();
    await page.getByRole('alert').getByText('Please provide your location details').waitFor();
    expect(await page.getByLabel('State *').locator('option').count()).toBe(29); // 28 states + the prompt
    await page.getByLabel('Pincode *').fill('400001');
    await page.getByLabel('City *').fill('Mumbai');
    await page.getByLabel('State *').selectOption('Maharashtra');
    await page.getByRole('button', { name: 'Create Account' }).click();
    await toast(page, 'Account created successfully!').waitFor();
    await page.waitForURL((url) => url.pathname === '/');
    await eventually(() => page.getByTestId('cart-count').textContent()).toBe('1');

    // Checkout by cash on delivery with a manual address.
    await page.goto('/checkout');
    await page.getByLabel('Address *').fill('21 Nariman Point');
    await page.getByRole('textbox', { name: 'Pincode *' }).fill('400021');
    await page.getByLabel('City *').fill('Mumbai');
    await page.getByLabel('State *').selectOption('Maharashtra');
    await page.getByLabel('Cash on Delivery').check();
    await screenshot(page, 'checkout');
    await page.getByRole('button', { name: 'Place Order' }).click();
    await toast(page, 'Order placed successfully!').waitFor();
    await page.waitForURL('**/orders');
    const row = page.getByTestId('order-row').filter({ hasText: kakashi.name });
    await row.waitFor();
    await eventually(() => row.getByTestId('order-status').textContent()).toMatch(/Placed|Confirmed/);
    expect(await page.getByTestId('cart-count').count()).toBe(0);
    await screenshot(page, 'orders');
    const orderNumber = (await row.locator('strong').first().textContent())!;
    expect(orderNumber).toMatch(/^AC-\d{4}-\d{6}$/);
    await page.getByLabel('Filter by status').selectOption('delivered');
    await page.getByRole('heading', { name: 'No orders match your filters' }).waitFor();
    await page.getByLabel('Filter by status').selectOption('all');
    await page.getByPlaceholder('Search by order number or product').fill(orderNumber.slice(-6));
    await row.waitFor();
    await row.click();
    await page.getByTestId('order-detail').getByText('Cash on Delivery').waitFor();
    await page.getByText('21 Nariman Point').waitFor();
    await screenshot(page, 'order-detail');

    // The shopper cancels it (not shipped yet): asked once more, then cancelled; the button goes away.
    await page.getByTestId('cancel-order').click();
    await page.getByTestId('confirm-cancel-order').click();
    await toast(page, 'Order cancelled').waitFor();
    await eventually(() => page.getByTestId('order-detail').getByTestId('order-status').first().textContent()).toBe('Cancelled');
    expect(await page.getByTestId('cancel-order').count()).toBe(0);
    await page.context().close();
  });
});
