import { Transform, type Readable } from 'node:stream';
import Papa from 'papaparse';
import type pg from 'pg';
import { streamLogRows } from './log-rows.js';

export type ExportFormat = 'ndjson' | 'csv';

interface ExportRow {
  position: string;
  transaction_id: string;
  stream_id: string;
  stream_version: number;
  event_id: string;
  type: string;
  recorded_at: string;
  data_text: string;
  /** The data had a password hash (an older log), taken out: its hash can be checked on the server, not from here. */
  redacted: boolean;
  metadata_text: string;
  prev_hash: string | null;
  hash: string;
}

export const CSV_COLUMNS = ['position', 'transactionId', 'stream', 'version', 'eventId', 'type', 'recordedAt', 'data', 'metadata', 'prevHash', 'hash'] as const;

/** One NDJSON line; data and metadata go out as the database prints them (the text the hash was computed over). */
function ndjsonLine(r: ExportRow): string {
  return `{"position":${JSON.stringify(r.position)},"transactionId":${JSON.stringify(r.transaction_id)},"stream":${JSON.stringify(r.stream_id)},"version":${r.stream_version},"eventId":${JSON.stringify(r.event_id)},"type":${JSON.stringify(r.type)},"recordedAt":${JSON.stringify(r.recorded_at)},"data":${r.data_text},"metadata":${r.metadata_text},"prevHash":${JSON.stringify(r.prev_hash)},"hash":${JSON.stringify(r.hash)}${r.redacted ? ',"redacted":["passwordHash"]' : ''}}\n`;
}

function csvLine(r: ExportRow): string {
  const fields = [r.position, r.transaction_id, r.stream_id, r.stream_version, r.event_id, r.type, r.recorded_at, r.data_text, r.metadata_text, r.prev_hash ?? '', r.hash];
  return `${Papa.unparse([fields], { newline: '\r\n' })}\r\n`;
}

/**
 * The events recorded in [from, to) in log order — (transaction id, position), the order every subscriber replays —
 * as NDJSON or CSV with their hashes. Rows come through a server-side cursor in batches with back-pressure, so the
 * window is never held in memory, whatever its size. Only events of transactions older than every running one are
 * included (as subscribers see the log), so the export is a stable prefix of the log.
 */
export async function exportEvents(pool: pg.Pool, window: { from: Date; to: Date }, format: ExportFormat): Promise<Readable> {
  const rows = await streamLogRows(
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
  let header = format === 'csv';
  const toLines = new Transform({
    writableObjectMode: true,
    transform(row: ExportRow, _encoding, done) {
      let out = format === 'csv' ? csvLine(row) : ndjsonLine(row);
      if (header) {
        out = `${CSV_COLUMNS.join(',')}\r\n${out}`;
        header = false;
      }
      done(null, out);
    },
    flush(done) {
      done(null, header ? `${CSV_COLUMNS.join(',')}\r\n` : undefined);
    },
  });
  rows.on('error', (error) => toLines.destroy(error));
  toLines.on('close', () => {
    if (!rows.destroyed) rows.destroy();
  });
  return rows.pipe(toLines);
}
