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
  /**
   * Whole transactions this process committed, handed over by its appends (`offer`), oldest first: a subscriber that
   * reaches one takes its events from here instead of reading them back (see `read`).
   */
  private offered: RecordedEvent[][] = [];
  private offeredCount = 0;
  /** Transactions promised (`promise`) and not yet delivered or withdrawn: a reader that meets one waits for it. */
  private readonly promised = new Map<bigint, Promise<void>>();
  /** Appends under way that will hand over (`handing`): reads started meanwhile look before they read. */
  private appending = 0;

  constructor(
    /**
     * Events kept at most (the oldest quarter goes when it is full), and offered at most. The projection runner may
     * trail the newest reader by up to 20 batches of 1,000 and the in-memory catalogue trails the projector. With the
     * hand-off the fast subscribers (metrics, live feed) lead by the whole import: 40,000 still read 58,000 of a
     * 50,000-row file's 100,000 events back (bench/catalogue/import-freshness.ts, load 10), 100,000 read 2,000–11,000. About
     * 1.5 KB of heap per kept event, let go 10 s after the import.
     */
    private readonly capacity = 100_000,
    private readonly idleMs = 10_000,
  ) {}

  /**
   * Hands over the events of one transaction this process committed: ALL of its events, in log order, as a read would
   * give them. They are not trusted to be next in the log (another transaction, of this process or another, may sort
   * before them and commit later): `read` uses them only once the database names their position as the first visible
   * one after the reader's. Kept at most `capacity` events, and let go with the stretch when idle.
   */
  offer(events: RecordedEvent[]): void {
    if (events.length === 0) return;
    const last = this.events[this.events.length - 1];
    if (last && comparePositions(events[events.length - 1]!.position, last.position) <= 0) return; // already read
    this.offered.push(events);
    this.offeredCount += events.length;
    while (this.offeredCount > this.capacity && this.offered.length > 1) this.offeredCount -= this.offered.shift()!.length;
    this.releaseWhenIdle();
  }

  /**
   * Marks an append that will hand over as under way, from before its INSERT until it is settled (the function returned
   * ends it): a read started meanwhile first asks for the next position, so it can never read back a transaction that
   * commits while it runs — it either sees it promised or finds it not yet visible.
   */
  handing(): () => void {
    this.appending++;
    let ended = false;
    return () => {
      if (ended) return;
      ended = true;
      this.appending--;
    };
  }

  /**
   * Announces, before its COMMIT, a transaction whose events will be offered: a reader whose next event lies in it waits
   * for `deliver` (after COMMIT) or `withdraw` (rolled back or not handed over) instead of reading it back.
   */
  promise(commit: bigint): { deliver(events: RecordedEvent[]): void; withdraw(): void } {
    let settle!: () => void;
    this.promised.set(commit, new Promise<void>((resolve) => (settle = resolve)));
    const done = () => {
      this.promised.delete(commit);
      settle();
    };
    return {
      deliver: (events) => {
        this.offer(events);
        done();
      },
      withdraw: done,
    };
  }

  /**
   * Up to `limit` events after `from`: from the stretch when it holds any, else from `read` (one database read per
   * position even when several subscribers ask at once), whose answer extends the stretch. With transactions offered
   * and `next` given, the database is first asked only for the position of the first visible event after `from`:
   * when it lies in an offered transaction, the rest of that transaction is the answer (no events read back); when
   * it lies elsewhere (a gap: another transaction sorts first), `read` reads it; when there is none, the answer is empty.
   */
  async read(
    from: GlobalPosition,
    limit: number,
    read: (from: GlobalPosition) => Promise<RecordedEvent[]>,
    next?: (from: GlobalPosition) => Promise<GlobalPosition | null>,
  ): Promise<RecordedEvent[]> {
    const kept = this.slice(from, limit);
    if (kept) return kept;
    const key = keyOf(from);
    let pending = this.inFlight.get(key);
    if (!pending) {
      pending = (next && (this.offered.length > 0 || this.promised.size > 0 || this.appending > 0) ? this.handedOrRead(from, read, next) : read(from)).then(
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

  private async handedOrRead(
    from: GlobalPosition,
    read: (from: GlobalPosition) => Promise<RecordedEvent[]>,
    next: (from: GlobalPosition) => Promise<GlobalPosition | null>,
  ): Promise<RecordedEvent[]> {
    const first = await next(from);
    // Offers the stretch has already passed (read from the database meanwhile) can no longer be next for anyone.
    const newest = this.events[this.events.length - 1];
    while (this.offered.length > 0 && newest && comparePositions(this.offered[0]!.at(-1)!.position, newest.position) <= 0) {
      this.offeredCount -= this.offered.shift()!.length;
    }
    if (!first) return [];
    // Committed and visible, but its hand-off is still being delivered: wait for it (moments) rather than read it.
    await this.promised.get(first.commit);
    for (let i = 0; i < this.offered.length; i++) {
      const events = this.offered[i]!;
      if (events[0]!.position.commit !== first.commit) continue;
      const at = events.findIndex((e) => e.position.prepare === first.prepare);
      if (at < 0) break;
      // The transaction is complete (it committed before it was offered) and every event of it is here: what follows
      // `first` in the log is the rest of it. Offers before it can no longer be next for anyone this far on.
      this.offeredCount -= this.offered.slice(0, i + 1).reduce((n, o) => n + o.length, 0);
      this.offered = this.offered.slice(i + 1);
      return at === 0 ? events : events.slice(at);
    }
    return read(from);
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
      this.offered = [];
      this.offeredCount = 0;
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
