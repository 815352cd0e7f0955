/**
 * A backup is one gzip file of newline-delimited JSON, in this order:
 *   header   {"backup":"anime-collectibles-store","format":1,...}    what was taken, when, from which store
 *   event    {"e":[stream,version,id,type,createdAt,prevHash,hash],"data":"<jsonb text>","metadata":"<jsonb text>"}
 *            every event of the log in log order; data and metadata kept as the database printed them (exact
 *            numbers, exact bytes), so the restored log hashes to the same chain
 *   row      {"table":"customer_credentials","row":"<jsonb text>"} one row of a source-of-truth table that is not in the
 *                                                                   log (source-tables.ts), read in the same snapshot
 *   media    {"media":"relative/path","b64":"..."}                 one local upload
 *   head     {"head":[stream,version,hash]}                          the audit anchor: every stream's chain head,
 *                                                                   read in the same snapshot as the events
 *   end      {"end":{...counts, anchorDigest, sha256}}               sha256 of every byte before this line
 * Nothing in it is needed to rebuild read models: they are replayed from the events on restore.
 */
export const BACKUP_KIND = 'anime-collectibles-store';
/** 2 added the row lines; files of format 1 (no rows) are still read. */
export const BACKUP_FORMAT = 2;
const READABLE_FORMATS: unknown[] = [1, 2];

export interface BackupHeader {
  backup: typeof BACKUP_KIND;
  format: 1 | 2;
  takenAt: string;
  eventStore: 'postgres';
  /** Migrations the source database had applied. */
  migrations: string[];
  /** Settings the store runs with that are not secrets (secrets only with --with-secrets). */
  settings: Record<string, string | number | boolean | null>;
  secrets?: { jwtSecret?: string };
}

export type EventTuple = [stream: string, version: number, id: string, type: string, createdAt: string, prevHash: string | null, hash: string];

export interface BackupTrailer {
  events: number;
  streams: number;
  media: number;
  /** Rows of source-of-truth tables (absent in format 1). */
  rows?: number;
  /** Digest of the anchor's heads (the same digest `npm run audit -- anchor` prints). */
  anchorDigest: string;
  /** SHA-256 (hex) of every byte of the uncompressed file before the trailer line. */
  sha256: string;
}

export type BackupLine =
  | { kind: 'header'; header: BackupHeader }
  | { kind: 'event'; event: EventTuple; data: string; metadata: string }
  | { kind: 'row'; table: string; row: string }
  | { kind: 'media'; path: string; b64: string }
  | { kind: 'head'; head: [string, number, string] }
  | { kind: 'end'; end: BackupTrailer };

/** Thrown for a file that must not be restored; the message says why. */
export class BackupRefused extends Error {}

export function parseLine(text: string, lineNumber: number): BackupLine {
  let value: Record<string, unknown>;
  try {
    value = JSON.parse(text) as Record<string, unknown>;
  } catch {
    throw new BackupRefused(`line ${lineNumber} is not JSON: the backup is damaged`);
  }
  if (Array.isArray(value.e) && typeof value.data === 'string' && typeof value.metadata === 'string')
    return { kind: 'event', event: value.e as EventTuple, data: value.data, metadata: value.metadata };
  if (Array.isArray(value.head)) return { kind: 'head', head: value.head as [string, number, string] };
  if (typeof value.table === 'string' && typeof value.row === 'string') return { kind: 'row', table: value.table, row: value.row };
  if (typeof value.media === 'string' && typeof value.b64 === 'string') return { kind: 'media', path: value.media, b64: value.b64 };
  if (value.backup === BACKUP_KIND) {
    if (!READABLE_FORMATS.includes(value.format))
      throw new BackupRefused(`backup format ${String(value.format)} is not one this version reads (${BACKUP_FORMAT})`);
    return { kind: 'header', header: value as unknown as BackupHeader };
  }
  if (value.end && typeof value.end === 'object') return { kind: 'end', end: value.end as BackupTrailer };
  throw new BackupRefused(`line ${lineNumber} is not a backup line`);
}
