import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { expireDueOrders } from '../../../src/modules/orders/index.js';
import { useStore } from '../harness.js';
import { apiJson, eventually, openPage, signUpShopper, toast, type ApiProduct, cheapKeychain, openAndClosePaymentWindow } from './shopper-session.js';

/** The shopper has no saved address: checkout's own form. */
async function fillAddress(page: Page, address: string, pincode: string, city: string, state: string) {
  await page.locator('textarea[name=address]').fill(address);
  await page.locator('input[name=pincode]').fill(pincode);
  await page.locator('input[name=city]').fill(city);
  await page.locator('select[name=state]').selectOption(state);
}

interface OwnOrder {
  id: string;
  status: string;
  paymentStatus: string;
  created_at: string;
}

/** One checkout is one order; paying again (checkout or Pay now) pays it until it expires. */
describe('storefront: paying the same order again', () => {
  const store = useStore();
  let keychain: ApiProduct;
  beforeAll(async () => {
    keychain = await cheapKeychain(store, 4);
  });

  const ordersOf = async (token: string) => (await apiJson<{ orders: OwnOrder[] }>(store, '/user/orders', { token })).orders;

  it('dismissing and failing the window keeps one order; Pay now in My Orders pays that same order', async () => {
    const shopper = await signUpShopper(store, 'Kavya Rao');
    const page = await openPage(store.browser, store.baseUrl, { token: shopper.token });
    await page.goto(`/product/${keychain.id}`);
    await page.getByRole('button', { name: 'ADD TO CART', exact: true }).click();
    await eventually(() => page.getByTestId('cart-count').textContent()).toBe('1');
    await page.goto('/checkout');
    const payButton = page.locator('main form').getByRole('button', { name: /^Pay ₹/ });
    const window = page.getByTestId('payment-window');
    // The manual address form (the shopper has no saved address yet) needs an address.
    await fillAddress(page, '4 Brigade Road', '560001', 'Bengaluru', 'Karnataka');
    await payButton.click();
    await window.getByRole('button', { name: 'Close payment window' }).click();
    await toast(page, 'Payment cancelled').waitFor();
    await window.waitFor({ state: 'detached' });
    await payButton.click();
    await window.getByRole('button', { name: 'Simulate failure' }).click();
    await toast(page, 'Payment failed').waitFor();
    await payButton.click();
    await window.getByRole('button', { name: 'Close payment window' }).click();
    await window.waitFor({ state: 'detached' });
    // Three windows, one order.
    const [order, ...more] = await ordersOf(shopper.token);
    expect(more).toHaveLength(0);
    expect(order).toMatchObject({ status: 'pending', paymentStatus: 'failed' });

    await page.goto('/orders');
    const awaiting = page.getByTestId('awaiting-payment');
    await awaiting.getByText('Awaiting payment').waitFor();
    await awaiting.getByRole('button', { name: 'Pay now' }).click();
    await window.getByRole('button', { name: /^Pay ₹/ }).click();
    await toast(page, 'Payment successful!').waitFor();
    await page.getByTestId('order-row').filter({ hasText: 'Confirmed' }).waitFor();
    await awaiting.waitFor({ state: 'detached' });
    const after = await ordersOf(shopper.token);
    expect(after).toEqual([expect.objectContaining({ id: order!.id, status: 'confirmed', paymentStatus: 'completed' })]);
    // The paid order was the checkout in the cart: the cart is done with.
    await eventually(() => page.getByTestId('cart-count').count()).toBe(0);
    await page.context().close();
  });

  it('an order not paid within 30 minutes says it expired and offers no Pay now', async () => {
    const shopper = await signUpShopper(store, 'Arjun Nair');
    const page = await openPage(store.browser, store.baseUrl, { token: shopper.token });
    await page.goto(`/product/${keychain.id}`);
    await page.getByRole('button', { name: 'ADD TO CART', exact: true }).click();
    await page.goto('/checkout');
    await fillAddress(page, '9 Park Street', '700016', 'Kolkata', 'West Bengal');
    await openAndClosePaymentWindow(page);
    const [order] = await ordersOf(shopper.token);
    await expireDueOrders({ store: store.ctx.runtime.store, pool: store.ctx.runtime.pool }, new Date(Date.parse(order!.created_at) + 31 * 60_000));
    await eventually(async () => (await ordersOf(shopper.token))[0]!.status).toBe('cancelled');
    await page.goto('/orders');
    await page.getByTestId('order-expired').getByText('Payment was not completed within 30 minutes').waitFor();
    expect(await page.getByRole('button', { name: 'Pay now' }).count()).toBe(0);
    await page.context().close();
  });
});
