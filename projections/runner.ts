import type pg from 'pg';
import { comparePositions, START, type EventStore, type GlobalPosition, type RecordedEvent, type Subscription } from '../src/core/event-store.js';
import { applyBatch, readCheckpoints } from './apply-batch.js';
import { LeaderLock } from './leadership.js';
import type { Projector } from './projector.js';
import { replay, type ReplayedModel, type ReplayOptions } from './replay.js';

export { applyBatch } from './apply-batch.js';
export { replay } from './replay.js';

export interface ProjectorStatus {
  name: string;
  position: { commit: string; prepare: string };
  lastError: string | null;
}

export type RunnerRole = 'leader' | 'follower' | 'stopped';

export interface RunnerOptions {
  /**
   * false: never project here, only follow the leader's checkpoints (an API instance beside `npm run projector`).
   * Default true: stand for election; the runner that holds the lock projects, the others stand by.
   */
  lead?: boolean;
  /** How often a follower refreshes checkpoints and looks for a vacant leadership, and a leader checks its lock. */
  tickMs?: number;
}

interface Logger {
  error: (obj: object, msg?: string) => void;
  info?: (obj: object, msg?: string) => void;
  warn?: (obj: object, msg?: string) => void;
}

/** While a follower has callers waiting for a position it polls the checkpoints this often. */
const FOLLOWER_WAIT_POLL_MS = 50;

/**
 * How many batches the shared reader may queue for a projector before it waits for that projector: a slow projector
 * (the catalogue applying a 10,000-product import) must not hold back a fast one (the orders a checkout waits for),
 * and memory stays bounded by this many batches.
 */
const MAX_QUEUED_BATCHES = 20;

/**
 * Events a lagging projector applies in one transaction: the batches queued for it when its pump comes round are
 * applied together, up to this many. During a 50,000-row import the catalogue projector trails the appends by a
 * dozen batches; one transaction per queued batch (its checkpoint lock and update, its COMMIT's WAL flush, one
 * upsert per 500 products) was the projector's 1.6–2 s after the last chunk (bench/catalogue/import-freshness.ts).
 */
const MAX_MERGED_EVENTS = 8_000;

/** The queued batches at the head of a lane, joined up to MAX_MERGED_EVENTS (always at least the first). */
export function takeQueued(pending: RecordedEvent[][], max = MAX_MERGED_EVENTS): RecordedEvent[] {
  let events = pending.shift()!;
  while (pending.length > 0 && events.length + pending[0]!.length <= max) events = events.concat(pending.shift()!);
  return events;
}

/** One projector's queue of shared batches, applied in order by its own pump. */
interface Lane {
  pending: RecordedEvent[][];
  pump: Promise<void> | null;
}

/**
 * Runs every projector from one shared reader: each batch is read once and queued for every projector whose position
 * is behind it; each projector applies its queue in order, side by side with the others (each batch in its own
 * transaction with its checkpoint), so a slow projector lags alone until it is MAX_QUEUED_BATCHES behind. A projector that throws leaves the
 * shared reader and follows the log on its own subscription from its checkpoint, retrying, so it never stops the
 * others.
 *
 * Only one runner per database projects at a time: the leader, which holds a PostgreSQL advisory lock (LeaderLock).
 * Every other runner (a second API instance, a standby `npm run projector`) follows the leader's checkpoints, so
 * `waitFor` works the same everywhere, and takes over when the leader's connection goes away. The checkpoint row lock
 * in applyBatch would keep even an overlap harmless; the leader lock keeps the work from being done twice.
 */
export class ProjectionRunner {
  private readonly subscriptions: Subscription[] = [];
  private readonly positions = new Map<string, GlobalPosition>();
  private readonly generations = new Map<string, number>();
  private readonly errors = new Map<string, string | null>();
  private readonly shared = new Set<Projector>();
  private readonly lanes = new Map<string, Lane>();
  private drained: (() => void)[] = [];
  private stopped = true;
  private waiters: { position: GlobalPosition; names: string[]; resolve: () => void }[] = [];
  private readonly advanceListeners = new Set<(name: string, position: GlobalPosition) => void>();
  private currentRole: RunnerRole = 'stopped';
  private readonly lock: LeaderLock;
  /** Leading and stepping down happen one at a time, in order. */
  private transition: Promise<void> = Promise.resolve();
  private timer: NodeJS.Timeout | null = null;
  private lastElection = 0;
  private readonly tickMs: number;

  constructor(
    private readonly store: EventStore,
    private readonly pool: pg.Pool,
    readonly projectors: readonly Projector[],
    private readonly log: Logger,
    private readonly options: RunnerOptions = {},
  ) {
    this.tickMs = options.tickMs ?? 1000;
    this.lock = new LeaderLock(pool, () => void this.stepDown('lost the projection leader lock'));
  }

  /** leader: projects here; follower: another runner projects, this one follows its checkpoints. */
  get role(): RunnerRole {
    return this.currentRole;
  }

