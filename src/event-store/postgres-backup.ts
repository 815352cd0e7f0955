import type pg from 'pg';
import QueryStream from 'pg-query-stream';

/**
 * The SQL a backup of the PostgreSQL log runs: read inside the backup's own REPEATABLE READ transaction (`client`),
 * and loaded back inside the restore's transaction, where the append trigger recomputes every hash.
 */

/** One event of the log as the backup keeps it: data and metadata as the database prints them. */
export interface BackupEventRow {
  stream_id: string;
  stream_version: number;
  event_id: string;
  type: string;
  created_at: string;
  prev_hash: string | null;
  hash: string;
  data_text: string;
  metadata_text: string;
}

async function* cursor<T>(client: pg.PoolClient, text: string, values: unknown[] = [], batchSize = 1000): AsyncGenerator<T> {
  const stream = client.query(new QueryStream(text, values, { batchSize, highWaterMark: batchSize }));
  for await (const row of stream as AsyncIterable<T>) yield row;
}

/** Every event in log order. */
export function backupEventRows(client: pg.PoolClient): AsyncGenerator<BackupEventRow> {
  return cursor<BackupEventRow>(
    client,
    `select stream_id, stream_version, event_id::text, type, created_at::text as created_at, prev_hash, hash,
            data::text as data_text, metadata::text as metadata_text
       from events order by events.transaction_id, events.global_position`,
  );
}

/** Every stream's last event and its hash, sorted by stream. */
export function backupStreamHeads(client: pg.PoolClient): AsyncGenerator<{ stream_id: string; stream_version: number; hash: string }> {
  return cursor(client, 'select distinct on (stream_id) stream_id, stream_version, hash from events order by stream_id, stream_version desc');
}

/** Every row of one source-of-truth table (a name from the backup's own list, never user input) as JSON text. */
export function backupTableRows(client: pg.PoolClient, table: string): AsyncGenerator<{ row: string }> {
  return cursor(client, `select to_jsonb(t)::text as row from "${table}" t order by 1`);
}

export async function logIsEmpty(pool: pg.Pool): Promise<boolean> {
  return !(await pool.query('select 1 from events limit 1')).rowCount;
}

/** An event to restore: [stream, version, id, type, createdAt, …] and its data and metadata text. */
export interface RestoredEvent {
  stream: string;
  version: number;
  id: string;
  type: string;
  createdAt: string;
  data: string;
  metadata: string;
}

/** Appends one batch in log order; answers the hash the append trigger computed for each event id. */
export async function insertRestoredEvents(client: pg.PoolClient, batch: RestoredEvent[]): Promise<Map<string, string>> {
  const column = <T>(pick: (e: RestoredEvent) => T) => batch.map(pick);
  const { rows } = await client.query<{ event_id: string; hash: string }>(
    `insert into events (stream_id, stream_version, event_id, type, created_at, data, metadata)
     select * from unnest($1::text[], $2::int[], $3::uuid[], $4::text[], $5::timestamptz[], $6::jsonb[], $7::jsonb[])
     returning event_id::text, hash`,
    [column((e) => e.stream), column((e) => e.version), column((e) => e.id), column((e) => e.type), column((e) => e.createdAt), column((e) => e.data), column((e) => e.metadata)],
  );
  return new Map(rows.map((r) => [r.event_id, r.hash]));
}

/** For each (stream, version): the hash stored there (null: none) and whether the stream goes on past it. */
export async function restoredHeads(client: pg.PoolClient, heads: { stream: string; version: number }[]): Promise<{ stream: string; version: number; hash: string | null; later: boolean }[]> {
  const { rows } = await client.query<{ stream: string; version: number; hash: string | null; later: boolean }>(
    `select h.stream, h.version, e.hash,
            exists (select 1 from events n where n.stream_id = h.stream and n.stream_version = h.version + 1) as later
       from unnest($1::text[], $2::int[]) as h(stream, version)
       left join events e on e.stream_id = h.stream and e.stream_version = h.version`,
    [heads.map((h) => h.stream), heads.map((h) => h.version)],
  );
  return rows;
}

export async function logCounts(client: pg.PoolClient): Promise<{ streams: number; events: number }> {
  const { rows } = await client.query<{ streams: number; events: number }>('select count(distinct stream_id)::int as streams, count(*)::int as events from events');
  return rows[0]!;
}
