import type pg from 'pg';
import type { AuthUser } from '../../plugins/auth.js';
import type { ModuleDeps } from '../module.js';
import { RELEASABLE_COD_STATUSES } from './cod-holds.js';
import { runOrderCommand } from './commands.js';
import { settled, visibleOrder } from './service.js';
import type { OrderDto } from './queries.js';
import type { CodHold } from '../../contract/index.js';

/** One product line of an open, unshipped COD order: who holds how many units of what, since when. */
export type CodHoldRow = CodHold;

/**
 * The admin's view of stock held by cash-on-delivery orders not yet shipped (nothing paid, stock reserved), oldest
 * first, one row per order line; `productId` narrows it to one product. `units` is the sum over every matching row.
 */
export async function codHoldsList(pool: pg.Pool, q: { page: number; limit: number; productId?: string }) {
  const values: unknown[] = [RELEASABLE_COD_STATUSES];
  const where = [
    `o.payment_method = 'cod'`,
    `o.status = any($1::text[])`,
    `o.payment_status not in ('completed', 'refunded')`,
    ...(q.productId ? [`i.product_id = $${values.push(q.productId)}`] : []),
  ].join(' and ');
  const from = `from orders o join order_items i on i.order_id = o.id left join customers c on c.id = o.customer_id where ${where}`;
  const sums = await pool.query<{ n: number; units: number }>(`select count(*)::int as n, coalesce(sum(i.quantity), 0)::int as units ${from}`, values);
  const { rows } = await pool.query<{
    id: string;
    order_number: string;
    status: string;
    customer_id: string;
    name: string;
    email: string;
    product_id: string;
    product_name: string;
    quantity: number;
    created_at: Date;
  }>(
    `select o.id, o.order_number, o.status, o.customer_id, coalesce(c.full_name, o.customer_name) as name,
            coalesce(c.email, o.customer_email) as email, i.product_id, i.name as product_name, i.quantity, o.created_at
       ${from} order by o.created_at, o.id, i.line_no limit $${values.length + 1} offset $${values.length + 2}`,
    [...values, q.limit, (q.page - 1) * q.limit],
  );
  const total = sums.rows[0]!.n;
  const holds: CodHoldRow[] = rows.map((r) => ({
    orderId: r.id,
    orderNumber: r.order_number,
    status: r.status,
    customerId: r.customer_id,
    customerName: r.name,
    customerEmail: r.email,
    productId: r.product_id,
    productName: r.product_name,
    quantity: r.quantity,
    since: r.created_at.toISOString(),
  }));
  return { holds, units: sums.rows[0]!.units, total, page: q.page, limit: q.limit, totalPages: Math.max(1, Math.ceil(total / q.limit)) };
}

/** Admin: releases an open COD order's hold (the decider cancels it with the reason; stock back, the shopper told). */
export async function releaseCodHoldOf(runtime: ModuleDeps, orderId: string, reason: string, admin: AuthUser, correlationId: string): Promise<OrderDto> {
  const now = new Date();
  const { result } = await runOrderCommand(
    runtime.store,
    orderId,
    { type: 'ReleaseCodHold', data: { reason, by: admin.id, at: now.toISOString() } },
    { userId: admin.id, correlationId, now },
  );
  await settled(runtime, result);
  return visibleOrder(runtime, orderId, admin);
}
