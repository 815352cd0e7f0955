import type { RecordedEvent } from '../src/core/event-store.js';

/**
 * Splits a batch into layers for set-based statements: an event goes to layer k when it is the k-th event of its key
 * (an order, a customer, a wishlist entry) in the batch. Each layer touches every key at most once, so its statements
 * commute, and each key's events keep their log order across layers.
 */
export function layersBy(events: readonly RecordedEvent[], key: (event: RecordedEvent) => string): RecordedEvent[][] {
  const seen = new Map<string, number>();
  const layers: RecordedEvent[][] = [];
  for (const event of events) {
    const k = key(event);
    const n = seen.get(k) ?? 0;
    seen.set(k, n + 1);
    (layers[n] ??= []).push(event);
  }
  return layers;
}

/** Events of one type in a layer, with their data typed by the caller. */
export function ofType<T>(layer: readonly RecordedEvent[], type: string): T[] {
  return layer.filter((e) => e.type === type).map((e) => e.data as T);
}
