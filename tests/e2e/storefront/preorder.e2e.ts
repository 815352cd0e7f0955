import { describe, expect, it } from 'vitest';
import { useStore } from '../harness.js';
import { adminToken, apiJson, eventually, openPage, signUpShopper, toast } from './shopper-session.js';

const PREORDER_ONLINE_ONLY = 'Pre-orders must be paid online: cash on delivery is not available for pre-order items';

/** A shopper pre-orders a figure: the labels, online payment only, paid in the simulator; the admin's book shows it. */
describe('storefront: pre-order a figure', () => {
  const store = useStore();

  it("shows 'Pre-order' and 'Ships from', offers no cash on delivery, pays online; the order is in the pre-order book", async () => {
    const admin = await adminToken(store);
    const release = new Date(Date.now() + 90 * 86_400_000 + 330 * 60_000).toISOString().slice(0, 10);
    const { product } = await apiJson<{ product: { id: string } }>(store, '/admin/products', {
      method: 'POST',
      token: admin,
      body: {
        name: 'Frieren Beyond Journey Scale Figure',
        category: 'Anime Figures',
        price: 8999,
        stock_quantity: 25,
        is_preorder: true,
        release_date: release,
      },
    });
    const shipsFrom = `Ships from ${new Date(`${release}T00:00:00Z`).toLocaleDateString('en-IN', { day: 'numeric', month: 'short', year: 'numeric', timeZone: 'UTC' })}`;

    const shopper = await signUpShopper(store, 'Kavya Rao');
    const page = await openPage(store.browser, store.baseUrl, { token: shopper.token });
    await page.goto(`/product/${product.id}`);
    await page.locator('.purchase').getByText('Pre-order', { exact: true }).waitFor();
    await page.locator('.purchase').getByText(shipsFrom).waitFor();
    await page.getByRole('button', { name: 'ADD TO CART', exact: true }).click();
    await eventually(() => page.getByTestId('cart-count').textContent()).toBe('1');

    await page.goto('/checkout');
    const cod = page.getByLabel('Cash on Delivery');
    await cod.waitFor();
    expect(await cod.isDisabled()).toBe(true);
    await page.getByText(PREORDER_ONLINE_ONLY).waitFor();
    await page.locator('textarea[name=address]').fill('12 Residency Road');
    await page.locator('input[name=pincode]').fill('560025');
    await page.locator('input[name=city]').fill('Bengaluru');
    await page.locator('select[name=state]').selectOption('Karnataka');
    await page
      .locator('main form')
      .getByRole('button', { name: /^Pay ₹/ })
      .click();
    await page
      .getByTestId('payment-window')
      .getByRole('button', { name: /^Pay ₹/ })
      .click();
    await toast(page, 'Payment successful!').waitFor();
    await page.waitForURL('**/orders');

    const book = await apiJson<{ orders: { customerName: string; quantity: number; paymentStatus: string }[]; totals: { paidUnits: number } }>(
      store,
      `/admin/products/${product.id}/preorders`,
      { token: admin },
    );
    expect(book.orders).toEqual([expect.objectContaining({ customerName: 'Kavya Rao', quantity: 1, paymentStatus: 'completed' })]);
    expect(book.totals.paidUnits).toBe(1);
  });
});
