import { beforeAll, describe, expect, it } from 'vitest';
import { REJECTION_REASON_REQUIRED } from '../../../src/contract/return-rules.js';
import { loginAdmin } from '../../helpers/test-runtime.js';
import { createTestProduct } from '../../helpers/test-products.js';
import { PUNE_SHIPPING } from '../../helpers/test-orders.js';
import { courierFor, type SimulatorCourier } from '../../../src/shared/courier.js';
import { useStore } from '../harness.js';
import { pageWithToken, screenshot, shopper, toast } from './admin-session.js';

describe('admin: the Returns view of the Orders tab', () => {
  const store = useStore({ seedDemo: false });
  let admin: Awaited<ReturnType<typeof loginAdmin>>;
  let buyer: Awaited<ReturnType<typeof shopper>>;
  let productId: string;
  beforeAll(async () => {
    admin = await loginAdmin(store.ctx.app);
    buyer = await shopper(store);
    productId = (await createTestProduct(store.ctx.runtime, { price: 1499, stock: 10 })).id;
  });

  const call = async (method: 'GET' | 'POST' | 'PUT', url: string, auth: Record<string, string>, payload?: object) => {
    const response = await store.ctx.app.inject({ method, url, headers: auth, ...(payload ? { payload } : {}) });
    expect(response.statusCode, `${method} ${url}: ${response.body}`).toBeLessThan(300);
    return response.json();
  };
  const stock = async () => (await call('GET', `/api/products/${productId}`, {})).product.stock_quantity as number;

  /** An order of 2 units paid online (the payment simulator), then shipped and delivered by the admin. */
  async function deliveredOrder() {
    const { order } = await call('POST', '/api/orders', buyer.auth, { ...PUNE_SHIPPING, payment_method: 'razorpay', items: [{ id: productId, quantity: 2 }] });
    const created = await call('POST', '/api/razorpay/create-order', buyer.auth, { amount: order.totalAmount, currency: 'INR', orderId: order.id });
    const { success: _ok, ...proof } = await call('POST', '/api/payments/simulator/pay', buyer.auth, {
      razorpay_order_id: created.order_id,
      outcome: 'success',
    });
    await call('POST', '/api/razorpay/verify-payment', buyer.auth, { ...proof, orderId: order.id });
    await call('PUT', `/api/orders/${order.id}/status`, buyer.auth, { status: 'confirmed' });
    await call('PUT', `/api/admin/orders/${order.id}/status`, admin.auth, { status: 'shipped' });
    await call('PUT', `/api/admin/orders/${order.id}/status`, admin.auth, { status: 'delivered' });
    return order as { id: string; orderNumber: string };
  }
  /** The shopper asks to return `units` of the order's 2. */
  async function askReturn(order: { id: string; orderNumber: string }, reason: string, units: number) {
    const asked = await call('POST', `/api/orders/${order.id}/returns`, buyer.auth, { items: [{ productId, quantity: units }], reason });
    return { orderNumber: order.orderNumber, returnId: asked.return.id as string };
  }

  it('rejects one return (a reason is required) and approves then receives the other, one unit back on sale', async () => {
    const toReject = await askReturn(await deliveredOrder(), 'Changed my mind', 1);
    const second = await deliveredOrder();
    // 10 in stock, 2 units in each order.
    await expect.poll(stock).toBe(6);

    const page = await pageWithToken(store, admin.token);
    const decisions: string[] = [];
    page.on('request', (request) => {
      if (request.method() === 'POST' && request.url().includes('/api/admin/returns/')) decisions.push(new URL(request.url()).pathname);
    });
    await page.goto('/admin/orders');
    // Connected first: the feed's catch-up read on connecting is over before the Returns view reads its list.
    await page.locator('[data-testid="live-indicator"][data-state="live"]').waitFor();
    await page.getByRole('group', { name: 'Orders views' }).getByRole('button', { name: 'Returns' }).click();
    const table = page.getByTestId('returns-table');
    const rowOf = (returnId: string) => table.locator(`tr[data-row-id="${returnId}"]`);
    const rejected = rowOf(toReject.returnId);
    await rejected.waitFor();
    // A return asked for while the view is open shows through the live feed, without a reload.
    const toAccept = await askReturn(second, 'The base arrived cracked', 2);
    const accepted = rowOf(toAccept.returnId);
    await accepted.waitFor();
    expect(await accepted.textContent()).toContain('The base arrived cracked');
    expect(await accepted.locator('.status').textContent()).toBe('Requested');

    // Reject: an empty reason shows the server's message and sends nothing.
    await rejected.getByRole('button', { name: `Reject return of order ${toReject.orderNumber}` }).click();
    await page.getByRole('button', { name: 'Reject return' }).click();
    await page.getByRole('alert').filter({ hasText: REJECTION_REASON_REQUIRED }).waitFor();
    expect(decisions).toEqual([]);
    await page.getByLabel('Reason for rejecting (shown to the shopper)').fill('Opened and displayed: not in resellable condition');
    await page.getByRole('button', { name: 'Reject return' }).click();
    await toast(page, `Order #${toReject.orderNumber}`).first().waitFor();
    await expect.poll(() => rejected.locator('.status').textContent()).toBe('Rejected');
    expect(await rejected.textContent()).toContain('Reason: Opened and displayed: not in resellable condition');

    // The courier down: the API's 503 in a toast, the return still requested.
    const courier = courierFor(store.ctx.runtime.env) as SimulatorCourier;
    courier.outage = 'pickup service down';
    const approve = accepted.getByRole('button', { name: `Approve return of order ${toAccept.orderNumber}` });
    await approve.click();
    await toast(page, 'The courier could not book the return pickup (pickup service down)').waitFor();
    courier.outage = null;
    expect(await accepted.locator('.status').textContent()).toBe('Requested');

    // Approve (the simulator books the pickup), then receive the 2 units with one of them resellable.
    await approve.click();
    await expect.poll(() => accepted.locator('.status').textContent()).toBe('Approved');
    expect(await accepted.textContent()).toMatch(/Pickup .*SIMR\d{10}/);
    await accepted.getByRole('button', { name: `Receive return of order ${toAccept.orderNumber}` }).click();
    const units = page.getByRole('spinbutton', { name: /Resellable units of/ });
    expect(await units.inputValue()).toBe('2');
    await units.fill('1');
    await screenshot(page, 'returns-receive');
    await page.getByRole('button', { name: 'Receive and refund' }).click();
    await expect.poll(() => accepted.locator('.status').textContent()).toBe('Refunded');
    expect(await accepted.textContent()).toContain('₹2,998 refunded; 1 of 2 units back on sale');
    expect(decisions).toEqual([
      `/api/admin/returns/${toReject.returnId}/reject`,
      `/api/admin/returns/${toAccept.returnId}/approve`,
      `/api/admin/returns/${toAccept.returnId}/approve`,
      `/api/admin/returns/${toAccept.returnId}/receive`,
    ]);
    await expect.poll(stock).toBe(7);

    // The status filter asks the server for one status only.
    await page.getByLabel('Filter returns by status').selectOption('rejected');
    await expect.poll(() => table.locator('tbody tr[data-row-id]').count()).toBe(1);
    expect(await rejected.count()).toBe(1);

    // The view has its own address: a reload of /admin/returns opens it in the Orders tab.
    await page.goto('/admin/returns');
    await rowOf(toAccept.returnId).waitFor();
    expect(await page.getByRole('tab', { name: 'Orders' }).getAttribute('aria-selected')).toBe('true');
    expect(await page.getByRole('group', { name: 'Orders views' }).getByRole('button', { name: 'Returns' }).getAttribute('aria-pressed')).toBe('true');
    await screenshot(page, 'returns');
  });
});
