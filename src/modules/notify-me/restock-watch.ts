import type { GlobalPosition, RecordedEvent } from '../../core/event-store.js';
import { LogFollower } from '../../core/log-follower.js';
import type { ModuleDeps } from '../module.js';
import { getCatalogue, type CatalogueReader } from '../catalogue/index.js';
import { MAY_BECOME_BUYABLE } from './buyable.js';
import { buyableNow, notifyIfBuyable } from './commands.js';
import { notifyMeReadModel } from './events.js';
import { productsWithWaiting } from './queries.js';

const TRIGGERS = new Set(MAY_BECOME_BUYABLE);
/** Products looked at per sweep of the whole waiting list. */
const SWEEP_LIMIT = 1000;

/**
 * Tells waiting shoppers when their product can be bought. Every API instance follows the log: after an event that
 * may have made a product buyable (MAY_BECOME_BUYABLE), once its catalogue and the notify-me read model include that
 * event, each such product with waiting shoppers is checked (notifyIfBuyable: idempotent, decided on the product's
 * notify-me stream, so two instances tell nobody twice). A sweep at start and every `sweepMs` catches what the
 * follower could not see (events while no instance ran, a read model that lagged past the wait).
 */
export class RestockWatch {
  private readonly follower: LogFollower;
  private timer: NodeJS.Timeout | null = null;
  private catalogue: CatalogueReader | null = null;
  /** One check at a time per instance: a sweep and a batch never race each other here. */
  private running: Promise<unknown> = Promise.resolve();

  constructor(
    private readonly runtime: Pick<ModuleDeps, 'store' | 'pool' | 'projections' | 'modules' | 'log' | 'now'>,
    private readonly sweepMs: number,
  ) {
    this.follower = new LogFollower(runtime.store, 'notify-me watch', (error) => runtime.log.error({ err: error }, 'notify-me: log subscription error'));
  }

  async start(): Promise<void> {
    this.catalogue = getCatalogue(this.runtime);
    await this.follower.start((events) => this.onEvents(events));
    await this.sweep();
    this.timer = setInterval(() => void this.sweep(), this.sweepMs);
    this.timer.unref();
  }

  async stop(): Promise<void> {
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
    await this.follower.stop();
    await this.running.catch(() => undefined);
  }

  /** Checks every product somebody waits for (bounded); returns how many shoppers were told. */
  sweep(): Promise<number> {
    return this.serially(async () => this.check(await productsWithWaiting(this.runtime.pool, null, SWEEP_LIMIT)));
  }

  private async onEvents(events: RecordedEvent[]): Promise<void> {
    const productIds = new Set<string>();
    let last: GlobalPosition | null = null;
    for (const event of events) {
      if (!TRIGGERS.has(event.type)) continue;
      const productId = (event.data as { productId?: unknown }).productId;
      if (typeof productId === 'string') productIds.add(productId);
      last = event.position;
    }
    if (!last || productIds.size === 0) return;
    const upTo = last;
    await this.serially(async () => {
      await Promise.all([this.catalogue!.waitFor(upTo), this.runtime.projections.waitFor(upTo, [notifyMeReadModel.name])]);
      return this.check(await productsWithWaiting(this.runtime.pool, [...productIds], productIds.size));
    });
  }

  private async check(productIds: string[]): Promise<number> {
    let told = 0;
    for (const productId of productIds) {
      if (!buyableNow(this.catalogue!, productId)) continue;
      told += await notifyIfBuyable(this.runtime.store, this.catalogue!, productId, new Date(this.runtime.now()));
    }
    if (told > 0) this.runtime.log.info({ told }, 'notify-me: told waiting shoppers');
    return told;
  }

  private serially(work: () => Promise<number>): Promise<number> {
    const next = this.running.then(work).catch((error: unknown) => {
      this.runtime.log.error({ err: error }, 'notify-me: check failed');
      return 0;
    });
    this.running = next;
    return next;
  }
}
