import type { EventStore } from '../../core/event-store.js';

/** One counter stream per year: the n-th OrderNumberAssigned is number n (claimed by number-batcher.ts). */
export const orderNumberStream = (year: number) => `order-numbers-${year}`;

export const formatOrderNumber = (year: number, n: number) => `AC-${year}-${String(n).padStart(6, '0')}`;

/** The counter's current version (-1 when empty); PostgreSQL answers from the unique index without reading the stream. */
export async function counterVersion(store: EventStore, query: ((sql: string, values: unknown[]) => Promise<{ rows: { v: number }[] }>) | null, streamId: string): Promise<number> {
  if (store.kind === 'postgres' && query) {
    const r = await query('select coalesce(max(stream_version), -1)::int as v from events where stream_id = $1', [streamId]);
    return r.rows[0]!.v;
  }
  return (await store.readStream(streamId)).length - 1;
}
