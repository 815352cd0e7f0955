import type { EventStore, GlobalPosition, RecordedEvent } from '../../core/event-store.js';
import { LogFollower } from '../../core/log-follower.js';
import type { Logger, Runtime } from '../../runtime.js';
import { carouselEvents } from './events.js';

/** The read model the shop reads carousels from (projections/carousels). */
const READ_MODEL = 'carousels';
/** Every carousel event but the seed claim changes what a shopper sees. */
const SHOWN = new Set<string>(Object.keys(carouselEvents).filter((type) => type !== 'DemoCarouselsSeedClaimed'));

/**
 * A number that moves on once a carousel change is in the carousels read model, on this instance: whatever keeps
 * pages that show carousels (the server render cache) puts it in its key, so the next render after an admin's change
 * shows it, instead of a kept page for its few fresh seconds. It follows the log from its head at start.
 */
export class CarouselsVersion {
  private current = 0;
  private readonly follower: LogFollower;

  constructor(
    store: Pick<EventStore, 'subscribe' | 'headPosition'>,
    private readonly log: Logger,
  ) {
    this.follower = new LogFollower(store, 'carousels', (error) => log.error({ err: error }, 'carousels version subscription error'));
  }

  get version(): number {
    return this.current;
  }

  async start(runtime: Pick<Runtime, 'projections'>): Promise<void> {
    await this.follower.start((events) => this.follow(events, runtime));
  }

  /** Resolves once the version has taken in everything up to `position` (rejects after `timeoutMs`). */
  waitFor(position: GlobalPosition, timeoutMs = 10_000): Promise<void> {
    return this.follower.waitFor(position, timeoutMs);
  }

  stop(): Promise<void> {
    return this.follower.stop();
  }

  private async follow(events: RecordedEvent[], runtime: Pick<Runtime, 'projections'>): Promise<void> {
    if (!events.some((e) => SHOWN.has(e.type))) return;
    // Moved on only once the read model holds the change: a render that reads it earlier would be kept under the new
    // number with the old slides.
    await runtime.projections.waitFor(events[events.length - 1]!.position, [READ_MODEL], 30_000).catch((error: unknown) => {
      this.log.warn({ err: error }, 'carousels projector is behind; moving the carousels version on anyway');
    });
    this.current++;
  }
}
