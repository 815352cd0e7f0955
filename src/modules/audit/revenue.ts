import type pg from 'pg';
import { START, type EventStore, type GlobalPosition, type RecordedEvent } from '../../core/event-store.js';
import { countsAsRevenue, countsAsRevenueSql, revenueAmountSql, REVENUE_STATUSES, toPaise, toRupees, type OrderEvent } from '../orders/index.js';
import { orderAsOf } from './order-as-of.js';
import { walkOrders } from './order-streams.js';

/** The dashboard counts days in India time (src/modules/admin/queries.ts); so does the reconciliation. */
const indiaDate = (iso: string) => new Date(Date.parse(iso) + 5.5 * 3_600_000).toISOString().slice(0, 10);

export interface RevenueDifference {
  orderId: string;
  orderNumber: string;
  /** Rupees counted for the order: from the events, and by the dashboard's read model. */
  events: number;
  readModel: number;
  eventsStatus: string | null;
  readModelStatus: string | null;
  reason: string;
}

/**
 * An order the log shows moved back to confirmed or later after its payment was refunded, with no new payment or
 * cash-on-delivery confirmation in between: the books were bent (the store refuses this now; an old log may hold one).
 */
export interface MovedOnAfterRefund {
  orderId: string;
  orderNumber: string;
  refundedAt: string;
  /** The first such move: the status it went to and when. */
  movedTo: string;
  movedAt: string;
}

export interface RevenueReconciliation {
  from: string;
  to: string;
  events: { orders: number; revenue: number };
  readModel: { orders: number; revenue: number };
  difference: number;
  differences: RevenueDifference[];
  /**
   * Order events in the log after the read model's checkpoint (a projector behind, or a store not running): the
   * comparison stops at the checkpoint, so they are left out of both sides.
   */
  orderEventsNotYetApplied: number;
  movedOnAfterRefund: MovedOnAfterRefund[];
}

interface Counted {
  orderNumber: string;
  paise: number;
  status: string;
}

/**
 * Confirmed revenue of the orders placed from `from` to `to` (India dates, inclusive), counted twice: straight from
 * the log (each order folded from its events; revenue statuses as the dashboard: confirmed, processing, shipped,
 * delivered; deleted orders excluded) and from the orders read model the dashboard sums. Any order on which the two
 * disagree is listed.
 */
export async function reconcileRevenue(store: EventStore, pool: pg.Pool, window: { from: string; to: string }): Promise<RevenueReconciliation> {
  // The read model and the checkpoint of the events it has applied, from one snapshot (the projector writes both in
  // one transaction): the events are then folded up to exactly that checkpoint, so a projector that is behind, or
  // busy right now, shows up as events not yet applied, never as a false difference.
  const snapshot = await readModelSnapshot(pool, window);
  const fromEvents = new Map<string, Counted>();
  const statusInEvents = new Map<string, string>();
  const movedOnAfterRefund: MovedOnAfterRefund[] = [];
  const walk = walkOrders({ store }, snapshot.checkpoint);
  for await (const events of walk.orders) {
    const order = orderAsOf(events, null);
    if (!order) continue;
    const day = indiaDate(order.placedAt);
    if (day < window.from || day > window.to) continue;
    const bent = moveAfterRefund(events);
    if (bent) movedOnAfterRefund.push({ orderId: order.orderId, orderNumber: order.orderNumber, ...bent });
    statusInEvents.set(order.orderId, order.deleted ? 'deleted' : describe(order));
    if (order.deleted || !countsAsRevenue(order)) continue;
    fromEvents.set(order.orderId, { orderNumber: order.orderNumber, paise: toPaise(order.total) - toPaise(order.returned), status: order.status });
  }
  const fromReadModel = new Map<string, Counted>();
  const statusInReadModel = new Map<string, string>();
  for (const row of snapshot.rows) {
    statusInReadModel.set(row.id, describe({ status: row.status, paymentMethod: row.payment_method, paymentStatus: row.payment_status }));
    if (row.counted) fromReadModel.set(row.id, { orderNumber: row.order_number, paise: toPaise(row.total), status: row.status });
  }

  const differences: RevenueDifference[] = [];
  for (const orderId of new Set([...fromEvents.keys(), ...fromReadModel.keys()])) {
    const e = fromEvents.get(orderId);
    const r = fromReadModel.get(orderId);
    if (e && r && e.paise === r.paise) continue;
    const eventsStatus = statusInEvents.get(orderId) ?? null;
    const readModelStatus = statusInReadModel.get(orderId) ?? null;
    const reason = !r
      ? readModelStatus
        ? `the read model has it as ${readModelStatus}, not revenue`
        : 'missing from the read model'
      : !e
        ? eventsStatus
          ? `the events make it ${eventsStatus}, not revenue`
          : 'no such order in the events for this window'
        : `amount differs: ₹${toRupees(e.paise)} in the events, ₹${toRupees(r.paise)} in the read model`;
    differences.push({
      orderId,
      orderNumber: (e ?? r)!.orderNumber,
      events: toRupees(e?.paise ?? 0),
      readModel: toRupees(r?.paise ?? 0),
      eventsStatus,
      readModelStatus,
      reason,
    });
  }
  differences.sort((a, b) => a.orderNumber.localeCompare(b.orderNumber));
  const sum = (m: Map<string, Counted>) => [...m.values()].reduce((s, c) => s + c.paise, 0);
  return {
    from: window.from,
    to: window.to,
    events: { orders: fromEvents.size, revenue: toRupees(sum(fromEvents)) },
    readModel: { orders: fromReadModel.size, revenue: toRupees(sum(fromReadModel)) },
    difference: toRupees(sum(fromEvents) - sum(fromReadModel)),
    differences,
    orderEventsNotYetApplied: walk.skipped(),
    movedOnAfterRefund: movedOnAfterRefund.sort((a, b) => a.orderNumber.localeCompare(b.orderNumber)),
  };
}

