import type pg from 'pg';
import { comparePositions, START, type EventStore, type GlobalPosition } from './event-store.js';

/**
 * The last event visible to readers now; later commits (even of older transactions) come after it. A subscription
 * started from here sees every event committed from now on without reading the past.
 */
export async function currentLogEnd(
  store: Pick<EventStore, 'kind'>,
  pool: pg.Pool,
  projectionPositions: () => { commit: string | bigint; prepare: string | bigint }[],
): Promise<GlobalPosition> {
  if (store.kind === 'postgres') {
    const { rows } = await pool.query<{ tx: string; gp: string }>(
      `select transaction_id::text as tx, global_position::text as gp from events
        where transaction_id < pg_snapshot_xmin(pg_current_snapshot())
        order by transaction_id desc, global_position desc limit 1`,
    );
    return rows[0] ? { commit: BigInt(rows[0].tx), prepare: BigInt(rows[0].gp) } : START;
  }
  // Other stores: as far as the projections have got.
  return projectionPositions()
    .map((p) => ({ commit: BigInt(p.commit), prepare: BigInt(p.prepare) }))
    .reduce((max, p) => (comparePositions(p, max) > 0 ? p : max), START);
}