  async start(): Promise<void> {
    if (!this.stopped) return;
    this.stopped = false;
    this.currentRole = 'follower';
    await this.refresh();
    if (this.options.lead !== false) await this.elect();
    this.schedule();
  }

  /** Takes the leader lock if it is free and starts projecting from the stored checkpoints. */
  private elect(): Promise<void> {
    this.lastElection = Date.now();
    this.transition = this.transition.then(async () => {
      if (this.stopped || this.currentRole === 'leader') return;
      if (!(await this.lock.tryAcquire())) return;
      try {
        await this.lead();
        this.log.info?.({ projectors: this.projectors.length }, 'projection leader: projecting read models here');
      } catch (error) {
        this.log.error({ err: error }, 'could not start projecting; standing by');
        await this.closeSubscriptions();
        this.lock.release();
        this.currentRole = 'follower';
      }
    });
    return this.transition;
  }

  private stepDown(reason: string): Promise<void> {
    this.transition = this.transition.then(async () => {
      if (this.currentRole !== 'leader') return;
      this.currentRole = this.stopped ? 'stopped' : 'follower';
      if (this.stopped) this.log.info?.({ reason }, 'projection leader stepping down');
      else this.log.warn?.({ reason }, 'projection leader stepping down');
      await this.closeSubscriptions();
      this.lock.release();
    });
    return this.transition;
  }

  /** Stops reading, drops the queued batches (the next leader starts from the stored checkpoints) and lets the pumps finish. */
  private async closeSubscriptions(): Promise<void> {
    for (const lane of this.lanes.values()) lane.pending.length = 0;
    this.notifyDrained();
    await Promise.all(this.subscriptions.splice(0).map((s) => s.close()));
    await Promise.all([...this.lanes.values()].map((lane) => lane.pump));
    this.lanes.clear();
  }

  private notifyDrained(): void {
    for (const resolve of this.drained.splice(0)) resolve();
  }

  private enqueue(projector: Projector, events: RecordedEvent[]): void {
    let lane = this.lanes.get(projector.name);
    if (!lane) {
      lane = { pending: [], pump: null };
      this.lanes.set(projector.name, lane);
    }
    lane.pending.push(events);
    lane.pump ??= this.pump(projector, lane);
  }

  private async pump(projector: Projector, lane: Lane): Promise<void> {
    try {
      while (lane.pending.length > 0) {
        const batch = takeQueued(lane.pending);
        this.notifyDrained();
        // A projector that failed went on with a subscription of its own: its queued batches are not its any more.
        if (!this.shared.has(projector)) {
          lane.pending.length = 0;
          break;
        }
        await this.deliver(projector, batch);
      }
    } finally {
      lane.pump = null;
      this.notifyDrained();
    }
  }

  /** The shared reader waits while some projector has MAX_QUEUED_BATCHES batches queued. */
  private async backPressure(): Promise<void> {
    const full = () => [...this.shared].some((p) => (this.lanes.get(p.name)?.pending.length ?? 0) >= MAX_QUEUED_BATCHES);
    while (!this.stopped && this.currentRole === 'leader' && full()) {
      await new Promise<void>((resolve) => this.drained.push(resolve));
    }
  }

  /** Followers refresh checkpoints (fast while someone waits) and stand for election; a leader checks its lock. */
  private schedule(delay = this.tickMs): void {
    if (this.stopped) return;
    if (this.timer) clearTimeout(this.timer);
    this.timer = setTimeout(() => void this.tick(), delay);
    this.timer.unref();
  }

  /**
   * One round of the timer's work, now: a leader checks its lock (and steps down when it is gone); a follower reads the
   * checkpoints and stands for election. Resolves with the role once the hand-over it started (if any) is over. For a
   * caller that learns of a hand-over before the timer does (the hardening specs drive elections with it).
   */
  async checkLeadership(): Promise<RunnerRole> {
    if (this.stopped) return this.currentRole;
    await this.round(true);
    await this.transition;
    return this.currentRole;
  }

  private async round(electNow: boolean): Promise<void> {
    if (this.currentRole === 'leader') {
      await this.lock.verify();
    } else {
      await this.refresh();
      if (this.options.lead !== false && (electNow || Date.now() - this.lastElection >= this.tickMs)) await this.elect();
    }
  }

  private async tick(): Promise<void> {
    this.timer = null;
    if (this.stopped) return;
    try {
      await this.round(false);
    } catch (error) {
      this.log.warn?.({ err: error }, 'projection runner tick failed; retrying');
    }
    this.schedule(this.currentRole === 'follower' && this.waiters.length > 0 ? FOLLOWER_WAIT_POLL_MS : this.tickMs);
  }

  /** Reads the stored checkpoints: a follower learns the leader's progress (and its errors) from them. */
  private async refresh(): Promise<void> {
    const stored = await readCheckpoints(
      this.pool,
      this.projectors.map((p) => p.name),
    );
    for (const [name, checkpoint] of stored) {
      if (this.currentRole !== 'leader') this.errors.set(name, checkpoint.lastError);
      this.moveGeneration(name, checkpoint.generation);
      this.advance(name, checkpoint.position);
    }
  }

