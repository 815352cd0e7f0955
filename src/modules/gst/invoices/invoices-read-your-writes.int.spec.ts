import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { holdProjectorUntilAwaited } from '../../../../tests/helpers/held-projector.js';
import { createTestApp, loginAdmin, signUp, type TestContext } from '../../../../tests/helpers/test-runtime.js';
import { createTestProduct } from '../../../../tests/helpers/test-products.js';
import { placeTestOrder } from '../test-orders.js';

/**
 * An order's status change appends its tax invoice in the same write (order-documents.ts), so the GST section the admin
 * opens next must list it: the route answers once the invoices read model has it, not only the orders read model.
 */
describe('GST invoices: read-your-writes after a status change', () => {
  let t: TestContext;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => t?.close());

  it('the invoices list has the invoice a confirmation issued as soon as the confirmation has answered', async () => {
    const shopper = await signUp(t.app);
    const admin = await loginAdmin(t.app);
    const product = await createTestProduct(t.runtime, { price: 1500 });
    const order = await placeTestOrder(t.app, shopper.auth, { items: [{ id: product.id, quantity: 1 }], state: 'Maharashtra', pincode: '400001' });

    const invoices = holdProjectorUntilAwaited(t.runtime, 'invoices');
    try {
      const change = await invoices.settle(
        t.app.inject({ method: 'PUT', url: `/api/admin/orders/${order.id}/status`, headers: admin.auth, payload: { status: 'confirmed' } }),
      );
      expect(change.statusCode).toBe(200);
      const listed = await t.app.inject({ method: 'GET', url: '/api/admin/gst/invoices', headers: admin.auth });
      expect(listed.json().invoices.map((i: { orderId: string; kind: string }) => [i.orderId, i.kind])).toEqual([[order.id, 'invoice']]);
    } finally {
      invoices.restore();
    }
  });
});
