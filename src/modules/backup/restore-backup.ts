import { SOURCE_OF_TRUTH_TABLES } from './source-tables.js';
import { mkdir, readdir, rename, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type pg from 'pg';
import type { EventStore } from '../../core/event-store.js';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { from as copyFrom } from 'pg-copy-streams';
import { BackupRefused, type BackupHeader, type BackupLine, type BackupTrailer } from './format.js';
import { BackupChecker, checkedLines, readHeader } from './read-backup.js';
import { checkAnchor, verifyChains, withoutHashTrigger } from './verify-restored-log.js';

/** A read model rebuilt by replay: its name, the events it applied and the seconds it spent applying them. */
export interface RebuiltReadModel {
  name: string;
  events: number;
  seconds: number;
}

/** What rebuilds the read models once the log is restored (the app's projection runner: the app wires projectors). */
export interface ReadModelRebuilder {
  rebuildAll(options: { onRead?: (seconds: number) => void }): Promise<RebuiltReadModel[]>;
}

export interface RestoreOptions {
  pool: pg.Pool;
  store: EventStore;
  readModels: ReadModelRebuilder;
  file: string;
  /** Where local images go (DATA_DIR/media); must not hold files yet. */
  mediaDir: string;
  /**
   * Told when each phase ends (the bench prints them): 'loaded' (the file read once and checked, its events copied
   * into the log with their recorded hashes), 'verified' (every hash recomputed and compared, the anchor checked,
   * committed), 'replayed' (every read model rebuilt).
   */
  onPhase?: (phase: 'loaded' | 'verified' | 'replayed') => void;
  /** Told how long the replay waited for the log to be read (the bench prints it). */
  onReplayRead?: (seconds: number) => void;
}

export interface RestoreReport {
  header: BackupHeader;
  events: number;
  streams: number;
  media: number;
  /** Rows of source-of-truth tables restored. */
  rows: number;
  readModels: RebuiltReadModel[];
}

/** One value in COPY's text format: backslash, tab, newline and carriage return escaped. */
const copyText = (value: string) => value.replace(/[\\\t\n\r]/g, (c) => (c === '\\' ? '\\\\' : c === '\t' ? '\\t' : c === '\n' ? '\\n' : '\\r'));

/**
 * The events of the file, as COPY rows for `events` (its recorded prev_hash and hash included, verified by
 * verifyChains before commit), in ~256 KB chunks; stops at the first line that is not an event and leaves it in `rest`
 * for the caller.
 */
async function* copyRows(lines: AsyncIterator<BackupLine>, rest: { line: BackupLine | null }): AsyncGenerator<Buffer> {
  let pending: string[] = [];
  let length = 0;
  for (;;) {
    const next = await lines.next();
    if (next.done || next.value.kind !== 'event') {
      rest.line = next.done ? null : next.value;
      break;
    }
    const [stream, version, id, type, createdAt, prevHash, hash] = next.value.event;
    const prev = prevHash === null ? '\\N' : copyText(String(prevHash));
    const row = `${copyText(stream)}\t${version}\t${copyText(id)}\t${copyText(type)}\t${copyText(createdAt)}\t${copyText(next.value.data)}\t${copyText(next.value.metadata)}\t${prev}\t${copyText(hash)}\n`;
    pending.push(row);
    length += row.length;
    if (length >= 256 * 1024) {
      yield Buffer.from(pending.join(''), 'utf8');
      pending = [];
      length = 0;
    }
  }
  if (pending.length > 0) yield Buffer.from(pending.join(''), 'utf8');
}

/** Restores rows of source-of-truth tables (declared in source-tables.ts, checked by checkBackup) as they were. */
async function loadRows(client: pg.PoolClient, table: string, rows: string[]): Promise<void> {
  await client.query(`insert into "${table}" select * from jsonb_populate_recordset(null::"${table}", $1::jsonb)`, [`[${rows.join(',')}]`]);
}

/**
 * Moves every sequence a restored table's columns draw from (a bigserial id, as in retention_access_log) past the
 * largest restored value: rows inserted after the restore would otherwise be given the ids of restored rows.
 */
async function resetSequences(client: pg.PoolClient, table: string): Promise<void> {
  const { rows } = await client.query<{ column_name: string; sequence: string }>(
    `select a.attname as column_name, pg_get_serial_sequence(quote_ident($1), a.attname) as sequence
       from pg_attribute a where a.attrelid = quote_ident($1)::regclass and a.attnum > 0 and not a.attisdropped
        and pg_get_serial_sequence(quote_ident($1), a.attname) is not null`,
    [table],
  );
  for (const { column_name: column, sequence } of rows) {
    await client.query(`select setval($1::regclass, coalesce((select max("${column}") from "${table}"), 0) + 1, false)`, [sequence]);
  }
}

/** Stages anchored heads for checkAnchor. */
async function stageHeads(client: pg.PoolClient, heads: [string, number, string][]): Promise<void> {
  await client.query('insert into restore_heads select * from unnest($1::text[], $2::int[], $3::text[])', [
    heads.map((h) => h[0]),
    heads.map((h) => h[1]),
    heads.map((h) => h[2]),
  ]);
}

/** A value the database cannot take (bad UUID, JSON, time) in a file not yet fully checked is a damaged file. */
function damaged(error: unknown): unknown {
  const code = (error as { code?: string }).code ?? '';
  return /^(22|23)/.test(code) ? new BackupRefused(`the backup is damaged (${(error as Error).message})`) : error;
}

function mediaTarget(root: string, relative: string): string {
  const target = path.resolve(root, relative);
  if (relative.includes('\0') || path.isAbsolute(relative) || !target.startsWith(path.resolve(root) + path.sep)) {
    throw new BackupRefused(`image path ${JSON.stringify(relative)} leaves the media folder: the backup was edited`);
  }
  return target;
}

/**
 * Restores a backup into an empty store in one transaction (a refusal leaves the database and the media folder
 * empty): reads the file once, checking it line by line and copying its events into the log with their recorded
 * hashes (the hash trigger off in this transaction only); once the whole file checks out, recomputes every hash and
 * link from the rows as stored (verify-restored-log.ts), checks the anchor, commits, moves the images in place, then
 * rebuilds every read model by replay.
 */
export async function restoreBackup(options: RestoreOptions): Promise<RestoreReport> {
  const header = await readHeader(options.file);
  const { pool } = options;
  const applied = new Set((await pool.query<{ name: string }>('select name from schema_migrations')).rows.map((r) => r.name));
  const unknown = header.migrations.filter((m) => !applied.has(m));
  if (unknown.length > 0) throw new BackupRefused(`the backup comes from a newer version of the store (migrations ${unknown.join(', ')}): upgrade first`);
  if ((await pool.query('select 1 from events limit 1')).rowCount)
    throw new BackupRefused('the target already holds events: restore into an empty data folder or database');

  const existing = await readdir(options.mediaDir).catch(() => [] as string[]);
  if (existing.length > 0) throw new BackupRefused(`${options.mediaDir} already holds images: restore into an empty data folder`);
  const staging = `${options.mediaDir}.restoring`;
  await rm(staging, { recursive: true, force: true });
  const client = await pool.connect();
  let failed: Error | undefined;
  let trailer: BackupTrailer;
  try {
    await client.query('begin');
    // An empty target may hold what its own start generated (its e-mail index key, personal_data_keys): the backup's
    // source-of-truth rows replace it, as the log they belong to does.
    for (const table of SOURCE_OF_TRUTH_TABLES) await client.query(`delete from "${table}"`);
    await client.query('create temp table restore_heads (stream text, version int, hash text) on commit drop');
    // One pass over the file: every line is checked as it is read (the verdict comes at its end, before anything is
    // committed); the events go straight into the log with COPY, recorded hashes included, the rest where it belongs.
    const checker = new BackupChecker();
    const lines = checkedLines(options.file, checker)[Symbol.asyncIterator]();
    try {
      await lines.next(); // the header
      const rest: { line: BackupLine | null } = { line: null };
      await withoutHashTrigger(client, () =>
        pipeline(
          Readable.from(copyRows(lines, rest)),
          client.query(copyFrom('copy events (stream_id, stream_version, event_id, type, created_at, data, metadata, prev_hash, hash) from stdin')),
        ),
      );
      let heads: [string, number, string][] = [];
      let tableRows: { table: string; rows: string[] } = { table: '', rows: [] };
      const flushRows = async () => {
        if (tableRows.rows.length > 0) await loadRows(client, tableRows.table, tableRows.rows);
        tableRows = { table: '', rows: [] };
      };
      for (let line = rest.line; line; line = await lines.next().then((n) => (n.done ? null : n.value))) {
        if (line.kind === 'row') {
          if (line.table !== tableRows.table || tableRows.rows.length >= 1000) await flushRows();
          tableRows.table = line.table;
          tableRows.rows.push(line.row);
          continue;
        }
        await flushRows();
        if (line.kind === 'media') {
          const target = mediaTarget(staging, line.path);
          await mkdir(path.dirname(target), { recursive: true });
          await writeFile(target, Buffer.from(line.b64, 'base64'));
        } else if (line.kind === 'head') {
          heads.push(line.head);
          if (heads.length >= 5000) {
            await stageHeads(client, heads);
            heads = [];
          }
        }
      }
      await flushRows();
      for (const table of SOURCE_OF_TRUTH_TABLES) await resetSequences(client, table);
      if (heads.length > 0) await stageHeads(client, heads);
    } catch (error) {
      await lines.return?.(undefined).catch(() => undefined);
      throw damaged(error);
    }
    trailer = checker.finish().trailer;
    options.onPhase?.('loaded');
    await verifyChains(client);
    await checkAnchor(client);
    const { rows } = await client.query<{ streams: number; events: number }>(
      'select count(distinct stream_id)::int as streams, count(*)::int as events from events',
    );
    if (rows[0]!.streams !== trailer.streams || rows[0]!.events !== trailer.events) {
      throw new BackupRefused(`restored ${rows[0]!.events} events in ${rows[0]!.streams} streams, the backup recorded ${trailer.events} in ${trailer.streams}`);
    }
    await client.query('commit');
    options.onPhase?.('verified');
  } catch (error) {
    failed = error instanceof BackupRefused ? undefined : (error as Error);
    await client.query('rollback').catch(() => undefined);
    await rm(staging, { recursive: true, force: true });
    throw error;
  } finally {
    client.release(failed);
  }

  if (trailer.media > 0) {
    await mkdir(path.dirname(options.mediaDir), { recursive: true });
    await rm(options.mediaDir, { recursive: true, force: true });
    await rename(staging, options.mediaDir);
  }
  const readModels = await options.readModels.rebuildAll({ onRead: options.onReplayRead });
  options.onPhase?.('replayed');
  return { header, events: trailer.events, streams: trailer.streams, media: trailer.media, rows: trailer.rows ?? 0, readModels };
}
