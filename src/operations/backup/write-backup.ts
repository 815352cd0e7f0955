import { createHash } from 'node:crypto';
import { createReadStream, createWriteStream, existsSync } from 'node:fs';
import { readdir, readFile, rename, rm, stat } from 'node:fs/promises';
import path from 'node:path';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { createGzip } from 'node:zlib';
import type pg from 'pg';
import { backupEventLines, backupStreamHeads, backupTableRows } from '../../event-store/postgres-backup.js';
import { SOURCE_OF_TRUTH_TABLES } from '../../modules/backup/source-tables.js';
import { BACKUP_FORMAT, BACKUP_KIND, type BackupHeader, type BackupTrailer } from '../../modules/backup/format.js';

export interface BackupOptions {
  pool: pg.Pool;
  /** Local image storage to include (DATA_DIR/media); absent or empty folders are fine. */
  mediaDir: string | null;
  settings: BackupHeader['settings'];
  secrets?: BackupHeader['secrets'];
  /** Where the file goes; written beside it first and renamed, so a file at this path is always whole. */
  file: string;
}

export interface BackupResult extends Omit<BackupTrailer, 'sha256'> {
  file: string;
  bytes: number;
  /** SHA-256 of the file as written (compressed): what an operator records to check a copy. */
  fileSha256: string;
  /** SHA-256 of the content, as stored in the trailer. */
  contentSha256: string;
}

async function* mediaFiles(root: string): AsyncGenerator<string> {
  if (!existsSync(root)) return;
  const entries = await readdir(root, { recursive: true, withFileTypes: true });
  const files = entries.filter((e) => e.isFile()).map((e) => path.relative(root, path.join(e.parentPath, e.name)));
  files.sort();
  yield* files;
}

/**
 * The whole backup as lines. The log and the anchor are read in one REPEATABLE READ snapshot: the file holds exactly
 * the transactions committed when it started (never half of one), however many orders are placed meanwhile.
 */
async function* backupLines(options: BackupOptions, client: pg.PoolClient, counts: BackupTrailer): AsyncGenerator<string | Buffer> {
  const content = createHash('sha256');
  const anchor = createHash('sha256');
  const emit = (line: string) => {
    const text = `${line}\n`;
    content.update(text);
    return text;
  };
  const newline = Buffer.from('\n');
  const migrations = (await client.query<{ name: string }>('select name from schema_migrations order by name')).rows.map((r) => r.name);
  const header: BackupHeader = {
    backup: BACKUP_KIND,
    format: BACKUP_FORMAT,
    takenAt: new Date().toISOString(),
    eventStore: 'postgres',
    migrations,
    settings: options.settings,
    ...(options.secrets ? { secrets: options.secrets } : {}),
  };
  yield emit(JSON.stringify(header));
  for await (const line of backupEventLines(client)) {
    counts.events += 1;
    content.update(line).update(newline);
    yield line;
    yield newline;
  }
  for (const table of SOURCE_OF_TRUTH_TABLES) {
    for await (const r of backupTableRows(client, table)) {
      counts.rows = (counts.rows ?? 0) + 1;
      yield emit(`{"table":${JSON.stringify(table)},"row":${JSON.stringify(r.row)}}`);
    }
  }
  if (options.mediaDir) {
    for await (const relative of mediaFiles(options.mediaDir)) {
      const bytes = await readFile(path.join(options.mediaDir, relative));
      counts.media += 1;
      yield emit(JSON.stringify({ media: relative.split(path.sep).join('/'), b64: bytes.toString('base64') }));
    }
  }
  for await (const h of backupStreamHeads(client)) {
    counts.streams += 1;
    anchor.update(`${h.stream_id}\n${h.stream_version}\n${h.hash}\n`);
    yield emit(JSON.stringify({ head: [h.stream_id, h.stream_version, h.hash] }));
  }
  counts.anchorDigest = anchor.digest('hex');
  counts.sha256 = content.digest('hex');
  yield `${JSON.stringify({ end: counts })}\n`;
}

/** Joins lines into ~256 KB chunks: one stream write per line costs more than the backup itself. */
async function* chunked(lines: AsyncIterable<string | Buffer>, size = 256 * 1024): AsyncGenerator<Buffer> {
  let pending: Buffer[] = [];
  let length = 0;
  for await (const line of lines) {
    const bytes = typeof line === 'string' ? Buffer.from(line, 'utf8') : line;
    pending.push(bytes);
    length += bytes.length;
    if (length >= size) {
      yield Buffer.concat(pending, length);
      pending = [];
      length = 0;
    }
  }
  if (pending.length > 0) yield Buffer.concat(pending, length);
}

async function fileSha256(file: string): Promise<string> {
  const hash = createHash('sha256');
  for await (const chunk of createReadStream(file)) hash.update(chunk as Buffer);
  return hash.digest('hex');
}

/** Writes one consistent backup file of the PostgreSQL log, local images and settings; memory stays flat. */
export async function writeBackup(options: BackupOptions): Promise<BackupResult> {
  const partial = `${options.file}.partial`;
  const counts: BackupTrailer = { events: 0, streams: 0, media: 0, rows: 0, anchorDigest: '', sha256: '' };
  const client = await options.pool.connect();
  let failed: Error | undefined;
  try {
    await client.query('begin isolation level repeatable read read only');
    const lines = chunked(backupLines(options, client, counts));
    await pipeline(Readable.from(lines, { objectMode: false }), createGzip({ level: 3 }), createWriteStream(partial, { mode: 0o600 }));
    await client.query('commit');
  } catch (error) {
    failed = error as Error;
    await rm(partial, { force: true });
    throw error;
  } finally {
    client.release(failed);
  }
  await rename(partial, options.file);
  const { size } = await stat(options.file);
  const fileSha = await fileSha256(options.file);
  const { sha256, ...rest } = counts;
  return { file: options.file, bytes: size, fileSha256: fileSha, contentSha256: sha256, ...rest };
}
