import { describe, expect, it } from 'vitest';
import { useStore } from '../harness.js';
import { adminToken, apiJson, eventually, openPage, products, signUpShopper, toast } from './shopper-session.js';

interface Invoice {
  summary: { subtotal: number; discount: number; shipping: number; total: number };
  items: { discount: number; total: number }[];
}

/** A shopper applies a coupon at checkout: the server's messages, its prices, and the invoice of the discounted order. */
describe('storefront: a coupon at checkout', () => {
  const store = useStore();

  it('a wrong code says so; the right one in any case takes 10% off; the paid order and its invoice carry the discount', async () => {
    const figure = (await products(store)).find((p) => p.in_stock && p.stock_quantity >= 2 && p.price >= 1200 && p.price < 5000)!;
    expect(figure).toBeDefined();
    const admin = await adminToken(store);
    await apiJson(store, '/admin/coupons', { method: 'POST', token: admin, body: { code: 'FANS10', kind: 'percent', value: 10 } });
    const shopper = await signUpShopper(store, 'Meera Iyer');
    const page = await openPage(store.browser, store.baseUrl, { token: shopper.token });
    await page.goto(`/product/${figure.id}`);
    await page.getByRole('button', { name: 'ADD TO CART', exact: true }).click();
    await eventually(() => page.getByTestId('cart-count').textContent()).toBe('1');
    await page.goto('/checkout');

    const field = page.getByLabel('Coupon code');
    await field.fill('NOPE10');
    await page.getByRole('button', { name: 'Apply' }).click();
    await page.getByTestId('coupon-error').getByText('Invalid coupon code').waitFor();
    await field.fill(' fans10 ');
    await field.press('Enter');
    await page.getByTestId('coupon-applied').getByText('FANS10').waitFor();
    const discount = Math.round(figure.price * 10) / 100;
    await eventually(() => page.getByTestId('coupon-discount').textContent()).toContain(discount.toLocaleString('en-IN', { maximumFractionDigits: 2 }));

    await page.locator('textarea[name=address]').fill('4 Brigade Road');
    await page.locator('input[name=pincode]').fill('560001');
    await page.locator('input[name=city]').fill('Bengaluru');
    await page.locator('select[name=state]').selectOption('Karnataka');
    await page
      .locator('main form')
      .getByRole('button', { name: /^Pay ₹/ })
      .click();
    const window = page.getByTestId('payment-window');
    await window.getByRole('button', { name: /^Pay ₹/ }).click();
    await toast(page, 'Payment successful!').waitFor();
    await page.waitForURL('**/orders');

    const [order] = (
      await apiJson<{ orders: { id: string; discount: number; couponCode: string; totalAmount: number; status: string }[] }>(store, '/user/orders', {
        token: shopper.token,
      })
    ).orders;
    expect(order).toMatchObject({ couponCode: 'FANS10', discount, status: 'confirmed' });
    const { invoice } = await apiJson<{ invoice: Invoice }>(store, `/orders/${order!.id}/invoice`, { token: shopper.token });
    expect(invoice.summary).toMatchObject({ discount, total: order!.totalAmount });
    expect(invoice.items[0]!.discount).toBe(discount);
  });
});