interface ReadModelRow {
  id: string;
  order_number: string;
  status: string;
  payment_method: string;
  payment_status: string;
  total: string;
  counted: boolean;
}

/** The status as the reasons show it: a revenue status whose money is not there says so. */
function describe(order: { status: string; paymentMethod: string; paymentStatus: string }): string {
  if (!REVENUE_STATUSES.includes(order.status) || countsAsRevenue(order)) return order.status;
  return `${order.status} with payment ${order.paymentStatus}`;
}

/** The first move to confirmed or later after a refund with no new payment or COD confirmation before it (null: none). */
export function moveAfterRefund(events: RecordedEvent[]): { refundedAt: string; movedTo: string; movedAt: string } | null {
  let refundedAt: string | null = null;
  for (const recorded of events) {
    const event = recorded as unknown as OrderEvent;
    if (event.type === 'PaymentRefunded') refundedAt = event.data.at;
    else if (event.type === 'PaymentConfirmed' || event.type === 'OrderConfirmed') refundedAt = null;
    else if (event.type === 'OrderStatusChanged' && refundedAt && REVENUE_STATUSES.includes(event.data.to)) {
      return { refundedAt, movedTo: event.data.to, movedAt: event.data.at };
    }
  }
  return null;
}

/** The orders of the window in the read model and the orders projector's checkpoint, read in one snapshot. */
async function readModelSnapshot(pool: pg.Pool, window: { from: string; to: string }): Promise<{ checkpoint: GlobalPosition; rows: ReadModelRow[] }> {
  const client = await pool.connect();
  try {
    await client.query('begin isolation level repeatable read read only');
    const checkpoint = await client.query<{ c: string; p: string }>(
      `select commit_pos::text as c, prepare_pos::text as p from projection_checkpoints where name = 'orders'`,
    );
    const rows = await client.query<ReadModelRow>(
      `select o.id, o.order_number, o.status, o.payment_method, o.payment_status, ${revenueAmountSql('o')}::text as total, ${countsAsRevenueSql('o')} as counted
         from orders o where (o.created_at at time zone 'Asia/Kolkata')::date between $1::date and $2::date`,
      [window.from, window.to],
    );
    await client.query('commit');
    const row = checkpoint.rows[0];
    return { checkpoint: row ? { commit: BigInt(row.c), prepare: BigInt(row.p) } : START, rows: rows.rows };
  } catch (error) {
    await client.query('rollback').catch(() => undefined);
    throw error;
  } finally {
    client.release();
  }
}
