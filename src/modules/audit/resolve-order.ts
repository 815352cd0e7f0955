import type pg from 'pg';
import type { EventStore } from '../../core/event-store.js';

const ORDER_NUMBER = /^AC-\d{4}-\d{6,}$/i;

/**
 * An order id from what an auditor types: the id itself, or its number (AC-2026-000123), found in the orders read
 * model or, for a deleted order, in the log.
 */
export async function resolveOrderId(deps: { pool: pg.Pool; store: EventStore }, idOrNumber: string): Promise<string> {
  if (!ORDER_NUMBER.test(idOrNumber)) return idOrNumber;
  const number = idOrNumber.toUpperCase();
  const live = await deps.pool.query<{ id: string }>('select id from orders where order_number = $1', [number]);
  if (live.rows[0]) return live.rows[0].id;
  const [placed] = await deps.store.findEvents({ types: ['OrderPlaced'], data: { orderNumber: number }, limit: 1 });
  return (placed?.data as { orderId?: string } | undefined)?.orderId ?? idOrNumber;
}
