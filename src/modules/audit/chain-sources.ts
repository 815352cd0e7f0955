import type pg from 'pg';
import { jsonbText } from '../../core/event-hash.js';
import { eventsOf, START, type EventStore } from '../../core/event-store.js';
import { streamLogRows } from './log-rows.js';
import type { ChainEntry } from './verify-chain.js';

interface ChainRow {
  stream_id: string;
  stream_version: number;
  event_id: string;
  type: string;
  data_text: string;
  metadata_text: string;
  prev_hash: string | null;
  hash: string | null;
}

/**
 * Every event of the PostgreSQL log grouped by stream in version order (the unique index walks it without a sort),
 * with data and metadata exactly as the database prints them, so the recomputed hash depends on nothing of ours.
 */
export async function* postgresChainEntries(pool: pg.Pool): AsyncGenerator<ChainEntry> {
  const rows = await streamLogRows(
    pool,
    `select stream_id, stream_version, event_id::text, type, data::text as data_text, metadata::text as metadata_text, prev_hash, hash
       from events order by stream_id, stream_version`,
    [],
  );
  for await (const row of rows as AsyncIterable<ChainRow>) {
    yield {
      streamId: row.stream_id,
      version: row.stream_version,
      eventId: row.event_id,
      type: row.type,
      dataText: row.data_text,
      metadataText: row.metadata_text,
      prevHash: row.prev_hash,
      hash: row.hash,
    };
  }
}

/** Every event of any event store in log order (streams interleave), canonicalised like jsonb (EventStoreDB). */
export async function* storeChainEntries(store: EventStore, batchSize = 1000): AsyncGenerator<ChainEntry> {
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
