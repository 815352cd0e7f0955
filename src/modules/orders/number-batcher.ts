import type { AppendResult, EventStore, NewEvent, StreamWrite } from '../../core/event-store.js';
import { formatOrderNumber, orderNumberStream } from './order-numbers.js';

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
      while (this.queue.length > 0) await this.commit(this.nextBatch());
    } finally {
      this.draining = false;
    }
  }

  /**
   * Up to MAX_BATCH claims, in order, none writing a stream an earlier one in the batch writes: one append writes each
   * stream once. (The caller's in-process lock normally keeps two claims on one product apart; without it, or on a
   * runtime that has none, the later claim waits for the next append and its stale expectedVersion sends it back to
   * re-decide.)
   */
  private nextBatch(): Waiting[] {
    const batch: Waiting[] = [];
    const streams = new Set<string>();
    for (let i = 0; i < this.queue.length && batch.length < MAX_BATCH;) {
      const claim = this.queue[i]!;
      const own = claim.stockWrites.map((w) => w.streamId);
      if (own.some((s) => streams.has(s))) {
        i++;
        continue;
      }
      for (const s of own) streams.add(s);
      batch.push(...this.queue.splice(i, 1));
    }
    return batch;
  }

  private async commit(batch: Waiting[]): Promise<void> {
    try {
      const counter = orderNumberStream(this.year);
      const version = this.knownVersion ?? (await this.store.streamVersion(counter));
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
export function numberBatcher(store: EventStore, year: number): OrderNumberBatcher {
  const byYear = batchers.get(store) ?? new Map<number, OrderNumberBatcher>();
  batchers.set(store, byYear);
  let batcher = byYear.get(year);
  if (!batcher) byYear.set(year, (batcher = new OrderNumberBatcher(store, year)));
  return batcher;
}
