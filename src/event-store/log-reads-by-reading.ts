import { jsonbText } from '../core/event-hash.js';
import { eventsOf, START, type ChainEntry, type EventQuery, type EventStore, type RecordedEvent, type StreamHead } from '../core/event-store.js';

/**
 * The event store port's audit reads for a store that answers only streams and the global order (EventStoreDB): each
 * reads the log through. Correct on any store, slow on a large one; the PostgreSQL adapter answers them with SQL.
 */
type Reader = Pick<EventStore, 'readAll' | 'readStream'>;

export async function* streamHeadsByReading(store: Reader): AsyncGenerator<StreamHead> {
  const last = new Map<string, StreamHead>();
  for await (const e of eventsOf(store)) last.set(e.streamId, { stream: e.streamId, version: e.streamVersion, hash: e.hash ?? '' });
  yield* [...last.values()].sort((a, b) => (a.stream < b.stream ? -1 : a.stream > b.stream ? 1 : 0));
}

export async function hashesAtByReading(store: Reader, places: { stream: string; version: number }[]): Promise<StreamHead[]> {
  const found: StreamHead[] = [];
  for (const place of places) {
    const event = (await store.readStream(place.stream, place.version))[0];
    if (event?.hash && event.streamVersion === place.version) found.push({ stream: place.stream, version: place.version, hash: event.hash });
  }
  return found;
}

const matches = (query: EventQuery, e: RecordedEvent) =>
  (!query.types || query.types.includes(e.type)) &&
  Object.entries(query.data ?? {}).every(([field, value]) => {
    // As PostgreSQL's data->>'field' = value: a scalar compared by its text.
    const found = (e.data as Record<string, unknown> | null)?.[field];
    return found !== null && found !== undefined && typeof found !== 'object' && String(found) === value;
  }) &&
  (!query.timeBetween || inWindow((e.data as Record<string, unknown> | null)?.[query.timeBetween.field], query.timeBetween));

/** As PostgreSQL's (data->>'field')::timestamptz between from (inclusive) and to (exclusive). */
function inWindow(found: unknown, window: { from: string; to: string }): boolean {
  const at = typeof found === 'string' ? Date.parse(found) : NaN;
  return !Number.isNaN(at) && at >= Date.parse(window.from) && at < Date.parse(window.to);
}

export async function findEventsByReading(store: Reader, query: EventQuery): Promise<RecordedEvent[]> {
  const out: RecordedEvent[] = [];
  const limit = query.limit ?? Infinity;
  if (query.streams) {
    const all = (await Promise.all([...new Set(query.streams)].map((s) => store.readStream(s)))).flat();
    all.sort((a, b) =>
      a.position.commit !== b.position.commit ? (a.position.commit < b.position.commit ? -1 : 1) : a.position.prepare < b.position.prepare ? -1 : 1,
    );
    return all.filter((e) => matches(query, e)).slice(0, limit);
  }
  for await (const e of eventsOf(store)) {
    if (!matches(query, e)) continue;
    out.push(e);
    if (out.length >= limit) break;
  }
  return out;
}

export async function* eventsByStreamByReading(store: Reader, types: readonly string[]): AsyncGenerator<RecordedEvent[]> {
  const byStream = new Map<string, RecordedEvent[]>();
  for await (const e of eventsOf(store, START, 2000)) {
    if (!types.includes(e.type)) continue;
    const list = byStream.get(e.streamId);
    if (list) list.push(e);
    else byStream.set(e.streamId, [e]);
  }
  yield* byStream.values();
}

/** Every event in log order (streams interleave), canonicalised like jsonb. */
export async function* chainEntriesByReading(store: Reader, batchSize = 1000): AsyncGenerator<ChainEntry> {
  for await (const event of eventsOf(store, START, batchSize)) {
    yield {
      streamId: event.streamId,
      version: event.streamVersion,
      eventId: event.id,
      type: event.type,
      dataText: jsonbText(event.data),
      metadataText: jsonbText(event.metadata),
      prevHash: event.prevHash ?? null,
      hash: event.hash ?? null,
    };
  }
}
