import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, loginAdmin, signUp, type TestContext } from '../../../tests/helpers/test-runtime.js';
import { createTestProduct } from '../orders/test-products.js';
import { placeTestOrder } from './test-orders.js';

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

    // Hold the invoices projector inside its batch (before its checkpoint moves): a read model that lags, deterministically.
    const invoices = t.runtime.projections.projectors.find((p) => p.name === 'invoices')!;
    const original = { apply: invoices.apply, applyMany: invoices.applyMany };
    let release = () => undefined as void;
    const held = new Promise<void>((resolve) => (release = resolve));
    const gated = invoices as { apply: typeof invoices.apply; applyMany?: typeof invoices.applyMany };
    gated.apply = async (client, event) => (await held, original.apply.call(invoices, client, event));
    if (original.applyMany) gated.applyMany = async (client, events) => (await held, original.applyMany!.call(invoices, client, events));
    // Let it go as soon as the route asks to wait for that read model; a route that does not ask answers while it is held.
    const projections = t.runtime.projections;
    const waitFor = projections.waitFor;
    let askedFor = () => undefined as void;
    const asked = new Promise<void>((resolve) => (askedFor = resolve));
    projections.waitFor = (position, names, timeoutMs) => {
      if (!names || names.includes('invoices')) askedFor();
      return waitFor.call(projections, position, names, timeoutMs);
    };
    try {
      const change = t.app.inject({ method: 'PUT', url: `/api/admin/orders/${order.id}/status`, headers: admin.auth, payload: { status: 'confirmed' } });
      if ((await Promise.race([change.then(() => 'answered'), asked.then(() => 'waiting')])) === 'waiting') release();
      expect((await change).statusCode).toBe(200);
      const listed = await t.app.inject({ method: 'GET', url: '/api/admin/gst/invoices', headers: admin.auth });
      expect(listed.json().invoices.map((i: { orderId: string; kind: string }) => [i.orderId, i.kind])).toEqual([[order.id, 'invoice']]);
    } finally {
      projections.waitFor = waitFor;
      gated.apply = original.apply;
      gated.applyMany = original.applyMany;
      release();
    }
  });
});
