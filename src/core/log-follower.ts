import { comparePositions, START, type EventStore, type GlobalPosition, type RecordedEvent, type Subscription } from './event-store.js';

/**
 * Follows the log for an in-memory view of one instance (the catalogue, the session registry): subscribes from a
 * position, hands every batch to the view, and only then moves its position past the batch, so `waitFor(position)`
 * (read-your-writes after a command) resolves once the view has applied everything up to that position.
 */
export class LogFollower {
  private at: GlobalPosition = START;
  private subscription: Subscription | null = null;
  private waiters: { position: GlobalPosition; resolve: () => void }[] = [];

  constructor(
    private readonly store: Pick<EventStore, 'subscribe' | 'headPosition'>,
    /** Named in the timeout error: 'Timed out waiting for the catalogue'. */
    private readonly what: string,
    private readonly onError: (error: unknown) => void,
  ) {}

  /** Where the view has got to. */
  get position(): GlobalPosition {
    return this.at;
  }

  /** Callers of `waitFor` still waiting: 0 whenever the view has caught up (a resolved or timed-out wait is let go). */
  get waiting(): number {
    return this.waiters.length;
  }

  /** True between start and stop: the view is being kept current. */
  get following(): boolean {
    return this.subscription !== null;
  }

  /**
   * Starts following from `from`, by default the log's head now (the view then sees every event committed from now on);
   * `batchSize` events at most per batch (the store's default when unset).
   */
  async start(apply: (events: RecordedEvent[]) => Promise<void> | void, from?: GlobalPosition, batchSize?: number): Promise<void> {
    this.at = from ?? (await this.store.headPosition());
    this.subscription = this.store.subscribe({
      from: this.at,
      ...(batchSize ? { batchSize } : {}),
      onEvents: async (events) => {
        await apply(events);
        this.advance(events[events.length - 1]!.position);
      },
      onError: this.onError,
    });
  }

  async stop(): Promise<void> {
    const subscription = this.subscription;
    this.subscription = null;
    await subscription?.close();
  }

  /** Resolves once the view has applied `position`; rejects after `timeoutMs`. */
  waitFor(position: GlobalPosition, timeoutMs = 10_000): Promise<void> {
    if (comparePositions(this.at, position) >= 0) return Promise.resolve();
    return new Promise((resolve, reject) => {
      const waiter = { position, resolve: () => (clearTimeout(timer), resolve()) };
      const timer = setTimeout(() => {
        this.waiters = this.waiters.filter((w) => w !== waiter);
        reject(new Error(`Timed out waiting for the ${this.what}`));
      }, timeoutMs);
      this.waiters.push(waiter);
    });
  }

  private advance(position: GlobalPosition): void {
    if (comparePositions(position, this.at) > 0) this.at = position;
    this.waiters = this.waiters.filter((w) => {
      if (comparePositions(this.at, w.position) < 0) return true;
      w.resolve();
      return false;
    });
  }
}
