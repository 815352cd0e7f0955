import type pg from 'pg';
import {
  comparePositions,
  START,
  type EventStore,
  type GlobalPosition,
  type RecordedEvent,
  type Subscription,
} from '../src/core/event-store.js';
import type { Projector } from './projector.js';

export interface ProjectorStatus {
  name: string;
  position: { commit: string; prepare: string };
  lastError: string | null;
}

interface Logger {
  error: (obj: object, msg?: string) => void;
  info?: (obj: object, msg?: string) => void;
}

async function readCheckpoint(db: pg.Pool | pg.PoolClient, name: string, lock = false): Promise<GlobalPosition> {
  const result = await db.query<{ commit_pos: string; prepare_pos: string }>(
    `select commit_pos::text, prepare_pos::text from projection_checkpoints where name = $1${lock ? ' for update' : ''}`,
    [name],
  );
  const row = result.rows[0];
  return row ? { commit: BigInt(row.commit_pos), prepare: BigInt(row.prepare_pos) } : START;
}

/** One statement, no transaction: moves a checkpoint forward (never back) past events the projector does not handle. */
async function moveCheckpointForward(pool: pg.Pool, name: string, position: GlobalPosition): Promise<void> {
  await pool.query(
    `insert into projection_checkpoints as c (name, commit_pos, prepare_pos) values ($1, $2, $3)
     on conflict (name) do update set commit_pos = excluded.commit_pos, prepare_pos = excluded.prepare_pos, updated_at = now()
     where (c.commit_pos, c.prepare_pos) < (excluded.commit_pos, excluded.prepare_pos)`,
    [name, position.commit.toString(), position.prepare.toString()],
  );
}

/**
 * Applies one batch in one transaction together with the checkpoint. The checkpoint row is upserted and locked in one
 * statement and events at or before it are skipped, so a batch delivered twice (restart, second instance) changes
 * nothing. A batch holding no event the projector handles needs no transaction: one statement moves the checkpoint
 * forward (never back).
 */
export async function applyBatch(pool: pg.Pool, projector: Projector, events: RecordedEvent[]): Promise<GlobalPosition | null> {
  if (events.length === 0) return null;
  const end = events[events.length - 1]!.position;
  if (!events.some((e) => projector.handles.includes(e.type))) {
    await moveCheckpointForward(pool, projector.name, end);
    return end;
  }
  const client = await pool.connect();
  try {
    await client.query('begin');
    const locked = await client.query<{ commit_pos: string; prepare_pos: string }>(
      `insert into projection_checkpoints (name) values ($1) on conflict (name) do update set name = excluded.name
       returning commit_pos::text, prepare_pos::text`,
      [projector.name],
    );
    const checkpoint = { commit: BigInt(locked.rows[0]!.commit_pos), prepare: BigInt(locked.rows[0]!.prepare_pos) };
    const fresh = events.filter((e) => comparePositions(e.position, checkpoint) > 0);
    if (fresh.length === 0) {
      await client.query('commit');
      return checkpoint;
    }
    const handled = fresh.filter((e) => projector.handles.includes(e.type));
    if (projector.applyMany) {
      if (handled.length > 0) await projector.applyMany(client, handled);
    } else {
      for (const event of handled) await projector.apply(client, event);
    }
    const last = fresh[fresh.length - 1]!.position;
    await client.query(
      'update projection_checkpoints set commit_pos = $2, prepare_pos = $3, updated_at = now(), last_error = null where name = $1',
      [projector.name, last.commit.toString(), last.prepare.toString()],
    );
    await client.query('commit');
    return last;
  } catch (error) {
    await client.query('rollback').catch(() => undefined);
    throw error;
  } finally {
    client.release();
  }
}

/**
 * Runs every projector from one shared reader: each batch is read once and handed to every projector whose position
 * is behind it, side by side (each in its own transaction with its checkpoint). A projector that throws leaves the
 * shared reader and follows the log on its own subscription from its checkpoint, retrying, so it never stops the
 * others.
 */
