import { Transform, type Readable } from 'node:stream';
import Papa from 'papaparse';
import type { EventStore, LogExportRow } from '../../core/event-store.js';

export type ExportFormat = 'ndjson' | 'csv';

type ExportRow = LogExportRow;

export const CSV_COLUMNS = ['position', 'transactionId', 'stream', 'version', 'eventId', 'type', 'recordedAt', 'data', 'metadata', 'prevHash', 'hash'] as const;

/** One NDJSON line; data and metadata go out as the database prints them (the text the hash was computed over). */
function ndjsonLine(r: ExportRow): string {
  return `{"position":${JSON.stringify(r.position)},"transactionId":${JSON.stringify(r.transaction_id)},"stream":${JSON.stringify(r.stream_id)},"version":${r.stream_version},"eventId":${JSON.stringify(r.event_id)},"type":${JSON.stringify(r.type)},"recordedAt":${JSON.stringify(r.recorded_at)},"data":${r.data_text},"metadata":${r.metadata_text},"prevHash":${JSON.stringify(r.prev_hash)},"hash":${JSON.stringify(r.hash)}${r.redacted ? ',"redacted":["passwordHash"]' : ''}}\n`;
}

function csvLine(r: ExportRow): string {
  const fields = [
    r.position,
    r.transaction_id,
    r.stream_id,
    r.stream_version,
    r.event_id,
    r.type,
    r.recorded_at,
    r.data_text,
    r.metadata_text,
    r.prev_hash ?? '',
    r.hash,
  ];
  return `${Papa.unparse([fields], { newline: '\r\n' })}\r\n`;
}

/**
 * The events recorded in [from, to) in log order (the order every subscriber replays) as NDJSON or CSV with their
 * hashes. The store streams the rows with back-pressure, so the window is never held in memory, whatever its size.
 * Null where the store cannot export its own log (EventStoreDB).
 */
export async function exportEvents(store: Pick<EventStore, 'exportWindow'>, window: { from: Date; to: Date }, format: ExportFormat): Promise<Readable | null> {
  if (!store.exportWindow) return null;
  const rows = await store.exportWindow(window);
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
  rows.on('error', (error: Error) => toLines.destroy(error));
  toLines.on('close', () => {
    if (!rows.destroyed) rows.destroy();
  });
  return rows.pipe(toLines);
}
