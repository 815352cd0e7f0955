import { randomUUID } from 'node:crypto';
import { NotFoundError, ServiceUnavailableError } from '../../core/errors.js';
import type { AppendResult } from '../../core/event-store.js';
import type { AuthUser } from '../../plugins/auth.js';
import type { ModuleDeps } from '../module.js';
import { courierFor, type ReturnPickupRequest } from '../../shared/courier.js';
import { loadOrder, runOrderCommand } from './commands.js';
import type { OrderCommand } from './decide.js';
import { RETURN_NOT_FOUND } from './returns.js';
import { findReturn } from './returns-queries.js';
import type { ReturnDto } from './returns-schemas.js';
import { visibleOrder } from './service.js';

/** A return changes its order (revenue less refunds), the returns list and, once refunded, the credit notes. */
const RETURN_READ_MODELS = ['orders', 'invoices', 'returns'];

async function settledReturn(runtime: ModuleDeps, result: AppendResult | null, returnId: string): Promise<ReturnDto> {
  if (result) await runtime.projections.waitFor(result.position, RETURN_READ_MODELS).catch(() => undefined);
  const found = await findReturn(runtime.pool, returnId);
  if (!found) throw new NotFoundError(RETURN_NOT_FOUND);
  return found;
}

async function run(runtime: ModuleDeps, orderId: string, command: OrderCommand, user: AuthUser, correlationId: string, now: Date) {
  const { result } = await runOrderCommand(runtime.store, orderId, command, { userId: user.id, correlationId, now });
  return result;
}

/** Shopper: asks to return units of their own delivered order (the decider holds every rule). */
export async function requestReturn(
  runtime: ModuleDeps,
  orderId: string,
  input: { items: { productId: string; quantity: number }[]; reason: string; upiId?: string },
  shopper: AuthUser,
  correlationId: string,
): Promise<ReturnDto> {
  // Own orders only, admins included: a return is the buyer's to ask for.
  await visibleOrder(runtime, orderId, { ...shopper, role: 'customer' });
  const now = new Date();
  const returnId = randomUUID();
  const result = await run(
    runtime,
    orderId,
    { type: 'RequestReturn', data: { returnId, ...input, by: shopper.id, at: now.toISOString() } },
    shopper,
    correlationId,
    now,
  );
  return settledReturn(runtime, result, returnId);
}

/** The return an admin acts on, found by its id (404 when there is none). */
async function returnToDecide(runtime: ModuleDeps, returnId: string): Promise<ReturnDto> {
  const found = await findReturn(runtime.pool, returnId);
  if (!found) throw new NotFoundError(RETURN_NOT_FOUND);
  return found;
}

/**
 * Admin: approves a requested return. The courier books the pickup first (from the order's delivery address); a
 * courier that fails changes nothing and answers 503 with its reason. A return decided meanwhile is 409.
 */
export async function approveReturn(runtime: ModuleDeps, returnId: string, admin: AuthUser, correlationId: string): Promise<ReturnDto> {
  const ret = await returnToDecide(runtime, returnId);
  const now = new Date();
  const { state, events } = await loadOrder(runtime.store, ret.orderId);
  if (state.status !== 'active') throw new NotFoundError('Order not found');
  const asked = state.order.returns.find((r) => r.returnId === returnId);
  let pickup = { awb: '', courier: '' };
  if (asked?.status === 'requested') {
    const placed = events.find((e) => e.type === 'OrderPlaced')!.data as { shippingAddress: ReturnPickupRequest['address'] };
    const courier = courierFor(runtime.env);
    if (!courier.bookReturnPickup) throw new ServiceUnavailableError('This courier cannot collect returns. The return stays requested.');
    try {
      const booked = await courier.bookReturnPickup({
        orderId: ret.orderId,
        orderNumber: state.order.orderNumber,
        returnId,
        items: asked.items.map((i) => ({ productId: i.productId, name: i.name, quantity: i.quantity, paidPaise: i.refundPaise })),
        address: placed.shippingAddress,
        at: now.toISOString(),
      });
      pickup = { awb: booked.awb, courier: booked.courier };
    } catch (error) {
      const reason = error instanceof Error ? error.message : 'no answer';
      throw new ServiceUnavailableError(`The courier could not book the return pickup (${reason}). The return stays requested; try again.`);
    }
  }
  const result = await run(
    runtime,
    ret.orderId,
    { type: 'ApproveReturn', data: { returnId, pickup, by: admin.id, at: now.toISOString() } },
    admin,
    correlationId,
    now,
  );
  return settledReturn(runtime, result, returnId);
}

export async function rejectReturn(runtime: ModuleDeps, returnId: string, reason: string, admin: AuthUser, correlationId: string): Promise<ReturnDto> {
  const ret = await returnToDecide(runtime, returnId);
  const now = new Date();
  const result = await run(
    runtime,
    ret.orderId,
    { type: 'RejectReturn', data: { returnId, reason, by: admin.id, at: now.toISOString() } },
    admin,
    correlationId,
    now,
  );
  return settledReturn(runtime, result, returnId);
}

/** Admin: the parcel is back; the refund, the credit note and the resellable units' stock go in the same append. */
export async function receiveReturn(
  runtime: ModuleDeps,
  returnId: string,
  items: { productId: string; resellable: number }[],
  admin: AuthUser,
  correlationId: string,
): Promise<ReturnDto> {
  const ret = await returnToDecide(runtime, returnId);
  const now = new Date();
  const resellable = items.filter((i) => i.resellable > 0).map((i) => ({ productId: i.productId, quantity: i.resellable }));
  const result = await run(
    runtime,
    ret.orderId,
    { type: 'ReceiveReturn', data: { returnId, resellable, by: admin.id, at: now.toISOString() } },
    admin,
    correlationId,
    now,
  );
  return settledReturn(runtime, result, returnId);
}
