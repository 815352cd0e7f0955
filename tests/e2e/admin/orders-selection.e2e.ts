import { describe, expect, it } from 'vitest';
import { useStore } from '../harness.js';
import { loginAdmin } from '../../helpers/test-runtime.js';
import { adminPage, shopper, toast } from './admin-session.js';

/** 'N of M orders selected' counts the true total; the header checkbox can go on to all M orders, and delete them all. */
describe('admin orders: selection across pages', () => {
  const store = useStore();

  it('ticks on two pages add up, "Select all 53 orders" selects every order, and Delete Selected deletes them all', async () => {
    const buyer = await shopper(store);
    const list = (await (await fetch(`${store.baseUrl}/api/products?limit=100`)).json()) as {
      products: { id: string; in_stock: boolean; stock_quantity: number }[];
    };
    const stocked = list.products.filter((p) => p.in_stock && p.stock_quantity >= 6);
    for (let i = 0; i < 53; i++) {
      const response = await fetch(`${store.baseUrl}/api/orders`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', authorization: `Bearer ${buyer.token}` },
        body: JSON.stringify({
          items: [{ productId: stocked[i % stocked.length]!.id, quantity: 1 }],
          shipping_address: '1 Marine Drive',
          shipping_city: 'Mumbai',
          shipping_state: 'Maharashtra',
          shipping_pincode: '400001',
          payment_method: 'razorpay',
        }),
      });
      expect(response.status).toBe(201);
    }
    const { page } = await adminPage(store);
    await page.goto('/admin/orders');
    const rows = page.getByTestId('orders-table').locator('[data-row-id]');
    await expect.poll(() => rows.count()).toBe(50);
    await page.getByText('0 of 53 orders selected').waitFor();
    await rows.first().getByRole('checkbox').check();
    await page.getByRole('button', { name: 'Next' }).click();
    await expect.poll(() => rows.count()).toBe(3);
    await rows.first().getByRole('checkbox').check();
    await page.getByText('2 of 53 orders selected').waitFor();
    await page.getByRole('button', { name: 'Previous' }).click();
    await expect.poll(() => rows.count()).toBe(50);

    await page.getByLabel('Select all orders').check();
    await page.getByText('51 of 53 orders selected').waitFor();
    await page.getByRole('button', { name: 'Select all 53 orders' }).click();
    await page.getByText('53 of 53 orders selected').waitFor();
    await page.getByRole('button', { name: 'Delete Selected (53)' }).click();
    await toast(page, 'Orders Deleted').filter({ hasText: '53 orders have been deleted successfully.' }).waitFor();
    await page.getByText('No orders found').waitFor();
    await page.getByText('0 of 0 orders selected').waitFor();
    const { token } = await loginAdmin(store.ctx.app);
    const admin = (await fetch(`${store.baseUrl}/api/admin/orders`, { headers: { authorization: `Bearer ${token}` } }).then((r) => r.json())) as {
      total: number;
    };
    expect(admin.total).toBe(0);
    await page.context().close();
  });
});
