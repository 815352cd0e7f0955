import type pg from 'pg';
import { START, type EventStore, type RecordedEvent } from '../src/core/event-store.js';
import { applyBatch } from './apply-batch.js';
import type { Projector } from './projector.js';

/** Events per shared batch: large enough that set-based projectors write few statements, small enough to keep memory flat. */
const REPLAY_BATCH = 5000;

/** Empties the chosen projectors' tables and moves their checkpoints to the start, in one transaction. */
async function reset(pool: pg.Pool, projectors: readonly Projector[]): Promise<void> {
  const client = await pool.connect();
  try {
    await client.query('begin');
    const tables = projectors.flatMap((p) => p.tables);
    if (tables.length > 0) await client.query(`truncate ${tables.map((t) => `"${t}"`).join(', ')}`);
    await client.query(
      `insert into projection_checkpoints (name) select unnest($1::text[])
       on conflict (name) do update set commit_pos = 0, prepare_pos = 0, last_error = null, updated_at = now()`,
      [projectors.map((p) => p.name)],
    );
    await client.query('commit');
  } catch (error) {
    await client.query('rollback').catch(() => undefined);
    throw error;
  } finally {
    client.release();
  }
}

/**
 * Drops the read models of the named projectors (all by default) and rebuilds them from the whole log. The log is read
 * once: each batch goes to every projector side by side (each in its own transaction with its checkpoint, set-based
 * where the projector has applyMany), while the next batch is already being read.
 */
export async function replay(
  store: EventStore,
  pool: pg.Pool,
  projectors: readonly Projector[],
  names?: string[],
): Promise<{ name: string; events: number }[]> {
  const chosen = names && names.length > 0 ? projectors.filter((p) => names.includes(p.name)) : projectors;
  const unknown = (names ?? []).filter((n) => !projectors.some((p) => p.name === n));
  if (unknown.length > 0) throw new Error(`Unknown projection(s): ${unknown.join(', ')}`);
  await reset(pool, chosen);
  let count = 0;
  let next: Promise<RecordedEvent[]> = store.readAll(START, REPLAY_BATCH);
  for (;;) {
    const events = await next;
    if (events.length === 0) break;
    next = store.readAll(events[events.length - 1]!.position, REPLAY_BATCH);
    // A failed read is awaited (and thrown) on the next turn; one left behind by a failed apply must not go unhandled.
    next.catch(() => undefined);
    await Promise.all(chosen.map((projector) => applyBatch(pool, projector, events)));
    count += events.length;
  }
  return chosen.map((p) => ({ name: p.name, events: count }));
}
