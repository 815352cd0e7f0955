import type { AuthUser } from '../../plugins/auth.js';
import { NotFoundError } from '../../core/errors.js';
import type { AppendResult } from '../../core/event-store.js';
import type { Runtime } from '../../runtime.js';
import { generateTrackingNumber, runOrderCommand } from './commands.js';
import type { OrderStatus } from './order.js';
import { findOrder, type OrderDto } from './queries.js';

/**
 * The read models an order change writes to: the order itself, and the tax invoice or credit note a status change
 * appends with it (src/modules/gst). The invoices projector moves past a batch it has nothing in at once.
 */
const ORDER_READ_MODELS = ['orders', 'invoices'];

/** Read-your-writes: a route answers only once the read models show its change (the admin's GST list, too). */
export async function settled(runtime: Runtime, result: AppendResult | null): Promise<void> {
  if (result) await runtime.projections.waitFor(result.position, ORDER_READ_MODELS).catch(() => undefined);
}

/** Loads an order the user may see: their own, or any for an admin; anything else is 'Order not found'. */
export async function visibleOrder(runtime: Runtime, orderId: string, user: AuthUser): Promise<OrderDto> {
  const order = await findOrder(runtime.pool, orderId);
  if (!order || (user.role !== 'admin' && order.customer_id !== user.id)) throw new NotFoundError('Order not found');
  return order;
}

/** Admin: any status from any other; the decider adds stock release/re-reservation, refunds and delivery dates. */
export async function changeOrderStatus(
  runtime: Runtime,
  orderId: string,
  change: { status: OrderStatus; trackingNumber?: string },
  admin: AuthUser,
  correlationId: string,
): Promise<OrderDto> {
  const now = new Date();
  const { result } = await runOrderCommand(
    runtime.store,
    orderId,
    {
      type: 'ChangeOrderStatus',
      data: {
        status: change.status,
        trackingNumber: change.trackingNumber,
        generatedTrackingNumber: generateTrackingNumber(),
        by: admin.id,
        at: now.toISOString(),
      },
    },
    { userId: admin.id, correlationId, now },
  );
  await settled(runtime, result);
  return visibleOrder(runtime, orderId, admin);
}

/** Shopper: confirms their own pending COD order, or an online order whose payment is completed. */
export async function confirmOrder(runtime: Runtime, orderId: string, shopper: AuthUser, correlationId: string): Promise<OrderDto> {
  const now = new Date();
  const { result } = await runOrderCommand(
    runtime.store,
    orderId,
    { type: 'ConfirmOrder', data: { by: shopper.id, at: now.toISOString() } },
    { userId: shopper.id, correlationId, now },
  );
  await settled(runtime, result);
  return visibleOrder(runtime, orderId, shopper);
}

/** Shopper: cancels their own order until it is shipped; the decider releases the stock and refunds a paid order. */
export async function cancelOwnOrder(runtime: Runtime, orderId: string, shopper: AuthUser, correlationId: string): Promise<OrderDto> {
  const now = new Date();
  const { result } = await runOrderCommand(
    runtime.store,
    orderId,
    { type: 'CancelOrder', data: { by: shopper.id, at: now.toISOString() } },
    { userId: shopper.id, correlationId, now },
  );
  await settled(runtime, result);
  return visibleOrder(runtime, orderId, shopper);
}

/** DeleteOrder is an event: the order leaves the read models, its history stays in the log. */
export async function deleteOrder(runtime: Runtime, orderId: string, admin: AuthUser, correlationId: string): Promise<AppendResult | null> {
  const now = new Date();
  const { result } = await runOrderCommand(
    runtime.store,
    orderId,
    { type: 'DeleteOrder', data: { by: admin.id, at: now.toISOString() } },
    { userId: admin.id, correlationId, now },
  );
  return result;
}
