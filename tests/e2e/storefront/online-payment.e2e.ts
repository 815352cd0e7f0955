import { readFileSync } from 'node:fs';
import { beforeAll, describe, expect, it } from 'vitest';
import { useStore } from '../harness.js';
import { adminToken, apiJson, openPage, screenshot, signUpShopper, toast, type ApiProduct, eventually, cheapKeychain } from './shopper-session.js';

/** Address by pincode, COD refused under ₹1000, the local payment window (cancel, then pay), invoice, delivery and one review. */
describe('storefront: online payment through the local simulator', () => {
  const store = useStore();
  let keychain: ApiProduct;
  beforeAll(async () => {
    keychain = await cheapKeychain(store, 3);
  });

  it('adds an address by pincode, is refused COD, cancels once, is declined once, pays, downloads the invoice and reviews after delivery', async () => {
    const shopper = await signUpShopper(store, 'Meera Iyer');
    const page = await openPage(store.browser, store.baseUrl, { token: shopper.token });

    // Address book: the pincode fills city and state (read-only).
    await page.goto('/profile?tab=addresses');
    await page.getByRole('button', { name: '+ Add a new address' }).click();
    await page.getByLabel('Full name *').fill('Meera Iyer');
    await page.getByLabel('Phone').fill('9876501234');
    await page.getByLabel('Pincode *').fill('560001');
    await eventually(() => page.getByLabel('City *').inputValue()).not.toBe('');
    expect(await page.getByLabel('City *').getAttribute('readonly')).not.toBeNull();
    expect(await page.getByLabel('State *').inputValue()).toBe('Karnataka');
    await page.getByLabel('Address line 1 *').fill('7 MG Road');
    await page.getByRole('button', { name: 'Save Address' }).click();
    await page.getByTestId('address-card').filter({ hasText: '7 MG Road' }).waitFor();
    // The header's Deliver-to now offers it.
    await page.locator('button.deliver-to').getByText('Meera Iyer 560001').waitFor();
    await page.locator('button.deliver-to').click();
    await page
      .getByRole('dialog', { name: 'Choose your delivery address' })
      .getByRole('button', { name: /7 MG Road/ })
      .click();
    await page.getByRole('dialog').waitFor({ state: 'detached' });

    // Cart of one keychain: below ₹1000, so no cash on delivery.
    await page.goto(`/product/${keychain.id}`);
    await page.getByRole('button', { name: 'ADD TO CART', exact: true }).click();
    await eventually(() => page.getByTestId('cart-count').textContent()).toBe('1');
    await page.goto('/checkout');
    await eventually(() => page.getByRole('radio', { name: /Meera Iyer/ }).isChecked()).toBe(true);
    await page.getByLabel('Cash on Delivery').check();
    await page.getByRole('button', { name: 'Place Order' }).click();
    await toast(page, 'Cash on Delivery not available').getByText('Cash on Delivery is only available for orders above ₹1000.').waitFor();

    // Online: the payment window opens; closing it cancels.
    await page.getByLabel('Pay Online').check();
    const payButton = page.locator('main form').getByRole('button', { name: /^Pay ₹/ });
    await payButton.click();
    const window = page.getByTestId('payment-window');
    await window.getByText('Anime Collectibles').waitFor();
    await window.getByRole('tab', { name: 'UPI' }).click();
    await window.getByLabel('UPI ID').waitFor();
    await screenshot(page, 'payment-window');
    await window.getByRole('button', { name: 'Close payment window' }).click();
    await toast(page, 'Payment cancelled').waitFor();
    await window.waitFor({ state: 'detached' });

    // A declined payment says so and keeps the cart.
    await payButton.click();
    await window.getByRole('button', { name: 'Simulate failure' }).click();
    await toast(page, 'Payment failed').waitFor();
    await window.waitFor({ state: 'detached' });
    expect(await page.getByTestId('cart-count').textContent()).toBe('1');

    // The next attempt succeeds; the order is confirmed and paid.
    await payButton.click();
    await window.getByRole('button', { name: /^Pay ₹/ }).click();
    await toast(page, 'Payment successful!').waitFor();
    await page.waitForURL('**/orders');
    const row = page.getByTestId('order-row').filter({ hasText: keychain.name }).filter({ hasText: 'Confirmed' });
    await row.waitFor();
    await row.click();
    const detail = page.getByTestId('order-detail');
    await eventually(() => detail.getByTestId('payment-status').textContent()).toBe('Completed');
    await detail.getByText('7 MG Road').waitFor();
    const [download] = await Promise.all([page.waitForEvent('download'), detail.getByRole('button', { name: 'Download Invoice' }).click()]);
    expect(download.suggestedFilename()).toMatch(/^invoice-AC-\d{4}-\d{6}\.pdf$/);
    expect(
      readFileSync((await download.path())!)
        .subarray(0, 5)
        .toString(),
    ).toBe('%PDF-');

    // Before delivery the product page refuses a review, with the spec's toast and the server's reason.
    await page.goto(`/product/${keychain.id}`);
    await page.getByRole('radio', { name: '5 stars' }).click();
    await page.getByLabel('Your review').fill('Cannot wait to get it');
    await page.getByRole('button', { name: 'Submit Review' }).click();
    await toast(page, 'Error').getByText('Failed to submit review. Please try again.').waitFor();
    expect((await page.locator('.review-form [role=alert]').textContent())!.length).toBeGreaterThan(5);

    // The admin delivers it (through the API); the shopper reviews the product once.
    await page.goto('/orders');
    await page.getByTestId('order-row').first().waitFor();
    const { orders } = await apiJson<{ orders: { id: string; status: string; paymentStatus: string }[] }>(store, '/user/orders', { token: shopper.token });
    const paid = orders.find((o) => o.status === 'confirmed')!;
    expect(paid.paymentStatus).toBe('completed');
    await apiJson(store, `/admin/orders/${paid.id}/status`, { method: 'PUT', token: await adminToken(store), body: { status: 'delivered' } });
    await page.reload();
    await page.getByTestId('order-row').filter({ hasText: 'Delivered' }).click();
    await detail.getByText('Delivered on').waitFor();
    // The rating is a keyboard-operable radio group: one tab stop, arrows move and select.
    const radios = detail.getByRole('radiogroup', { name: 'Rating' }).getByRole('radio');
    expect(await radios.evaluateAll((els) => els.map((el) => (el as HTMLElement).tabIndex))).toEqual([0, -1, -1, -1, -1]);
    await detail.getByRole('radio', { name: '1 star', exact: true }).focus();
    for (const key of ['ArrowRight', 'ArrowRight', 'ArrowRight', 'ArrowRight', 'ArrowLeft']) await page.keyboard.press(key);
    await page.keyboard.press('ArrowRight');
    const four = detail.getByRole('radio', { name: '4 stars' });
    expect(await four.getAttribute('aria-checked')).toBe('true');
    expect(await four.evaluate((el) => el === document.activeElement && el.matches(':focus-visible'))).toBe(true);
    expect(await radios.evaluateAll((els) => els.filter((el) => el.getAttribute('aria-checked') === 'true').length)).toBe(1);
    await detail.getByRole('textbox', { name: 'Your review' }).fill('  Sturdy and bright, looks great on my bag.  ');
    await detail.getByRole('button', { name: 'Submit Review' }).click();
    await detail.getByText('Review submitted').waitFor();
    await page.reload();
    await page.getByTestId('order-row').filter({ hasText: 'Delivered' }).click();
    await detail.getByText('Review submitted').waitFor();
    expect(await detail.getByRole('button', { name: 'Submit Review' }).count()).toBe(0);
    const { reviews } = await apiJson<{ reviews: { comment: string; rating: number }[] }>(store, `/products/${keychain.id}/reviews`);
    expect(reviews).toEqual([expect.objectContaining({ rating: 4, comment: 'Sturdy and bright, looks great on my bag.' })]);

    // The product page shows it: average to one decimal, and no second review form for this shopper.
    await page.goto(`/product/${keychain.id}`);
    await eventually(() => page.getByTestId('average-rating').textContent()).toBe('4.0');
    await page.getByText('Sturdy and bright, looks great on my bag.').waitFor();
    await page.getByText('You have reviewed this product.').waitFor();
    expect(await page.title()).toBe(`${keychain.name} · Anime Collectibles`);
    await page.context().close();
  });
});
