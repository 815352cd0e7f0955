import { beforeAll, describe, expect, it } from 'vitest';
import { useStore } from '../harness.js';
import { adminPage, codProduct, placeOrder, screenshot, shopper, toast } from './admin-session.js';

describe('admin: stock held by cash-on-delivery orders', () => {
  const store = useStore();
  let productId: string;
  beforeAll(async () => {
    productId = await codProduct(store);
  });

  it('the Orders tab lists who holds how many units; Release asks for a reason and cancels the order', async () => {
    const buyer = await shopper(store);
    const order = await placeOrder(store, buyer.token, productId);
    const { page } = await adminPage(store);
    await page.goto('/admin/orders');
    const panel = page.getByTestId('cod-holds');
    await panel.locator('summary').click();
    const row = panel.locator('tbody tr').filter({ hasText: order.orderNumber });
    await row.waitFor();
    expect(await row.textContent()).toContain(buyer.email);

    await row.getByRole('button', { name: `Release order ${order.orderNumber}` }).click();
    const confirm = page.getByRole('button', { name: 'Release and cancel order' });
    expect(await confirm.isDisabled()).toBe(true);
    await page.getByLabel('Reason (sent to the shopper)').fill('Several accounts ordered this figure to one address');
    await screenshot(page, 'cod-hold-release');
    await confirm.click();
    await toast(page, `Order #${order.orderNumber} is cancelled`).waitFor();
    await expect.poll(() => row.count()).toBe(0);
    const stored = await store.ctx.app.inject({ method: 'GET', url: `/api/orders/${order.id}`, headers: { authorization: `Bearer ${buyer.token}` } });
    expect(stored.json().order.status).toBe('cancelled');
  });
});
