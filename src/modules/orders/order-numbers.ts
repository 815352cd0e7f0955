import type { EventStore, NewEvent, StreamWrite } from '../../core/event-store.js';

/** One counter stream per year: the n-th OrderNumberAssigned is number n, claimed with expectedVersion n-2. */
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

/** The write that claims the next number; appended in the same atomic appendMany as the order, so numbers never repeat. */
export function claimNumberWrite(year: number, version: number, orderId: string, metadata: NewEvent['metadata']): { number: string; write: StreamWrite } {
  const n = version + 2;
  return {
    number: formatOrderNumber(year, n),
    write: {
      streamId: orderNumberStream(year),
      events: [{ type: 'OrderNumberAssigned', data: { year, number: n, orderId }, metadata }],
      expectedVersion: version < 0 ? 'no_stream' : version,
    },
  };
}
