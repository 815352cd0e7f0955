import type pg from 'pg';
import copyBinary from 'pg-copy-streams-binary';
import { to as copyTo } from 'pg-copy-streams';
import QueryStream from 'pg-query-stream';
import { pipeline } from 'node:stream/promises';

/**
 * The SQL a backup of the PostgreSQL log runs: read inside the backup's own REPEATABLE READ transaction (`client`),
 * and loaded back inside the restore's transaction, where the append trigger recomputes every hash.
 */

/**
 * The rows of `query` through `COPY (…) TO STDOUT (FORMAT binary)`, each as its fields' raw bytes (text columns: UTF-8,
 * null for NULL): the server streams them without a cursor's round trips, and nothing is escaped or decoded.
 */
async function* copyOut(client: pg.PoolClient, query: string): AsyncGenerator<(Buffer | null)[]> {
  const reader = copyBinary.rowReader();
  const copied = pipeline(client.query(copyTo(`copy (${query}) to stdout (format binary)`)), reader);
  copied.catch(() => undefined); // its error ends the loop below too
  // Without a mapping the reader hands each field as a BufferList; slice() gives its bytes as one Buffer.
  for await (const row of reader as AsyncIterable<({ slice(): Buffer } | null)[]>) yield row.map((field) => (field === null ? null : field.slice()));
  await copied;
}

/**
 * Every event in log order, each as its backup line (format.ts), built by the server: the tuple
 * [stream, version, id, type, createdAt, prevHash, hash], and data and metadata as JSON strings of the text the
 * database prints for them (exact numbers, exact bytes), so the restored log hashes to the same chain.
 */
export async function* backupEventLines(client: pg.PoolClient): AsyncGenerator<Buffer> {
  const lines = copyOut(
    client,
    `select concat('{"e":[', to_json(stream_id), ',', stream_version, ',"', event_id, '",', to_json(type), ',"', created_at, '",',
                   coalesce(to_json(prev_hash)::text, 'null'), ',', to_json(hash), '],"data":', to_json(data::text), ',"metadata":',
                   to_json(metadata::text), '}')
       from events order by events.transaction_id, events.global_position`,
  );
  for await (const [line] of lines) yield line!;
}

async function* cursor<T>(client: pg.PoolClient, text: string, values: unknown[] = [], batchSize = 1000): AsyncGenerator<T> {
  const stream = client.query(new QueryStream(text, values, { batchSize, highWaterMark: batchSize }));
  for await (const row of stream as AsyncIterable<T>) yield row;
}

/** Every stream's last event and its hash, sorted by stream. */
export async function* backupStreamHeads(client: pg.PoolClient): AsyncGenerator<{ stream_id: string; stream_version: number; hash: string }> {
  // The version goes out as text under another name: ORDER BY would otherwise sort by that text ('9' after '10').
  const heads = copyOut(
    client,
    'select distinct on (stream_id) stream_id, stream_version::text as version, hash from events order by events.stream_id, events.stream_version desc',
  );
  for await (const [stream, version, hash] of heads)
    yield { stream_id: stream!.toString('utf8'), stream_version: Number(version!.toString()), hash: hash!.toString() };
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
    [
      column((e) => e.stream),
      column((e) => e.version),
      column((e) => e.id),
      column((e) => e.type),
      column((e) => e.createdAt),
      column((e) => e.data),
      column((e) => e.metadata),
    ],
  );
  return new Map(rows.map((r) => [r.event_id, r.hash]));
}

/** For each (stream, version): the hash stored there (null: none) and whether the stream goes on past it. */
export async function restoredHeads(
  client: pg.PoolClient,
  heads: { stream: string; version: number }[],
): Promise<{ stream: string; version: number; hash: string | null; later: boolean }[]> {
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
  const { rows } = await client.query<{ streams: number; events: number }>(
    'select count(distinct stream_id)::int as streams, count(*)::int as events from events',
  );
  return rows[0]!;
}
