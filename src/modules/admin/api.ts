import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { NotFoundError } from '../../core/errors.js';
import { currentUser, requireAdmin } from '../../plugins/auth.js';
import type { ModuleDeps } from '../module.js';
import { comparePositions } from '../../core/event-store.js';
import { changeOrderStatus, deleteOrder, orderStream, settled } from '../orders/index.js';
import { happenedBy, historyQuery, orderAsOf, resolveOrderId } from '../audit/index.js';
import { stockEventsOfOrder } from './order-stock-events.js';
import { codHoldsApi } from './cod-holds-api.js';
import { adminCustomers, adminOrders, analytics, dashboardStats } from './queries.js';
import {
  adminCustomersResponses,
  adminOrderStatusResponses,
  adminOrdersQuery,
  adminOrdersResponses,
  adminStatusBody,
  analyticsQuery,
  analyticsResponses,
  bulkDeleteBody,
  customerOrdersResponses,
  customerParams,
  idParams,
  orderDeletedResponses,
  orderHistoryResponses,
  ordersDeletedResponses,
  pageQuery,
  statsResponses,
} from './schemas.js';

export async function adminApi(app: FastifyInstance, runtime: ModuleDeps): Promise<void> {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const admin = { onRequest: requireAdmin };

  await codHoldsApi(app, runtime);

  api.get('/admin/stats', { ...admin, schema: { response: statsResponses } }, async () => ({ success: true, stats: await dashboardStats(runtime.pool) }));

  api.get('/admin/orders', { ...admin, schema: { querystring: adminOrdersQuery, response: adminOrdersResponses } }, async (request) => ({
    success: true,
    ...(await adminOrders(runtime.pool, request.query)),
  }));

  api.put(
    '/admin/orders/:id/status',
    { ...admin, schema: { params: idParams, body: adminStatusBody, response: adminOrderStatusResponses } },
    async (request) => {
      const { status, trackingNumber, tracking_number } = request.body;
      const order = await changeOrderStatus(
        runtime,
        request.params.id,
        { status, trackingNumber: trackingNumber ?? tracking_number },
        currentUser(request),
        request.id,
      );
      return { success: true, message: 'Order status updated', order };
    },
  );

  api.delete('/admin/orders/:id', { ...admin, schema: { params: idParams, response: orderDeletedResponses } }, async (request) => {
    const result = await deleteOrder(runtime, request.params.id, currentUser(request), request.id);
    await settled(runtime, result);
    return { success: true, message: `Order #${request.params.id} has been deleted successfully.` };
  });

  api.delete('/admin/orders', { ...admin, schema: { body: bulkDeleteBody, response: ordersDeletedResponses } }, async (request) => {
    const user = currentUser(request);
    let deletedCount = 0;
    let last = null;
    for (const id of new Set(request.body.orderIds)) {
      try {
        last = (await deleteOrder(runtime, id, user, request.id)) ?? last;
        deletedCount++;
      } catch (error) {
        if (!(error instanceof NotFoundError)) throw error; // already gone: nothing to delete
      }
    }
    await settled(runtime, last);
    return { success: true, deletedCount, message: `${deletedCount} orders have been deleted successfully.` };
  });

  /**
   * The auditor's view: every event of the order's stream, deleted orders included, and the order folded from them.
   * With `asOf`, only the events that had happened by then, and the order as it stood at that moment.
   */
  const history = async (orderId: string, asOf: Date | null) => {
    const all = await runtime.store.readStream(orderStream(orderId));
    if (all.length === 0) throw new NotFoundError('Order not found');
    const state = orderAsOf(all, asOf);
    if (!state) throw new NotFoundError(asOf ? `Order had not been placed by ${asOf.toISOString()}` : 'Order not found');
    // The stock the order reserved and released lives in the products' inventory streams.
    const placedItems = (all.find((e) => e.type === 'OrderPlaced')?.data as { items?: { productId: string }[] } | undefined)?.items ?? [];
    const stock = await stockEventsOfOrder(
      runtime,
      placedItems.map((i) => i.productId),
      orderId,
    );
    const events = [...all, ...stock].filter(happenedBy(asOf)).sort((a, b) => comparePositions(a.position, b.position));
    const actors = [
      ...new Set(events.map((e) => String((e.data as { by?: string }).by ?? e.metadata.userId ?? '')).filter((id) => /^[0-9a-f-]{36}$/i.test(id))),
    ];
    const names = new Map(
      (
        await runtime.pool.query<{ id: string; full_name: string; role: string }>('select id, full_name, role from customers where id = any($1::uuid[])', [
          actors,
        ])
      ).rows.map((r) => [r.id, r]),
    );
    const placed = events.find((e) => e.type === 'OrderPlaced')?.data as { orderNumber?: string } | undefined;
    return {
      success: true,
      orderId,
      orderNumber: placed?.orderNumber ?? null,
      deleted: events.some((e) => e.type === 'OrderDeleted'),
      asOf: asOf?.toISOString() ?? null,
      state,
      events: events.map((e) => {
        const data = e.data as { by?: string; at?: string };
        const by = data.by ?? e.metadata.userId ?? 'system';
        const actor = names.get(by);
        return {
          stream: e.streamId,
          version: e.streamVersion,
          type: e.type,
          at: data.at ?? e.metadata.timestamp,
          by,
          byName: actor?.full_name ?? by,
          byRole: actor?.role ?? (by === 'system' ? 'system' : 'provider'),
          data: e.data,
          recordedAt: e.createdAt,
        };
      }),
    };
  };
  const historyRoute = { ...admin, schema: { params: idParams, querystring: historyQuery, response: orderHistoryResponses } };
  api.get('/admin/orders/:id/events', historyRoute, async (request) =>
    history(await resolveOrderId(runtime, request.params.id), request.query.asOf?.date ?? null),
  );
  api.get('/admin/orders/:id/history', historyRoute, async (request) =>
    history(await resolveOrderId(runtime, request.params.id), request.query.asOf?.date ?? null),
  );

  api.get('/admin/customers', { ...admin, schema: { querystring: pageQuery, response: adminCustomersResponses } }, async (request) => ({
    success: true,
    ...(await adminCustomers(runtime.pool, request.query)),
  }));

  api.get(
    '/admin/customers/:id/orders',
    { ...admin, schema: { params: customerParams, querystring: pageQuery, response: customerOrdersResponses } },
    async (request) => {
      const found = await adminCustomers(runtime.pool, { page: 1, limit: 1, id: request.params.id });
      const customer = found.customers[0];
      if (!customer) throw new NotFoundError('Customer not found');
      return { success: true, customer, ...(await adminOrders(runtime.pool, { ...request.query, customerId: request.params.id })) };
    },
  );

  api.get('/admin/analytics', { ...admin, schema: { querystring: analyticsQuery, response: analyticsResponses } }, async (request) => ({
    success: true,
    analytics: await analytics(runtime.pool, request.query.days),
  }));
}
