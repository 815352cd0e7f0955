import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { ForbiddenError, ValidationError } from '../../core/errors.js';
import { courierFor } from '../../shared/courier.js';
import { currentUser, requireUser } from '../../plugins/auth.js';
import type { ModuleDeps } from '../module.js';
import { loadOrder, placeOrderOnce } from './commands.js';
import { codHoldCapsFrom } from './cod-holds.js';
import { invoicePdf, invoiceSummaryOf } from './invoice.js';
import { taxInvoiceOfOrder, taxInvoicePdf } from '../gst/index.js';
import { findOrder, ordersOfCustomer } from './queries.js';
import {
  invoicePdfResponses,
  invoiceQuery,
  invoiceResponses,
  orderIdParams,
  orderListResponses,
  orderResponses,
  orderStatusResponses,
  placeOrderBody,
  placeOrderResponses,
  statusBody,
} from './schemas.js';
import { cancelOwnOrder, changeOrderStatus, confirmOrder, settled, visibleOrder } from './service.js';
import { couponQuoteApi } from './coupon-quote.js';
import { preorderBookApi } from './preorder-book.js';
import { returnsApi } from './returns-api.js';

/** The order as its stream has it, for the rare answer the read model has not caught up with. */
async function placedSummary(runtime: ModuleDeps, orderId: string) {
  const { state } = await loadOrder(runtime.store, orderId);
  const order = state.status === 'none' ? null : state.order;
  return { id: orderId, orderNumber: order?.orderNumber, status: order?.status ?? 'pending', payment_method: order?.paymentMethod };
}

export async function ordersApi(app: FastifyInstance, runtime: ModuleDeps): Promise<void> {
  const api = app.withTypeProvider<ZodTypeProvider>();
  await couponQuoteApi(app, runtime);
  await preorderBookApi(app, runtime);
  await returnsApi(app, runtime);

  api.post('/orders', { onRequest: requireUser, schema: { body: placeOrderBody, response: placeOrderResponses } }, async (request, reply) => {
    const user = currentUser(request);
    const b = request.body;
    // A pincode the courier cannot reach is refused before anything is reserved (src/modules/shipping).
    const reach = await courierFor(runtime.env).serviceability({ pincode: b.shipping_pincode, cod: b.payment_method === 'cod', at: new Date().toISOString() });
    if (!reach.serviceable) throw new ValidationError(reach.reason);
    const { orderId, placedNow, result } = await placeOrderOnce(
      {
        store: runtime.store,
        pool: runtime.pool,
        holdCaps: runtime.holdCaps,
        codRequiresVerifiedEmail: runtime.env.COD_REQUIRES_VERIFIED_EMAIL,
        codHoldCaps: codHoldCapsFrom(runtime.env),
      },
      {
        customerId: user.id,
        checkoutId: b.checkout_id,
        lines: b.items,
        paymentMethod: b.payment_method,
        couponCode: b.coupon_code,
        shippingAddress: {
          name: b.shipping_name ?? '',
          address: b.shipping_address,
          addressLine2: b.shipping_address_line2,
          city: b.shipping_city,
          state: b.shipping_state,
          pincode: b.shipping_pincode,
          phone: b.shipping_phone,
        },
      },
      { userId: user.id, correlationId: request.id },
    );
    await settled(runtime, result);
    const dto = await findOrder(runtime.pool, orderId);
    // The checkout's order already exists (placed by an earlier request): 200 with that order, nothing new.
    const order = dto ?? (await placedSummary(runtime, orderId));
    return reply.code(placedNow ? 201 : 200).send({ success: true, order });
  });

  const listOwn = async (request: Parameters<typeof currentUser>[0]) => ({
    success: true,
    orders: await ordersOfCustomer(runtime.pool, currentUser(request).id),
  });
  api.get('/orders', { onRequest: requireUser, schema: { response: orderListResponses } }, listOwn);
  api.get('/user/orders', { onRequest: requireUser, schema: { response: orderListResponses } }, listOwn);

  api.get('/orders/:id', { onRequest: requireUser, schema: { params: orderIdParams, response: orderResponses } }, async (request) => {
    const order = await visibleOrder(runtime, request.params.id, currentUser(request));
    return { success: true, order, reviews: order.reviews };
  });

  /**
   * A confirmed order's GST tax invoice (src/modules/gst), with the spec's fields kept; before confirmation the order
   * has no tax invoice and the spec's summary is served, its GST worked out per line as the tax invoice will.
   */
  const invoice = async (orderId: string, user: ReturnType<typeof currentUser>) => {
    const order = await visibleOrder(runtime, orderId, user);
    const tax = await taxInvoiceOfOrder(runtime.store, orderId);
    return tax
      ? { kind: 'tax' as const, data: { ...tax, paymentStatus: order.paymentStatus } }
      : { kind: 'summary' as const, data: await invoiceSummaryOf(runtime.store, order) };
  };
  const pdf = (found: Awaited<ReturnType<typeof invoice>>) => (found.kind === 'tax' ? taxInvoicePdf(found.data) : invoicePdf(found.data));

  api.get(
    '/orders/:id/invoice',
    { onRequest: requireUser, schema: { params: orderIdParams, querystring: invoiceQuery, response: invoiceResponses } },
    async (request, reply) => {
      const found = await invoice(request.params.id, currentUser(request));
      if (request.query.format !== 'pdf') return { success: true, invoice: found.data };
      return (
        reply
          .type('application/pdf')
          .header('content-disposition', `attachment; filename="invoice-${found.data.orderNumber}.pdf"`)
          // The PDF bytes bypass the serializer (a Buffer is sent as it is); the schema documents the JSON form.
          .send((await pdf(found)) as never)
      );
    },
  );

  api.get('/orders/:id/invoice.pdf', { onRequest: requireUser, schema: { params: orderIdParams, response: invoicePdfResponses } }, async (request, reply) => {
    const found = await invoice(request.params.id, currentUser(request));
    return reply
      .type('application/pdf')
      .header('content-disposition', `attachment; filename="invoice-${found.data.orderNumber}.pdf"`)
      .send(await pdf(found));
  });

  // The shopper's own cancellation (admins change any order's status through the status routes).
  api.post('/orders/:id/cancel', { onRequest: requireUser, schema: { params: orderIdParams, response: orderStatusResponses } }, async (request) => {
    const order = await cancelOwnOrder(runtime, request.params.id, currentUser(request), request.id);
    return { success: true, message: 'Order cancelled', order };
  });

  api.put(
    '/orders/:id/status',
    { onRequest: requireUser, schema: { params: orderIdParams, body: statusBody, response: orderStatusResponses } },
    async (request) => {
      const user = currentUser(request);
      const { status, trackingNumber, tracking_number } = request.body;
      if (user.role === 'admin') {
        const order = await changeOrderStatus(runtime, request.params.id, { status, trackingNumber: trackingNumber ?? tracking_number }, user, request.id);
        return { success: true, message: 'Order status updated', order };
      }
      // A shopper sees the order only if it is theirs; then they may only confirm it.
      await visibleOrder(runtime, request.params.id, user);
      if (status !== 'confirmed') throw new ForbiddenError("Access denied: You don't have permission to update this order.");
      const order = await confirmOrder(runtime, request.params.id, user, request.id);
      return { success: true, message: 'Order confirmed', order };
    },
  );
}
