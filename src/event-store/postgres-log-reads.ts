import type { Readable } from 'node:stream';
import type pg from 'pg';
import { START, type ChainEntry, type EventQuery, type GlobalPosition, type RecordedEvent, type StreamHead } from '../core/event-store.js';
import { streamLogRows } from './log-rows.js';
import { EVENT_COLUMNS, toRecorded, type EventRow } from './postgres-rows.js';

/**
 * The PostgreSQL adapter's reads beyond streams and the global order: what audit, backup checks, the live feed and
 * the order numbers need, each answered by the database (an index walk or a cursor) rather than by reading the log
 * through.
 */

export async function streamVersion(pool: pg.Pool | pg.PoolClient, streamId: string): Promise<number> {
  const r = await pool.query<{ v: number }>('select coalesce(max(stream_version), -1)::int as v from events where stream_id = $1', [streamId]);
  return r.rows[0]!.v;
}

export async function headPosition(pool: pg.Pool): Promise<GlobalPosition> {
  const { rows } = await pool.query<{ tx: string; gp: string }>(
    `select transaction_id::text as tx, global_position::text as gp from events
      where transaction_id < pg_snapshot_xmin(pg_current_snapshot())
      order by transaction_id desc, global_position desc limit 1`,
  );
  return rows[0] ? { commit: BigInt(rows[0].tx), prepare: BigInt(rows[0].gp) } : START;
}

/** Every stream's last event and its hash: one index walk. */
export async function* streamHeads(pool: pg.Pool): AsyncGenerator<StreamHead> {
  const rows = await streamLogRows(
    pool,
    'select distinct on (stream_id) stream_id as stream, stream_version as version, hash from events order by stream_id, stream_version desc',
    [],
  );
  for await (const row of rows as AsyncIterable<StreamHead>) yield { stream: row.stream, version: row.version, hash: row.hash };
}

export async function hashesAt(pool: pg.Pool, places: { stream: string; version: number }[]): Promise<StreamHead[]> {
  const found: StreamHead[] = [];
  for (let i = 0; i < places.length; i += 5000) {
    const slice = places.slice(i, i + 5000);
    const { rows } = await pool.query<{ stream_id: string; stream_version: number; hash: string }>(
      `select e.stream_id, e.stream_version, e.hash from events e
         join unnest($1::text[], $2::int[]) as h(stream, version) on e.stream_id = h.stream and e.stream_version = h.version`,
      [slice.map((h) => h.stream), slice.map((h) => h.version)],
    );
    for (const r of rows) found.push({ stream: r.stream_id, version: r.stream_version, hash: r.hash });
  }
  return found;
}

export async function findEvents(pool: pg.Pool, query: EventQuery): Promise<RecordedEvent[]> {
  const where: string[] = [];
  const values: unknown[] = [];
  const param = (value: unknown) => {
    values.push(value);
    return `$${values.length}`;
  };
  if (query.streams) where.push(`stream_id = any(${param(query.streams)}::text[])`);
  if (query.types) where.push(`type = any(${param(query.types)}::text[])`);
  for (const [field, value] of Object.entries(query.data ?? {})) where.push(`data->>${param(field)}::text = ${param(value)}::text`);
  if (query.timeBetween) {
    const { field, from, to } = query.timeBetween;
    const time = `(data->>${param(field)}::text)::timestamptz`;
    where.push(`${time} >= ${param(from)}::timestamptz and ${time} < ${param(to)}::timestamptz`);
  }
  const { rows } = await pool.query<EventRow>(
    `select ${EVENT_COLUMNS} from events ${where.length > 0 ? `where ${where.join(' and ')}` : ''}
      order by events.transaction_id, events.global_position${query.limit ? ` limit ${param(query.limit)}::int` : ''}`,
    values,
  );
  return rows.map(toRecorded);
}

/** The events of these types sorted by stream: one cursor, memory holds one stream at a time. */
export async function* eventsByStream(pool: pg.Pool, types: readonly string[]): AsyncGenerator<RecordedEvent[]> {
  const rows = await streamLogRows(pool, `select ${EVENT_COLUMNS} from events where type = any($1::text[]) order by events.stream_id, events.stream_version`, [
    types,
  ]);
  let current: RecordedEvent[] = [];
  for await (const row of rows as AsyncIterable<EventRow>) {
    const event = toRecorded(row);
    if (current.length > 0 && current[0]!.streamId !== event.streamId) {
      yield current;
      current = [];
    }
    current.push(event);
  }
  if (current.length > 0) yield current;
}

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
 * Every event grouped by stream in version order (the unique index walks it without a sort), with data and metadata
 * exactly as the database prints them, so the recomputed hash depends on nothing of ours.
 */
export async function* chainEntries(pool: pg.Pool): AsyncGenerator<ChainEntry> {
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

/**
 * The events recorded in [from, to) in log order — (transaction id, position), the order every subscriber replays —
 * through a server-side cursor with back-pressure. Only events of transactions older than every running one are
 * included (as subscribers see the log), so the export is a stable prefix of the log.
 */
export function exportWindow(pool: pg.Pool, window: { from: Date; to: Date }): Promise<Readable> {
  return streamLogRows(
    pool,
    `select global_position::text as position, transaction_id::text, stream_id, stream_version, event_id::text, type,
            to_char(created_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"') as recorded_at,
            -- Credentials never leave: logs from before customer_credentials carry password hashes in two event types.
            (data - 'passwordHash')::text as data_text, data ? 'passwordHash' as redacted,
            metadata::text as metadata_text, prev_hash, hash
       from events
      where created_at >= $1 and created_at < $2
        and transaction_id < pg_snapshot_xmin(pg_current_snapshot())
      order by events.transaction_id, events.global_position -- the columns, not the text aliases of the select list`,
    [window.from, window.to],
  );
}
