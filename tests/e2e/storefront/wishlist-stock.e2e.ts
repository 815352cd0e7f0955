import { beforeAll, describe, expect, it } from 'vitest';
import { useStore } from '../harness.js';
import { eventually, openPage, products, signUpShopper, toast, type ApiProduct } from './shopper-session.js';

/** Wishlist → Add to Cart checks the product's stock now, for guests (local list) and signed-in shoppers (server list). */
describe('storefront: adding from the wishlist respects stock', () => {
  const store = useStore();
  let soldOut: ApiProduct;
  let lastTwo: ApiProduct;
  beforeAll(async () => {
    const all = await products(store);
    soldOut = all.find((p) => !p.in_stock)!;
    lastTwo = all.find((p) => p.in_stock && p.stock_quantity === 2)!;
    expect(soldOut).toBeDefined();
    expect(lastTwo).toBeDefined();
  });

  it('a guest whose saved copy still says in stock is refused an out-of-stock product, and stopped at the stock', async () => {
    const page = await openPage(store.browser, store.baseUrl);
    await page.goto('/');
    // Saved while they were in stock: the guest's local copy is stale.
    const stale = (p: ApiProduct) => ({
      id: p.id,
      name: p.name,
      price: p.price,
      image: p.image,
      images: [],
      category: p.category,
      isNew: false,
      isOnSale: false,
      description: '',
      inStock: true,
      stockQuantity: 10,
      rating: 0,
    });
    await page.evaluate((list) => localStorage.setItem('wishlist_guest', JSON.stringify(list)), [stale(soldOut), stale(lastTwo)]);
    await page.goto('/wishlist');
    const item = (p: ApiProduct) => page.getByTestId('wishlist-item').filter({ hasText: p.name });
    await item(soldOut)
      .getByRole('button', { name: `Add ${soldOut.name} to cart` })
      .click();
    await toast(page, 'Out of Stock').getByText('This product is currently out of stock.').waitFor();
    expect(await page.getByTestId('cart-count').count()).toBe(0);
    for (let i = 0; i < 2; i++)
      await item(lastTwo)
        .getByRole('button', { name: `Add ${lastTwo.name} to cart` })
        .click();
    await eventually(() => page.getByTestId('cart-count').textContent()).toBe('2');
    await item(lastTwo)
      .getByRole('button', { name: `Add ${lastTwo.name} to cart` })
      .click();
    await toast(page, 'Insufficient Stock').getByText(`Only 2 items available for ${lastTwo.name}.`).waitFor();
    expect(await page.getByTestId('cart-count').textContent()).toBe('2');
    await page.context().close();
  });

  it('a signed-in shopper sees an out-of-stock product marked in the wishlist and cannot add it', async () => {
    const shopper = await signUpShopper(store, 'Tara Singh');
    for (const p of [soldOut, lastTwo]) {
      await fetch(`${store.baseUrl}/api/user/wishlist`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', authorization: `Bearer ${shopper.token}` },
        body: JSON.stringify({ productId: p.id }),
      });
    }
    const page = await openPage(store.browser, store.baseUrl, { token: shopper.token });
    await page.goto('/wishlist');
    const out = page.getByTestId('wishlist-item').filter({ hasText: soldOut.name });
    await out.getByRole('button', { name: `${soldOut.name} is out of stock` }).click();
    await toast(page, 'Out of Stock').waitFor();
    expect(await page.getByTestId('cart-count').count()).toBe(0);
    await page
      .getByTestId('wishlist-item')
      .filter({ hasText: lastTwo.name })
      .getByRole('button', { name: `Add ${lastTwo.name} to cart` })
      .click();
    await toast(page, 'Added to cart').waitFor();
    await eventually(() => page.getByTestId('cart-count').textContent()).toBe('1');
    await page.context().close();
  });

  it('ADD TO CART on the product page and on a card counts what the cart holds: past the stock it is refused, not toasted as added', async () => {
    const page = await openPage(store.browser, store.baseUrl);
    await page.goto(`/product/${lastTwo.id}`);
    await page.getByLabel('Quantity').selectOption('2');
    await page.getByRole('button', { name: 'ADD TO CART' }).click();
    await eventually(() => page.getByTestId('cart-count').textContent()).toBe('2');
    await page.getByLabel('Quantity').selectOption('1');
    await page.getByRole('button', { name: 'ADD TO CART' }).click();
    await toast(page, 'Insufficient Stock').getByText('Only 2 items available. Please reduce quantity.').waitFor();
    await page.goto(`/search?q=${encodeURIComponent(lastTwo.name)}`);
    await page
      .getByTestId('product-card')
      .filter({ hasText: lastTwo.name })
      .first()
      .getByRole('button', { name: `Add ${lastTwo.name} to cart` })
      .click();
    await toast(page, 'Insufficient Stock').getByText('Only 2 items available. Please reduce quantity.').waitFor();
    expect(await page.getByTestId('cart-count').textContent()).toBe('2');
    await page.context().close();
  });
});