  /** Starts the shared reader from the lowest stored checkpoint (read afresh: a previous leader may have moved them). */
  private async lead(): Promise<void> {
    const stored = await readCheckpoints(
      this.pool,
      this.projectors.map((p) => p.name),
    );
    let from: GlobalPosition | null = null;
    this.shared.clear();
    for (const projector of this.projectors) {
      const checkpoint = stored.get(projector.name)!;
      this.moveGeneration(projector.name, checkpoint.generation);
      this.advance(projector.name, checkpoint.position);
      this.errors.set(projector.name, checkpoint.lastError);
      this.shared.add(projector);
      if (!from || comparePositions(checkpoint.position, from) < 0) from = checkpoint.position;
    }
    this.currentRole = 'leader';
    if (!from) return;
    this.subscriptions.push(
      this.store.subscribe({
        from,
        batchSize: 1000,
        onEvents: async (events) => {
          for (const projector of this.shared) this.enqueue(projector, events);
          await this.backPressure();
        },
        onError: () => undefined,
      }),
    );
  }

  /** Hands a shared batch to one projector (from its lane); on failure it goes on alone. */
  private async deliver(projector: Projector, events: RecordedEvent[]): Promise<void> {
    const position = this.positions.get(projector.name) ?? START;
    const fresh = events.filter((e) => comparePositions(e.position, position) > 0);
    if (fresh.length === 0) return;
    try {
      await this.applyOwn(projector, fresh);
    } catch {
      this.shared.delete(projector);
      if (this.stopped || this.currentRole !== 'leader') return;
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
      const applied = await applyBatch(this.pool, projector, events);
      if (applied?.generation) this.moveGeneration(projector.name, applied.generation);
      if (applied) this.advance(projector.name, applied.position);
      this.errors.set(projector.name, null);
    } catch (error) {
      const message = error instanceof Error ? error.message : String(error);
      this.errors.set(projector.name, message);
      this.log.error({ projector: projector.name, err: error }, 'projector failed; it will retry');
      await this.pool.query('update projection_checkpoints set last_error = $2 where name = $1', [projector.name, message]).catch(() => undefined);
      throw error;
    }
  }

  /** Generations only move on (a follower may read an older checkpoint than a batch this runner applied). */
  private moveGeneration(name: string, generation: number): void {
    if (generation > (this.generations.get(name) ?? 0)) this.generations.set(name, generation);
  }

  private advance(name: string, position: GlobalPosition): void {
    if (comparePositions(position, this.positions.get(name) ?? START) > 0) {
      this.positions.set(name, position);
      for (const listener of this.advanceListeners) {
        try {
          listener(name, position);
        } catch (error) {
          this.log.warn?.({ err: error, projector: name }, 'projection position listener failed');
        }
      }
    }
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
      if (this.currentRole === 'follower') this.schedule(FOLLOWER_WAIT_POLL_MS);
    });
  }

  /**
   * Calls `listener(projector, position)` each time a projector's position moves forward: after the batch and its
   * checkpoint committed (leader), or when a follower reads the moved checkpoint. Returns the unsubscribe function.
   */
  onAdvance(listener: (name: string, position: GlobalPosition) => void): () => void {
    this.advanceListeners.add(listener);
    return () => this.advanceListeners.delete(listener);
  }

  /**
   * A read model's generation as this runner knows it: a number that moves on each time the read model changed (its
   * projector applied an event it handles, or a replay emptied it), and only once the read model holds the change,
   * before any `waitFor` for that change resolves. On the leader, as its batches commit; on a follower, when it reads
   * the leader's checkpoint (every second, every 50 ms while a `waitFor` is under way). A cache of what a read model
   * shows keys its entries with it (the server render cache and the carousels); events the projector does not handle
   * never move it.
   */
  generation(name: string): number {
    return this.generations.get(name) ?? 0;
  }

  /** Rebuilds every read model from the start of the log (replay.ts): what a restore runs once the log is back. */
  async rebuildAll(options: ReplayOptions = {}): Promise<ReplayedModel[]> {
    const rebuilt = await replay(this.store, this.pool, this.projectors, undefined, options);
    // The replay moved the generations in the database; a leader learns them here (a follower at its next read).
    const stored = await readCheckpoints(
      this.pool,
      this.projectors.map((p) => p.name),
    );
    for (const [name, checkpoint] of stored) this.moveGeneration(name, checkpoint.generation);
    return rebuilt;
  }

  /** Where each projector has got to (its checkpoint as this runner last saw it). */
  positionOf(name: string): GlobalPosition {
    return this.positions.get(name) ?? START;
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
    if (this.stopped) return;
    this.stopped = true;
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
    await this.stepDown('stopped');
    await this.closeSubscriptions();
    this.lock.release();
    this.currentRole = 'stopped';
  }
}
