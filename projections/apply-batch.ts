import type pg from 'pg';
import { comparePositions, START, type GlobalPosition, type RecordedEvent } from '../src/core/event-store.js';
import type { Projector } from './projector.js';

export interface StoredCheckpoint {
  position: GlobalPosition;
  lastError: string | null;
  /** Moves on with every batch that changed the read model (migrations/088_projection_generation.sql). */
  generation: number;
}

/** The stored checkpoints of the named projectors (START for one that has none yet). */
export async function readCheckpoints(db: pg.Pool | pg.PoolClient, names: readonly string[]): Promise<Map<string, StoredCheckpoint>> {
  const { rows } = await db.query<{ name: string; commit_pos: string; prepare_pos: string; last_error: string | null; generation: string }>(
    'select name, commit_pos::text, prepare_pos::text, last_error, generation::text from projection_checkpoints where name = any($1)',
    [names],
  );
  const found = new Map(
    rows.map((r) => [
      r.name,
      { position: { commit: BigInt(r.commit_pos), prepare: BigInt(r.prepare_pos) }, lastError: r.last_error, generation: Number(r.generation) },
    ]),
  );
  return new Map(names.map((n) => [n, found.get(n) ?? { position: START, lastError: null, generation: 0 }]));
}

/** Where a batch left a projector: its checkpoint, and the read model's generation when the batch changed it. */
export interface AppliedBatch {
  position: GlobalPosition;
  /** The generation the batch moved the read model to; null when it applied no event the projector handles. */
  generation: number | null;
}

/** One statement, no transaction: moves a checkpoint forward (never back) past events the projector does not handle. */
export async function moveCheckpointForward(pool: pg.Pool, name: string, position: GlobalPosition): Promise<void> {
  await pool.query(
    `insert into projection_checkpoints as c (name, commit_pos, prepare_pos) values ($1, $2, $3)
     on conflict (name) do update set commit_pos = excluded.commit_pos, prepare_pos = excluded.prepare_pos, updated_at = now()
     where (c.commit_pos, c.prepare_pos) < (excluded.commit_pos, excluded.prepare_pos)`,
    [name, position.commit.toString(), position.prepare.toString()],
  );
}

export interface ApplyOptions {
  /**
   * false: commit without waiting for the WAL flush (`synchronous_commit = off` for this transaction only). A replay
   * uses it: a crash can lose the last few batches, but each with its own checkpoint (the same transaction), so the
   * replay run again continues from a consistent point. Never for live projection (a read-your-writes wait must not
   * be told of rows a crash could take back).
   */
  synchronousCommit?: boolean;
}

/**
 * Applies one batch in one transaction together with the checkpoint. The checkpoint row is upserted and locked in one
 * statement and events at or before it are skipped, so a batch delivered twice (restart, second instance) changes
 * nothing. A batch holding no event the projector handles needs no transaction: one statement moves the checkpoint
 * forward (never back). A batch that applied events the projector handles moves the read model's generation on, in
 * the same transaction.
 */
export async function applyBatch(pool: pg.Pool, projector: Projector, events: RecordedEvent[], options: ApplyOptions = {}): Promise<AppliedBatch | null> {
  if (events.length === 0) return null;
  const end = events[events.length - 1]!.position;
  if (!events.some((e) => projector.handles.includes(e.type))) {
    await moveCheckpointForward(pool, projector.name, end);
    return { position: end, generation: null };
  }
  const client = await pool.connect();
  try {
    await client.query('begin');
    if (options.synchronousCommit === false) await client.query('set local synchronous_commit = off');
    const locked = await client.query<{ commit_pos: string; prepare_pos: string }>(
      `insert into projection_checkpoints (name) values ($1) on conflict (name) do update set name = excluded.name
       returning commit_pos::text, prepare_pos::text`,
      [projector.name],
    );
    const checkpoint = { commit: BigInt(locked.rows[0]!.commit_pos), prepare: BigInt(locked.rows[0]!.prepare_pos) };
    const fresh = events.filter((e) => comparePositions(e.position, checkpoint) > 0);
    if (fresh.length === 0) {
      await client.query('commit');
      return { position: checkpoint, generation: null };
    }
    const handled = fresh.filter((e) => projector.handles.includes(e.type));
    if (projector.applyMany) {
      if (handled.length > 0) await projector.applyMany(client, handled);
    } else {
      for (const event of handled) await projector.apply(client, event);
    }
    const last = fresh[fresh.length - 1]!.position;
    const moved = await client.query<{ generation: string }>(
      `update projection_checkpoints set commit_pos = $2, prepare_pos = $3, updated_at = now(), last_error = null,
         generation = generation + $4 where name = $1 returning generation::text`,
      [projector.name, last.commit.toString(), last.prepare.toString(), handled.length > 0 ? 1 : 0],
    );
    await client.query('commit');
    return { position: last, generation: handled.length > 0 ? Number(moved.rows[0]!.generation) : null };
  } catch (error) {
    await client.query('rollback').catch(() => undefined);
    throw error;
  } finally {
    client.release();
  }
}
