import { describe, expect, it } from 'vitest';
import type { ReturnDto } from '../../../src/contract/returns.js';
import { UPI_INVALID } from '../../../src/contract/return-rules.js';
import { formatINR } from '../../../shared-web/format/format.js';
import { codOrderBody } from '../../helpers/test-orders.js';
import { adminToken, apiJson, eventually, openPage, screenshot, signUpShopper, toast, useShop } from './shopper-session.js';

/**
 * A shopper returns a unit of a delivered cash-on-delivery order from the order page: a bad UPI id is refused in the
 * browser, the request is listed as requested, and once the admin approves and receives it (through the API) the
 * page shows it refunded with the amount.
 */
describe('storefront: returning a unit of a delivered order', () => {
  const { store, catalogue } = useShop();

  it('order page → Return items → bad UPI id refused → request → requested → (admin approves, receives) → refunded', async () => {
    const figure = catalogue.find((p) => p.price >= 1000 && p.in_stock && p.stock_quantity >= 5)!;
    const shopper = await signUpShopper(store);
    const admin = await adminToken(store);
    const { order } = await apiJson<{ order: { id: string; orderNumber: string } }>(store, '/orders', {
      method: 'POST',
      token: shopper.token,
      body: codOrderBody(figure.id, 2),
    });
    await apiJson(store, `/orders/${order.id}/status`, { method: 'PUT', token: shopper.token, body: { status: 'confirmed' } });
    for (const status of ['shipped', 'delivered']) await apiJson(store, `/admin/orders/${order.id}/status`, { method: 'PUT', token: admin, body: { status } });

    const page = await openPage(store.browser, store.baseUrl, { token: shopper.token });
    const posts: string[] = [];
    page.on('request', (request) => {
      if (request.method() === 'POST' && request.url().endsWith(`/api/orders/${order.id}/returns`)) posts.push(request.postData() ?? '');
    });
    const openOrder = async () => {
      await page.goto('/orders');
      await page.getByTestId('order-row').filter({ hasText: order.orderNumber }).click();
      return page.getByTestId('order-returns');
    };
    let returns = await openOrder();
    await returns.getByText(/you can ask until/).waitFor();
    await returns.getByRole('button', { name: 'Return items' }).click();
    const form = returns.getByRole('form', { name: 'Return items' });
    await form.getByRole('checkbox', { name: figure.name }).check();
    expect(await form.getByLabel(`Units of ${figure.name} to return`).locator('option').allTextContents()).toEqual(['1 of 2', '2 of 2']);
    await form.getByLabel('Reason for the return *').fill('The box arrived crushed');
    await form.getByLabel('UPI ID for the refund *').fill('not-a-upi');
    await form.getByRole('button', { name: 'Request return' }).click();
    await form.getByRole('alert').getByText(UPI_INVALID).waitFor();
    expect(posts).toEqual([]);
    await screenshot(page, 'order-return-form');

    await form.getByLabel('UPI ID for the refund *').fill('asha.v@okaxis');
    await form.getByRole('button', { name: 'Request return' }).click();
    await toast(page, 'Return requested').waitFor();
    const entry = returns.getByTestId('order-return');
    await entry.getByText('Requested: awaiting review').waitFor();
    expect(await entry.textContent()).toContain(`1 × ${figure.name}`);
    expect(posts.map((p) => JSON.parse(p) as unknown)).toEqual([
      { items: [{ productId: figure.id, quantity: 1 }], reason: 'The box arrived crushed', upiId: 'asha.v@okaxis' },
    ]);
    await screenshot(page, 'order-return-requested');

    // The admin approves (a pickup is booked) and receives the parcel; the refund goes to the UPI id.
    const [asked] = (await apiJson<{ returns: ReturnDto[] }>(store, `/orders/${order.id}/returns`, { token: shopper.token })).returns;
    await apiJson(store, `/admin/returns/${asked!.id}/approve`, { method: 'POST', token: admin, body: {} });
    await apiJson(store, `/admin/returns/${asked!.id}/receive`, { method: 'POST', token: admin, body: { items: [] } });

    returns = await openOrder();
    await eventually(() => returns.getByTestId('return-status').textContent()).toBe('Refunded');
    // One unit of two, no coupon: its price comes back.
    expect(await returns.getByTestId('return-refund').textContent()).toBe(formatINR(figure.price));
    expect(await returns.getByTestId('order-return').textContent()).toContain('UPI asha.v@okaxis');
    await screenshot(page, 'order-return-refunded');
    await page.context().close();
  });
});
