import { SOURCE_OF_TRUTH_TABLES } from './source-tables.js';
import { mkdir, readdir, rename, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type pg from 'pg';
import type { EventStore } from '../../core/event-store.js';
import type { Projector } from '../../../projections/projector.js';
import { replay } from '../../../projections/runner.js';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { from as copyFrom } from 'pg-copy-streams';
import { BackupRefused, type BackupHeader, type BackupLine, type BackupTrailer } from './format.js';
import { BackupChecker, checkedLines, readHeader } from './read-backup.js';

export interface RestoreOptions {
  pool: pg.Pool;
  store: EventStore;
  projectors: readonly Projector[];
  file: string;
  /** Where local images go (DATA_DIR/media); must not hold files yet. */
  mediaDir: string;
  /**
   * Told when each phase ends (the bench prints them): 'loaded' (the file read once and checked, its events copied
   * into a staging table), 'verified' (appended through the hash trigger, every hash and the anchor compared,
   * committed), 'replayed' (every read model rebuilt).
   */
  onPhase?: (phase: 'loaded' | 'verified' | 'replayed') => void;
}

export interface RestoreReport {
  header: BackupHeader;
  events: number;
  streams: number;
  media: number;
  /** Rows of source-of-truth tables restored. */
  rows: number;
  readModels: { name: string; events: number }[];
}

/** One value in COPY's text format: backslash, tab, newline and carriage return escaped. */
const copyText = (value: string) => value.replace(/[\\\t\n\r]/g, (c) => (c === '\\' ? '\\\\' : c === '\t' ? '\\t' : c === '\n' ? '\\n' : '\\r'));

/**
 * The events of the file, as COPY rows for the staging table, in ~256 KB chunks; stops at the first line that is not
 * an event and leaves it in `rest` for the caller.
 */
async function* copyRows(lines: AsyncIterator<BackupLine>, rest: { line: BackupLine | null }): AsyncGenerator<Buffer> {
  let pending: string[] = [];
  let length = 0;
  let seq = 0;
  for (;;) {
    const next = await lines.next();
    if (next.done || next.value.kind !== 'event') {
      rest.line = next.done ? null : next.value;
      break;
    }
    const [stream, version, id, type, createdAt, , hash] = next.value.event;
    const row = `${(seq += 1)}\t${copyText(stream)}\t${version}\t${copyText(id)}\t${copyText(type)}\t${copyText(createdAt)}\t${copyText(next.value.data)}\t${copyText(next.value.metadata)}\t${copyText(hash)}\n`;
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

/**
 * Appends the staged events in file order, a slice at a time, through the append trigger, which recomputes each hash
 * chained to the restored predecessor; in the same statement every recomputed hash is compared with the recorded
 * one. Equal hashes all along are the chain verification: one pass over the log.
 */
async function appendStaged(client: pg.PoolClient, total: number, slice = 50_000): Promise<void> {
  for (let from = 1; from <= total; from += slice) {
    const { rows } = await client.query<{ event_id: string; stream_id: string; stream_version: number; hash: string; recorded: string }>(
      `with appended as (
         insert into events (stream_id, stream_version, event_id, type, created_at, data, metadata)
         select stream_id, stream_version, event_id, type, created_at, data, metadata from restore_events
          where seq >= $1 and seq < $2 order by seq
         returning event_id, stream_id, stream_version, hash)
       select a.event_id::text, a.stream_id, a.stream_version, a.hash, r.recorded_hash as recorded
         from appended a join restore_events r on r.event_id = a.event_id
        where a.hash is distinct from r.recorded_hash
        limit 1`,
      [from, from + slice],
    );
    const bad = rows[0];
    if (bad) {
      throw new BackupRefused(`event ${bad.event_id} (stream ${bad.stream_id} version ${bad.stream_version}) hashes to ${bad.hash} when restored, not to the ${bad.recorded} the backup recorded: the backup was edited`);
    }
  }
}

/** Restores rows of source-of-truth tables (declared in source-tables.ts, checked by checkBackup) as they were. */
async function loadRows(client: pg.PoolClient, table: string, rows: string[]): Promise<void> {
  await client.query(`insert into "${table}" select * from jsonb_populate_recordset(null::"${table}", $1::jsonb)`, [`[${rows.join(',')}]`]);
}

/** Stages anchored heads for checkAnchor. */
async function stageHeads(client: pg.PoolClient, heads: [string, number, string][]): Promise<void> {
  await client.query('insert into restore_heads select * from unnest($1::text[], $2::int[], $3::text[])', [heads.map((h) => h[0]), heads.map((h) => h[1]), heads.map((h) => h[2])]);
}

/** Every anchored head must be the last event of its stream, with the recorded hash. */
async function checkAnchor(client: pg.PoolClient): Promise<void> {
  const { rows } = await client.query<{ stream: string; version: number }>(
    `select h.stream, h.version from restore_heads h
       left join events e on e.stream_id = h.stream and e.stream_version = h.version
      where e.hash is distinct from h.hash
         or exists (select 1 from events n where n.stream_id = h.stream and n.stream_version = h.version + 1)
      limit 1`,
  );
  const bad = rows[0];
  if (bad) throw new BackupRefused(`the anchor's head of stream ${bad.stream} (version ${bad.version}) does not match the restored log: the backup was edited`);
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
 * empty): reads the file once, checking it line by line and staging its events; once the whole file checks out,
 * appends the events through the hash trigger comparing every hash, checks the anchor, commits, moves the images in
 * place, then rebuilds every read model by replay.
 */
export async function restoreBackup(options: RestoreOptions): Promise<RestoreReport> {
  const header = await readHeader(options.file);
  const { pool } = options;
  const applied = new Set((await pool.query<{ name: string }>('select name from schema_migrations')).rows.map((r) => r.name));
  const unknown = header.migrations.filter((m) => !applied.has(m));
  if (unknown.length > 0) throw new BackupRefused(`the backup comes from a newer version of the store (migrations ${unknown.join(', ')}): upgrade first`);
  if ((await pool.query('select 1 from events limit 1')).rowCount) throw new BackupRefused('the target already holds events: restore into an empty data folder or database');

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
    await client.query(
      `create temp table restore_events (seq bigint primary key, stream_id text, stream_version int, event_id uuid, type text,
         created_at timestamptz, data jsonb, metadata jsonb, recorded_hash text) on commit drop`,
    );
    await client.query('create temp table restore_heads (stream text, version int, hash text) on commit drop');
    // One pass over the file: every line is checked as it is read (the verdict comes at its end, before anything is
    // appended to the log); the events go into a staging table with COPY, the rest where it belongs.
    const checker = new BackupChecker();
    const lines = checkedLines(options.file, checker)[Symbol.asyncIterator]();
    try {
      await lines.next(); // the header
      const rest: { line: BackupLine | null } = { line: null };
      await pipeline(
        Readable.from(copyRows(lines, rest)),
        client.query(copyFrom('copy restore_events (seq, stream_id, stream_version, event_id, type, created_at, data, metadata, recorded_hash) from stdin')),
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
      if (heads.length > 0) await stageHeads(client, heads);
    } catch (error) {
      await lines.return?.(undefined).catch(() => undefined);
      throw damaged(error);
    }
    trailer = checker.finish().trailer;
    await client.query('create index on restore_events (event_id)');
    options.onPhase?.('loaded');
    await appendStaged(client, trailer.events);
    await checkAnchor(client);
    const { rows } = await client.query<{ streams: number; events: number }>('select count(distinct stream_id)::int as streams, count(*)::int as events from events');
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
  const readModels = await replay(options.store, pool, options.projectors);
  options.onPhase?.('replayed');
  return { header, events: trailer.events, streams: trailer.streams, media: trailer.media, rows: trailer.rows ?? 0, readModels };
}
