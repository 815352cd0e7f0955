import type { AuthUser } from '../../plugins/auth.js';
import { NotFoundError, ServiceUnavailableError } from '../../core/errors.js';
import type { AppendResult } from '../../core/event-store.js';
import type { ModuleDeps } from '../module.js';
import { generateTrackingNumber, loadOrder, runOrderCommand } from './commands.js';
import type { OrderStatus } from './order.js';
import { courierFor, type ShipmentRequest } from '../../shared/courier.js';
import { findOrder, type OrderDto } from './queries.js';
import { refuseShippingBeforeRelease } from './preorder-rules.js';

/**
 * The read models an order change writes to: the order itself, and the tax invoice or credit note a status change
 * appends with it (src/modules/gst). The invoices projector moves past a batch it has nothing in at once.
 */
const ORDER_READ_MODELS = ['orders', 'invoices'];

/** Read-your-writes: a route answers only once the read models show its change (the admin's GST list, too). */
export async function settled(runtime: ModuleDeps, result: AppendResult | null): Promise<void> {
  if (result) await runtime.projections.waitFor(result.position, ORDER_READ_MODELS).catch(() => undefined);
}

/** Loads an order the user may see: their own, or any for an admin; anything else is 'Order not found'. */
export async function visibleOrder(runtime: ModuleDeps, orderId: string, user: AuthUser): Promise<OrderDto> {
  const order = await findOrder(runtime.pool, orderId);
  if (!order || (user.role !== 'admin' && order.customer_id !== user.id)) throw new NotFoundError('Order not found');
  return order;
}

/** Admin: any status from any other; the decider adds stock release/re-reservation, refunds and delivery dates. */
export async function changeOrderStatus(
  runtime: ModuleDeps,
  orderId: string,
  change: { status: OrderStatus; trackingNumber?: string },
  admin: AuthUser,
  correlationId: string,
): Promise<OrderDto> {
  const now = new Date();
  // A tracking number the admin gives is a parcel booked outside the store: the courier books only when none is given.
  const shipment = change.status === 'shipped' && !change.trackingNumber ? await bookShipment(runtime, orderId, now) : undefined;
  const { result } = await runOrderCommand(
    runtime.store,
    orderId,
    {
      type: 'ChangeOrderStatus',
      data: {
        status: change.status,
        trackingNumber: change.trackingNumber,
        generatedTrackingNumber: generateTrackingNumber(),
        ...(shipment ? { shipment } : {}),
        by: admin.id,
        at: now.toISOString(),
      },
    },
    { userId: admin.id, correlationId, now },
  );
  await settled(runtime, result);
  return visibleOrder(runtime, orderId, admin);
}

/**
 * Marking an order shipped books its shipment with the courier first (docs/decisions/0013-after-sale.md); the AWB and
 * the courier's date go into the change. An order already shipped keeps its shipment (undefined: nothing to book). A
 * courier that fails leaves the order as it was and answers 503 with its reason, so the admin can try again; booking
 * again for the same order books nothing new.
 */
async function bookShipment(runtime: ModuleDeps, orderId: string, now: Date) {
  const { state, events } = await loadOrder(runtime.store, orderId);
  if (state.status !== 'active') return undefined; // the command answers 'Order not found'
  const order = state.order;
  if (order.status === 'shipped' || order.status === 'delivered' || order.status === 'cancelled') return undefined;
  // Refused before the courier is asked: a pre-order is not booked before its release date.
  refuseShippingBeforeRelease(order.items, 'shipped', now.toISOString());
  const placed = events.find((e) => e.type === 'OrderPlaced')!.data as { shippingAddress: ShipmentRequest['address'] };
  try {
    const booked = await courierFor(runtime.env).book({
      orderId,
      orderNumber: order.orderNumber,
      paymentMethod: order.paymentMethod,
      totalPaise: order.totalPaise,
      items: order.items,
      address: placed.shippingAddress,
      at: now.toISOString(),
    });
    return { trackingNumber: booked.awb, courier: booked.courier, estimatedDelivery: booked.estimatedDelivery };
  } catch (error) {
    const reason = error instanceof Error ? error.message : 'no answer';
    throw new ServiceUnavailableError(`The courier could not book this shipment (${reason}). The order stays ${order.status}; try again.`);
  }
}

/** Shopper: confirms their own pending COD order, or an online order whose payment is completed. */
export async function confirmOrder(runtime: ModuleDeps, orderId: string, shopper: AuthUser, correlationId: string): Promise<OrderDto> {
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
export async function cancelOwnOrder(runtime: ModuleDeps, orderId: string, shopper: AuthUser, correlationId: string): Promise<OrderDto> {
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
export async function deleteOrder(runtime: ModuleDeps, orderId: string, admin: AuthUser, correlationId: string): Promise<AppendResult | null> {
  const now = new Date();
  const { result } = await runOrderCommand(
    runtime.store,
    orderId,
    { type: 'DeleteOrder', data: { by: admin.id, at: now.toISOString() } },
    { userId: admin.id, correlationId, now },
  );
  return result;
}
