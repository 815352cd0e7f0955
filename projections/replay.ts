import type pg from 'pg';
import { START, type EventStore } from '../src/core/event-store.js';
import { applyBatch } from './apply-batch.js';
import type { Projector } from './projector.js';

/** Drops the read models of the named projectors (all by default) and rebuilds them from the whole log. */
export async function replay(
  store: EventStore,
  pool: pg.Pool,
  projectors: readonly Projector[],
  names?: string[],
): Promise<{ name: string; events: number }[]> {
  const chosen = names && names.length > 0 ? projectors.filter((p) => names.includes(p.name)) : projectors;
  const unknown = (names ?? []).filter((n) => !projectors.some((p) => p.name === n));
  if (unknown.length > 0) throw new Error(`Unknown projection(s): ${unknown.join(', ')}`);
  const report: { name: string; events: number }[] = [];
  for (const projector of chosen) {
    const client = await pool.connect();
    try {
      await client.query('begin');
      if (projector.tables.length > 0) await client.query(`truncate ${projector.tables.map((t) => `"${t}"`).join(', ')}`);
      await client.query(
        `insert into projection_checkpoints (name) values ($1)
         on conflict (name) do update set commit_pos = 0, prepare_pos = 0, last_error = null, updated_at = now()`,
        [projector.name],
      );
      await client.query('commit');
    } catch (error) {
      await client.query('rollback').catch(() => undefined);
      throw error;
    } finally {
      client.release();
    }
    let position = START;
    let count = 0;
    for (;;) {
      const events = await store.readAll(position, 1000);
      if (events.length === 0) break;
      await applyBatch(pool, projector, events);
      position = events[events.length - 1]!.position;
      count += events.length;
    }
    report.push({ name: projector.name, events: count });
  }
  return report;
}