export class ProjectionRunner {
  private readonly subscriptions: Subscription[] = [];
  private readonly positions = new Map<string, GlobalPosition>();
  private readonly errors = new Map<string, string | null>();
  private readonly shared = new Set<Projector>();
  private stopped = false;
  private waiters: { position: GlobalPosition; names: string[]; resolve: () => void }[] = [];

  constructor(
    private readonly store: EventStore,
    private readonly pool: pg.Pool,
    readonly projectors: readonly Projector[],
    private readonly log: Logger,
  ) {}

  async start(): Promise<void> {
    this.stopped = false;
    let from: GlobalPosition | null = null;
    for (const projector of this.projectors) {
      const checkpoint = await readCheckpoint(this.pool, projector.name);
      this.positions.set(projector.name, checkpoint);
      this.errors.set(projector.name, null);
      this.shared.add(projector);
      if (!from || comparePositions(checkpoint, from) < 0) from = checkpoint;
    }
    if (!from) return;
    this.subscriptions.push(
      this.store.subscribe({
        from,
        batchSize: 1000,
        onEvents: async (events) => {
          await Promise.all([...this.shared].map((projector) => this.deliver(projector, events)));
        },
        onError: () => undefined,
      }),
    );
  }

  /** Hands a shared batch to one projector; on failure it goes on alone. */
  private async deliver(projector: Projector, events: RecordedEvent[]): Promise<void> {
    const position = this.positions.get(projector.name) ?? START;
    const fresh = events.filter((e) => comparePositions(e.position, position) > 0);
    if (fresh.length === 0) return;
    try {
      await this.applyOwn(projector, fresh);
    } catch {
      this.shared.delete(projector);
      if (this.stopped) return;
      this.subscriptions.push(
        this.store.subscribe({
          from: this.positions.get(projector.name) ?? START,
          batchSize: 1000,
          onEvents: (own) => this.applyOwn(projector, own),
          onError: () => undefined,
        }),
      );
    }
  }

  private async applyOwn(projector: Projector, events: RecordedEvent[]): Promise<void> {
    try {
      const last = await applyBatch(this.pool, projector, events);
      if (last) this.advance(projector.name, last);
      this.errors.set(projector.name, null);
    } catch (error) {
      const message = error instanceof Error ? error.message : String(error);
      this.errors.set(projector.name, message);
      this.log.error({ projector: projector.name, err: error }, 'projector failed; it will retry');
      await this.pool
        .query('update projection_checkpoints set last_error = $2 where name = $1', [projector.name, message])
        .catch(() => undefined);
      throw error;
    }
  }

  private advance(name: string, position: GlobalPosition): void {
    if (comparePositions(position, this.positions.get(name) ?? START) > 0) this.positions.set(name, position);
    this.waiters = this.waiters.filter((w) => {
      if (!this.reached(w.position, w.names)) return true;
      w.resolve();
      return false;
    });
  }

  private reached(position: GlobalPosition, names: string[]): boolean {
    return names.every((n) => comparePositions(this.positions.get(n) ?? START, position) >= 0);
  }

  /** Resolves once the named projectors (all by default) have applied `position`: read-your-writes for routes. */
  waitFor(position: GlobalPosition, names = this.projectors.map((p) => p.name), timeoutMs = 5000): Promise<void> {
    if (this.reached(position, names)) return Promise.resolve();
    return new Promise((resolve, reject) => {
      const waiter = { position, names, resolve: () => (clearTimeout(timer), resolve()) };
      const timer = setTimeout(() => {
        this.waiters = this.waiters.filter((w) => w !== waiter);
        reject(new Error('Timed out waiting for projections'));
      }, timeoutMs);
      this.waiters.push(waiter);
    });
  }

  status(): ProjectorStatus[] {
    return this.projectors.map((p) => {
      const position = this.positions.get(p.name) ?? START;
      return {
        name: p.name,
        position: { commit: position.commit.toString(), prepare: position.prepare.toString() },
        lastError: this.errors.get(p.name) ?? null,
      };
    });
  }

  async stop(): Promise<void> {
    this.stopped = true;
    await Promise.all(this.subscriptions.splice(0).map((s) => s.close()));
  }
}

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
