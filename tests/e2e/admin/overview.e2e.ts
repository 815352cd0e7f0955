import { describe, expect, it } from 'vitest';
import { useStore } from '../harness.js';
import { adminPage, screenshot } from './admin-session.js';

describe('admin overview', () => {
  const store = useStore();

  it('an admin opens /admin and sees the stat cards with the real numbers, and /admin/users opens the customers tab', async () => {
    const stats = (
      await store.ctx.app.inject({ method: 'GET', url: '/api/admin/stats', headers: { authorization: `Bearer ${(await adminPage(store)).token}` } })
    ).json().stats;
    expect(stats.totalProducts).toBeGreaterThan(0);
    const { page } = await adminPage(store);
    await page.goto('/admin');
    await page.getByText('Admin Access').waitFor();
    await page.getByText('Welcome back, Store Admin').waitFor();
    const products = page.getByTestId('stat-total-products');
    await expect.poll(() => products.locator('.stat-value').textContent()).toBe(String(stats.totalProducts));
    expect(await products.textContent()).toContain('Active products in catalog');
    expect(await page.getByTestId('stat-total-orders').textContent()).toContain('All time orders');
    expect(await page.getByTestId('stat-total-revenue').textContent()).toContain('₹');
    expect(await page.getByTestId('stat-total-customers').textContent()).toContain('Registered customers');
    expect(await page.getByTestId('stat-low-stock').textContent()).toBe(String(stats.lowStockProducts));
    await page.getByText('Recent Products').waitFor();
    await screenshot(page, 'overview');

    await page.getByRole('button', { name: 'Manage Inventory' }).click();
    await page.waitForURL(/\/admin\/products$/);
    await page.getByText('Product Management').waitFor();
    await page.getByRole('link', { name: 'Image upload guide' }).first().click();
    await page.waitForURL(/\/admin\/upload-guide$/);
    await page.getByText('Step 1: upload the product images').waitFor();
    await page.reload();
    await page.getByText('Step 2: upload the CSV or Excel file').waitFor();

    await page.goto('/admin/users');
    await page.getByText('Customer Management').waitFor();
    await page.goto('/admin/orders');
    await page.getByText('Order Management').waitFor();
    await page.context().close();
  });
});
