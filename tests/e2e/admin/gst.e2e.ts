import { readFile } from 'node:fs/promises';
import { describe, expect, it } from 'vitest';
import { useStore } from '../harness.js';
import { adminPage, codProduct, placeOrder, screenshot, shopper } from './admin-session.js';

describe('admin GST section', () => {
  const store = useStore();

  it("shows this month's output tax by rate and state, lists the invoice and exports the B2CS sheet", async () => {
    const buyer = await shopper(store);
    const order = await placeOrder(store, buyer.token, await codProduct(store));
    const { page, token } = await adminPage(store);
    const confirmed = await fetch(`${store.baseUrl}/api/admin/orders/${order.id}/status`, {
      method: 'PUT',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
      body: JSON.stringify({ status: 'confirmed' }),
    });
    expect(confirmed.status).toBe(200);
    // "This month" is read once, from the invoice: the page's clock stands at its issue time, so the section's default
    // month is the invoice's tax period even when the real month (India time) turns while the test runs.
    const invoice = (
      await store.ctx.runtime.pool.query<{ issued_at: Date; tax_period: string }>(`select issued_at, tax_period from invoices where order_id = $1`, [order.id])
    ).rows[0]!;
    await page.clock.setFixedTime(invoice.issued_at);
    await page.goto('/admin/analytics');
    expect(await page.locator('input[name=gst-month]').inputValue()).toBe(invoice.tax_period);
    const section = page.getByTestId('gst-section');
    const invoices = section.getByTestId('gst-invoices');
    await invoices.waitFor();
    expect(await invoices.textContent()).toMatch(new RegExp(`AC/\\d{2}-\\d{2}/000001.*${order.orderNumber}.*27-Maharashtra`));
    expect(await section.getByTestId('gst-by-state').textContent()).toContain('27-Maharashtra');
    expect(await section.getByTestId('gst-by-rate').textContent()).toMatch(/\d+%/);
    expect(await section.getByTestId('gst-total').textContent()).toMatch(/1 invoices, 0 credit notes/);
    const [download] = await Promise.all([page.waitForEvent('download'), section.getByRole('button', { name: 'Export GSTR-1 B2CS (CSV)' }).click()]);
    const csv = await readFile((await download.path())!, 'utf8');
    expect(csv.split('\n')[0]).toBe('Type,Place Of Supply,Applicable % of Tax Rate,Rate,Taxable Value,Cess Amount,E-Commerce GSTIN');
    expect(csv).toMatch(/\nOE,27-Maharashtra,,\d+,\d+\.\d{2},0\.00,/);
    await screenshot(page, 'analytics-gst');
  });
});
