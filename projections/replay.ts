import type pg from 'pg';
import { START, type EventStore, type GlobalPosition, type RecordedEvent } from '../src/core/event-store.js';
import { applyBatch, moveCheckpointForward } from './apply-batch.js';
import type { Projector } from './projector.js';

/**
 * Events per shared batch: large enough that set-based projectors write few statements per event, small enough to
 * keep memory flat (two batches of decoded events are held at a time: the one applied and the one being read).
 */
export const REPLAY_BATCH = 5000;

export interface ReplayedModel {
  name: string;
  events: number;
  /** Time this projector spent applying batches (they run side by side, so these overlap). */
  seconds: number;
}

export interface ReplayOptions {
  /** Events per shared batch (default REPLAY_BATCH). */
  batchSize?: number;
  /** Told the time spent waiting for the log to be read (the rest is the projectors'). */
  onRead?: (seconds: number) => void;
}

/**
 * Empties the chosen projectors' tables and moves their checkpoints to the start, in one transaction; their generations
 * move on (never back: caches keyed by one must not take a page rendered from the emptied tables for the old one).
 */
async function reset(pool: pg.Pool, projectors: readonly Projector[]): Promise<void> {
  const client = await pool.connect();
  try {
    await client.query('begin');
    const tables = projectors.flatMap((p) => p.tables);
    if (tables.length > 0) await client.query(`truncate ${tables.map((t) => `"${t}"`).join(', ')}`);
    await client.query(
      `insert into projection_checkpoints (name) select unnest($1::text[])
       on conflict (name) do update set commit_pos = 0, prepare_pos = 0, last_error = null, updated_at = now(),
         generation = projection_checkpoints.generation + 1`,
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

const since = (started: bigint) => Number(process.hrtime.bigint() - started) / 1e9;

/**
 * Drops the read models of the named projectors (all by default) and rebuilds them from the whole log. The log is read
 * once: each batch goes to every projector side by side (each in its own transaction with its checkpoint, set-based
 * where the projector has applyMany, committed without waiting for the WAL flush: a crash means running the replay
 * again, which starts over anyway), while the next batch is already being read. A projector that handles nothing in a
 * batch is not called for it; its checkpoint moves to the log's end once at the end.
 */
export async function replay(
  store: EventStore,
  pool: pg.Pool,
  projectors: readonly Projector[],
  names?: string[],
  options: ReplayOptions = {},
): Promise<ReplayedModel[]> {
  const chosen = names && names.length > 0 ? projectors.filter((p) => names.includes(p.name)) : projectors;
  const unknown = (names ?? []).filter((n) => !projectors.some((p) => p.name === n));
  if (unknown.length > 0) throw new Error(`Unknown projection(s): ${unknown.join(', ')}`);
  const batchSize = options.batchSize ?? REPLAY_BATCH;
  await reset(pool, chosen);
  const seconds = new Map(chosen.map((p) => [p.name, 0]));
  const handles = new Map(chosen.map((p) => [p.name, new Set(p.handles)]));
  let count = 0;
  let reading = 0;
  let end: GlobalPosition | null = null;
  let next: Promise<RecordedEvent[]> = store.readAll(START, batchSize);
  for (;;) {
    const waited = process.hrtime.bigint();
    const events = await next;
    reading += since(waited);
    if (events.length === 0) break;
    end = events[events.length - 1]!.position;
    next = store.readAll(end, batchSize);
    // A failed read is awaited (and thrown) on the next turn; one left behind by a failed apply must not go unhandled.
    next.catch(() => undefined);
    await Promise.all(
      chosen.map(async (projector) => {
        const types = handles.get(projector.name)!;
        if (!events.some((e) => types.has(e.type))) return;
        const started = process.hrtime.bigint();
        await applyBatch(pool, projector, events, { synchronousCommit: false });
        seconds.set(projector.name, seconds.get(projector.name)! + since(started));
      }),
    );
    count += events.length;
  }
  if (end) await Promise.all(chosen.map((p) => moveCheckpointForward(pool, p.name, end)));
  options.onRead?.(reading);
  return chosen.map((p) => ({ name: p.name, events: count, seconds: seconds.get(p.name)! }));
}
