import type { RecordedEvent } from '../core/event-store.js';

/** A row of `events` as EVENT_COLUMNS selects it. */
export interface EventRow {
  gp: string;
  tx: string;
  stream_id: string;
  stream_version: number;
  event_id: string;
  type: string;
  data: unknown;
  metadata: RecordedEvent['metadata'];
  created_at: Date;
  prev_hash: string | null;
  hash: string;
}

export function toRecorded(row: EventRow): RecordedEvent {
  return {
    id: row.event_id,
    streamId: row.stream_id,
    streamVersion: row.stream_version,
    type: row.type,
    data: row.data,
    metadata: row.metadata,
    position: { commit: BigInt(row.tx), prepare: BigInt(row.gp) },
    createdAt: row.created_at.toISOString(),
    hash: row.hash,
    prevHash: row.prev_hash,
  };
}

/** The columns of an EventRow (order by `events.transaction_id`, not the text alias `tx`). */
export const EVENT_COLUMNS = `global_position::text as gp, transaction_id::text as tx, stream_id, stream_version, event_id, type, data, metadata, created_at, prev_hash, hash`;
