import { comparePositions, type GlobalPosition, type RecordedEvent } from '../core/event-store.js';

const keyOf = (p: GlobalPosition) => `${p.commit}:${p.prepare}`;

/**
 * The newest stretch of the log one process has read, shared by all its subscriptions (the projection runner, the
 * in-memory catalogue, the session registry, the live feed, the metrics): each batch is read from PostgreSQL and
 * parsed once instead of once per subscriber. During a 50,000-row import five subscribers each read 100,000 events;
 * reading, parsing and collecting them was most of the process's own time.
 *
 * Sound because a page read after a position is a fixed prefix of everything that follows it: readers never see past
 * the oldest running transaction, so whatever commits later sorts after the page's last event. Only pages the
 * database answered are kept, contiguous from where the stretch starts; an empty answer is never kept (a subscriber
 * at the end always asks the database).
 */
export class LogTail {
  private events: RecordedEvent[] = [];
  /** Absolute index (counted since the stretch was started) of events[0]. */
  private base = 0;
  /** Position → absolute index of the first event after it, for the stretch's start and each event in it. */
  private after = new Map<string, number>();
  private startKey: string | null = null;
  private readonly inFlight = new Map<string, Promise<RecordedEvent[]>>();
  private idle: NodeJS.Timeout | null = null;

  constructor(
    /**
     * Events kept at most (the oldest quarter goes when it is full). The projection runner may trail the newest reader
     * by up to 20 batches of 1,000 and the in-memory catalogue trails the projector: 40,000 keeps both in the stretch
     * during an import (measured: 10,000 still read the log 2.2 times over); about 1.5 KB of heap per kept event.
     */
    private readonly capacity = 40_000,
    private readonly idleMs = 10_000,
  ) {}

  /**
   * Up to `limit` events after `from`: from the stretch when it holds any, else from `read` (one database read per
   * position even when several subscribers ask at once), whose answer extends the stretch.
   */
  async read(from: GlobalPosition, limit: number, read: (from: GlobalPosition) => Promise<RecordedEvent[]>): Promise<RecordedEvent[]> {
    const kept = this.slice(from, limit);
    if (kept) return kept;
    const key = keyOf(from);
    let pending = this.inFlight.get(key);
    if (!pending) {
      pending = read(from).then(
        (page) => {
          this.inFlight.delete(key);
          this.add(from, page);
          return page;
        },
        (error: unknown) => {
          this.inFlight.delete(key);
          throw error;
        },
      );
      this.inFlight.set(key, pending);
    }
    return (await pending).slice(0, limit);
  }

  /** The kept events after `from`, or null when there are none (not kept, or `from` is the stretch's end). */
  private slice(from: GlobalPosition, limit: number): RecordedEvent[] | null {
    const index = this.after.get(keyOf(from));
    if (index === undefined) return null;
    const start = index - this.base;
    if (start >= this.events.length) return null;
    return this.events.slice(start, start + limit);
  }

  /** Keeps a page read right after `from` when it continues the stretch or lies past it; pages behind it are not kept. */
  private add(from: GlobalPosition, page: RecordedEvent[]): void {
    if (page.length === 0) return;
    const index = this.after.get(keyOf(from));
    const last = this.events[this.events.length - 1];
    if (index !== undefined && index - this.base === this.events.length) {
      // continues the stretch
    } else if (index === undefined && (!last || comparePositions(from, last.position) > 0)) {
      // past the stretch (or none yet): start a new one here
      this.events = [];
      this.after = new Map([[keyOf(from), this.base]]);
      this.startKey = keyOf(from);
    } else {
      return;
    }
    for (const event of page) {
      this.events.push(event);
      this.after.set(keyOf(event.position), this.base + this.events.length);
    }
    this.trim();
    this.releaseWhenIdle();
  }

  /** Once nothing new was read for `idleMs` (an import is over), the kept events are let go. */
  private releaseWhenIdle(): void {
    if (this.idle) {
      this.idle.refresh();
      return;
    }
    this.idle = setTimeout(() => {
      this.idle = null;
      this.events = [];
      this.after = new Map();
      this.startKey = null;
    }, this.idleMs);
    this.idle.unref();
  }

  /** Drops the oldest quarter once past capacity. */
  private trim(): void {
    if (this.events.length <= this.capacity) return;
    const drop = this.events.length - Math.floor((this.capacity * 3) / 4);
    if (this.startKey !== null) this.after.delete(this.startKey);
    for (let i = 0; i < drop - 1; i++) this.after.delete(keyOf(this.events[i]!.position));
    this.startKey = keyOf(this.events[drop - 1]!.position);
    this.events = this.events.slice(drop);
    this.base += drop;
  }
}
