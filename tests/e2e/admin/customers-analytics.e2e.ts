import { describe, expect, it } from 'vitest';
import { useStore } from '../harness.js';
import { adminPage, codProduct, placeOrder, screenshot, shopper } from './admin-session.js';

describe('admin customers and analytics', () => {
  const store = useStore();

  it("lists the customer with orders and total spent, opens that customer's orders, and draws the analytics charts", async () => {
    const buyer = await shopper(store);
    const productId = await codProduct(store);
    const order = await placeOrder(store, buyer.token, productId);
    const { page, token } = await adminPage(store);
    const confirm = await store.ctx.app.inject({
      method: 'PUT',
      url: `/api/admin/orders/${order.id}/status`,
      headers: { authorization: `Bearer ${token}` },
      payload: { status: 'confirmed' },
    });
    expect(confirm.statusCode).toBe(200);
    const listed = (await store.ctx.app.inject({ method: 'GET', url: '/api/admin/customers', headers: { authorization: `Bearer ${token}` } })).json().customers;
    const customer = listed.find((c: { id: string }) => c.id === buyer.user.id);
    expect(customer.total_spent).toBeGreaterThan(0);

    await page.goto('/admin/users');
    await page.getByText('Customer Management').waitFor();
    const row = page.getByTestId('customers-table').locator(`[data-row-id="${buyer.user.id}"]`);
    await row.waitFor();
    const text = (await row.textContent()) ?? '';
    expect(text).toContain(buyer.email);
    expect(text).toContain('Mumbai, Maharashtra');
    expect(text).toContain(
      new Intl.NumberFormat('en-IN', { style: 'currency', currency: 'INR', maximumFractionDigits: 2, minimumFractionDigits: 0 }).format(customer.total_spent),
    );
    await screenshot(page, 'customers');
    await row.getByRole('button', { name: /^Orders of / }).click();
    const orders = page.getByTestId('customer-orders');
    await orders.waitFor();
    expect(await orders.textContent()).toContain(order.orderNumber);
    await page.keyboard.press('Escape');

    await page.getByRole('tab', { name: 'Analytics' }).click();
    await page.waitForURL(/\/admin\/analytics$/);
    await page.getByText('Revenue and orders per day').waitFor();
    await page.locator('.recharts-surface').first().waitFor();
    await expect.poll(() => page.locator('.recharts-wrapper').count()).toBe(3);
    expect(await page.getByText('Revenue (₹)').count()).toBeGreaterThan(0); // labelled axis
    await screenshot(page, 'analytics');
    await page.context().close();
  });
});
