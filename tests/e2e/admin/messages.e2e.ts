import { describe, expect, it } from 'vitest';
import { useStore } from '../harness.js';
import { adminPage, codProduct, placeOrder, screenshot, shopper } from './admin-session.js';

describe('admin Messages', () => {
  const store = useStore();

  it('lists the order confirmation sent to the shopper (kept as .eml by default) and shows it rendered', async () => {
    const buyer = await shopper(store);
    const order = await placeOrder(store, buyer.token, await codProduct(store));
    const sent = async () =>
      (await store.ctx.runtime.pool.query(`select 1 from message_outbox where stream_id = $1 and state = 'sent'`, [`order-${order.id}`])).rowCount;
    for (let i = 0; i < 100 && !(await sent()); i++) await new Promise((r) => setTimeout(r, 100));
    const { page } = await adminPage(store);
    await page.goto('/admin/users');
    const table = page.getByTestId('messages-table');
    await table.waitFor();
    const row = table.locator('tr', { hasText: `We have received your order ${order.orderNumber}` });
    await row.waitFor();
    expect(await row.textContent()).toContain('Sent');
    expect(await row.textContent()).toContain('Order placed');
    await row.getByRole('button', { name: /View message/ }).click();
    const preview = page.frameLocator('[data-testid=message-preview]');
    await preview.getByText('Thank you for your order').waitFor();
    expect(await preview.locator('body').textContent()).toMatch(/Total: ₹[\d,]+/);
    await screenshot(page, 'admin-messages');
  });
});
