import type { AppendResult, EventStore, NewEvent, StreamWrite } from '../../core/event-store.js';
import { counterVersion, formatOrderNumber, orderNumberStream } from './order-numbers.js';

type VersionQuery = ((sql: string, values: unknown[]) => Promise<{ rows: { v: number }[] }>) | null;

export interface NumberClaim {
  orderId: string;
  /** The stock reservation decided for the order (its inventory streams are locked by the caller meanwhile). */
  stockWrites: StreamWrite[];
  /** The order's own writes, once its number is known. */
  orderWrites: (orderNumber: string) => StreamWrite[];
  metadata: NewEvent['metadata'];
}

interface Waiting extends NumberClaim {
  resolve: (result: AppendResult) => void;
  reject: (error: unknown) => void;
}

const MAX_BATCH = 50;

/**
 * Group commit of order placements on one year's order-number counter. Orders that reach the counter while an append
 * is in flight are appended together in the next one: each gets the next number, and the batch's stock, order and
 * counter writes go in ONE atomic append whose counter write carries expectedVersion — so numbers stay unique and
 * gap-free across instances, while one transaction carries many orders. A failed append fails its whole batch and
 * every order in it retries (reserveStock re-decides on WrongExpectedVersionError).
 */
export class OrderNumberBatcher {
  private readonly queue: Waiting[] = [];
  private draining = false;
  /** The counter's version after this instance's last append; null means ask the store. */
  private knownVersion: number | null = null;

  constructor(
    private readonly store: EventStore,
    private readonly year: number,
    private readonly versionQuery: VersionQuery,
  ) {}

  submit(claim: NumberClaim): Promise<AppendResult> {
    return new Promise((resolve, reject) => {
      this.queue.push({ ...claim, resolve, reject });
      void this.drain();
    });
  }

  private async drain(): Promise<void> {
    if (this.draining) return;
    this.draining = true;
    try {
      while (this.queue.length > 0) await this.commit(this.queue.splice(0, MAX_BATCH));
    } finally {
      this.draining = false;
    }
  }

  private async commit(batch: Waiting[]): Promise<void> {
    try {
      const counter = orderNumberStream(this.year);
      const version = this.knownVersion ?? (await counterVersion(this.store, this.versionQuery, counter));
      const writes: StreamWrite[] = [];
      const assigned: NewEvent[] = [];
      batch.forEach((claim, i) => {
        const number = version + 2 + i;
        writes.push(...claim.stockWrites, ...claim.orderWrites(formatOrderNumber(this.year, number)));
        assigned.push({ type: 'OrderNumberAssigned', data: { year: this.year, number, orderId: claim.orderId }, metadata: claim.metadata });
      });
      writes.push({ streamId: counter, events: assigned, expectedVersion: version < 0 ? 'no_stream' : version });
      const result = await this.store.appendMany(writes);
      this.knownVersion = version + batch.length;
      for (const claim of batch) claim.resolve(result);
    } catch (error) {
      this.knownVersion = null;
      for (const claim of batch) claim.reject(error);
    }
  }
}

const batchers = new WeakMap<EventStore, Map<number, OrderNumberBatcher>>();

/** The batcher of this instance for `year` on `store`. */
export function numberBatcher(store: EventStore, year: number, versionQuery: VersionQuery): OrderNumberBatcher {
  const byYear = batchers.get(store) ?? new Map<number, OrderNumberBatcher>();
  batchers.set(store, byYear);
  let batcher = byYear.get(year);
  if (!batcher) byYear.set(year, (batcher = new OrderNumberBatcher(store, year, versionQuery)));
  return batcher;
}
