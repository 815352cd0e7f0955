import type pg from 'pg';
import type { Runtime } from '../../src/runtime.js';

/** The newest position readers can see now. */
export async function logEnd(pool: pg.Pool): Promise<{ commit: bigint; prepare: bigint } | null> {
  const { rows } = await pool.query<{ tx: string; gp: string }>(
    `select transaction_id::text as tx, global_position::text as gp from events
      where transaction_id < pg_snapshot_xmin(pg_current_snapshot())
      order by transaction_id desc, global_position desc limit 1`,
  );
  return rows[0] ? { commit: BigInt(rows[0].tx), prepare: BigInt(rows[0].gp) } : null;
}

/** Waits until every projector of the runtime has applied the whole log. */
export async function caughtUp(runtime: Runtime, timeoutMs = 20_000): Promise<void> {
  const end = await logEnd(runtime.pool);
  if (end) await runtime.projections.waitFor(end, undefined, timeoutMs);
}

/** Waits until the log stops growing (in-flight requests finished) and every projector has applied it. */
export async function settled(runtime: Runtime, timeoutMs = 60_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const before = await logEnd(runtime.pool);
    await caughtUp(runtime, Math.max(1000, deadline - Date.now()));
    await new Promise((r) => setTimeout(r, 300));
    const after = await logEnd(runtime.pool);
    if (before?.prepare === after?.prepare || Date.now() > deadline) return;
  }
}

export interface Consistency {
  customers: { events: number; rows: number; duplicateEmails: number; streamsWithTwoRegistrations: number };
  orders: { placed: number; deleted: number; rows: number; streamsWithTwoPlacements: number; itemsMismatch: number };
  checkpointsBehind: string[];
}

/** Read models against the log: one row per registration/placement, nothing twice, every checkpoint at the end. */
export async function consistency(pool: pg.Pool): Promise<Consistency> {
  const one = async (sql: string) => Number((await pool.query<{ n: string }>(sql)).rows[0]!.n);
  const end = await logEnd(pool);
  const behind = end
    ? (
        await pool.query<{ name: string }>(
          `select name from projection_checkpoints where (commit_pos::text::xid8, prepare_pos) < ($1::text::xid8, $2::bigint)`,
          [end.commit.toString(), end.prepare.toString()],
        )
      ).rows.map((r) => r.name)
    : [];
  return {
    customers: {
      events: await one(`select count(*)::text as n from events where type = 'CustomerRegistered'`),
      rows: await one(`select count(*)::text as n from customers`),
      duplicateEmails: await one(`select count(*)::text as n from (select lower(email) from customers group by 1 having count(*) > 1) d`),
      streamsWithTwoRegistrations: await one(
        `select count(*)::text as n from (select stream_id from events where type = 'CustomerRegistered' group by 1 having count(*) > 1) d`,
      ),
    },
    orders: {
      placed: await one(`select count(*)::text as n from events where type = 'OrderPlaced'`),
      deleted: await one(`select count(*)::text as n from events where type = 'OrderDeleted'`),
      rows: await one(`select count(*)::text as n from orders`),
      streamsWithTwoPlacements: await one(
        `select count(*)::text as n from (select stream_id from events where type = 'OrderPlaced' group by 1 having count(*) > 1) d`,
      ),
      itemsMismatch: await one(
        `select count(*)::text as n from events e
          where e.type = 'OrderPlaced'
            and jsonb_array_length(e.data->'items') <> (select count(*) from order_items i where i.order_id = e.data->>'orderId')
            and exists (select 1 from orders o where o.id = e.data->>'orderId')`,
      ),
    },
    checkpointsBehind: behind,
  };
}

/** Stock by the log for one product: what was set, minus reservations, plus releases. */
export async function stockByLog(pool: pg.Pool, productId: string): Promise<{ available: number; reserved: number; released: number }> {
  const { rows } = await pool.query<{ type: string; data: { quantity: number } }>(
    `select type, data from events where stream_id = $1 order by stream_version`,
    [`inventory-${productId}`],
  );
  let available = 0;
  let reserved = 0;
  let released = 0;
  for (const r of rows) {
    if (r.type === 'StockLevelSet') available = r.data.quantity;
    if (r.type === 'StockReserved') {
      available -= r.data.quantity;
      reserved += r.data.quantity;
    }
    if (r.type === 'StockReleased') {
      available += r.data.quantity;
      released += r.data.quantity;
    }
  }
  return { available, reserved, released };
}
