import { mkdir, readdir, rename, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type pg from 'pg';
import type { EventStore } from '../../core/event-store.js';
import { insertRestoredEvents, logCounts, logIsEmpty, restoredHeads } from '../../event-store/postgres-backup.js';
import { chainEntries } from '../../event-store/postgres-log-reads.js';
import type { Projector } from '../../../projections/projector.js';
import { replay } from '../../../projections/runner.js';
import { verifyChains } from '../audit/verify-chain.js';
import { BackupRefused, type BackupHeader, type EventTuple } from './format.js';
import { backupLines, checkBackup } from './read-backup.js';

export interface RestoreOptions {
  pool: pg.Pool;
  store: EventStore;
  projectors: readonly Projector[];
  file: string;
  /** Where local images go (DATA_DIR/media); must not hold files yet. */
  mediaDir: string;
  batchSize?: number;
  /** Told when each phase ends (the CLI prints it), e.g. 'checked', 'loaded', 'verified', 'replayed'. */
  onPhase?: (phase: 'checked' | 'loaded' | 'verified' | 'replayed') => void;
}

export interface RestoreReport {
  header: BackupHeader;
  events: number;
  streams: number;
  media: number;
  readModels: { name: string; events: number }[];
}

interface PendingEvent {
  tuple: EventTuple;
  data: string;
  metadata: string;
}

/** Appends one batch in log order; the append trigger recomputes every hash, which must equal the one in the file. */
async function loadBatch(client: pg.PoolClient, batch: PendingEvent[]): Promise<void> {
  const restored = await insertRestoredEvents(
    client,
    batch.map((e) => ({ stream: e.tuple[0], version: e.tuple[1], id: e.tuple[2], type: e.tuple[3], createdAt: e.tuple[4], data: e.data, metadata: e.metadata })),
  );
  for (const e of batch) {
    const [stream, version, id, , , , hash] = e.tuple;
    if (restored.get(id) !== hash) {
      throw new BackupRefused(`event ${id} (stream ${stream} version ${version}) hashes to ${restored.get(id)} when restored, not to the ${hash} the backup recorded: the backup was edited`);
    }
  }
}

/** Every anchored head must be the last event of its stream, with the recorded hash. */
async function checkHeads(client: pg.PoolClient, heads: [string, number, string][]): Promise<void> {
  const rows = await restoredHeads(client, heads.map((h) => ({ stream: h[0], version: h[1] })));
  const expected = new Map(heads.map((h) => [`${h[1]}:${h[0]}`, h[2]]));
  for (const r of rows) {
    if (r.hash !== expected.get(`${r.version}:${r.stream}`) || r.later) {
      throw new BackupRefused(`the anchor's head of stream ${r.stream} (version ${r.version}) does not match the restored log: the backup was edited`);
    }
  }
}

function mediaTarget(root: string, relative: string): string {
  const target = path.resolve(root, relative);
  if (relative.includes('\0') || path.isAbsolute(relative) || !target.startsWith(path.resolve(root) + path.sep)) {
    throw new BackupRefused(`image path ${JSON.stringify(relative)} leaves the media folder: the backup was edited`);
  }
  return target;
}

/**
 * Restores a backup into an empty store: checks the whole file first, loads the log in one transaction (a refusal
 * leaves the database empty), checks every hash and the anchor, verifies every chain, writes the images, then
 * rebuilds every read model by replay.
 */
export async function restoreBackup(options: RestoreOptions): Promise<RestoreReport> {
  const { header, trailer } = await checkBackup(options.file);
  options.onPhase?.('checked');
  const { pool } = options;
  const applied = new Set((await pool.query<{ name: string }>('select name from schema_migrations')).rows.map((r) => r.name));
  const unknown = header.migrations.filter((m) => !applied.has(m));
  if (unknown.length > 0) throw new BackupRefused(`the backup comes from a newer version of the store (migrations ${unknown.join(', ')}): upgrade first`);
  if (!(await logIsEmpty(pool))) throw new BackupRefused('the target already holds events: restore into an empty data folder or database');

  const existing = await readdir(options.mediaDir).catch(() => [] as string[]);
  if (existing.length > 0) throw new BackupRefused(`${options.mediaDir} already holds images: restore into an empty data folder`);
  const staging = `${options.mediaDir}.restoring`;
  await rm(staging, { recursive: true, force: true });
  const client = await pool.connect();
  let failed: Error | undefined;
  try {
    await client.query('begin');
    let batch: PendingEvent[] = [];
    let heads: [string, number, string][] = [];
    const size = options.batchSize ?? 1000;
    for await (const line of backupLines(options.file)) {
      if (line.kind === 'event') {
        batch.push({ tuple: line.event, data: line.data, metadata: line.metadata });
        if (batch.length >= size) {
          await loadBatch(client, batch);
          batch = [];
        }
        continue;
      }
      if (batch.length > 0) {
        await loadBatch(client, batch);
        batch = [];
      }
      if (line.kind === 'media') {
        const target = mediaTarget(staging, line.path);
        await mkdir(path.dirname(target), { recursive: true });
        await writeFile(target, Buffer.from(line.b64, 'base64'));
      } else if (line.kind === 'head') {
        heads.push(line.head);
        if (heads.length >= 5000) {
          await checkHeads(client, heads);
          heads = [];
        }
      }
    }
    if (batch.length > 0) await loadBatch(client, batch);
    if (heads.length > 0) await checkHeads(client, heads);
    const restored = await logCounts(client);
    if (restored.streams !== trailer.streams || restored.events !== trailer.events) {
      throw new BackupRefused(`restored ${restored.events} events in ${restored.streams} streams, the backup recorded ${trailer.events} in ${trailer.streams}`);
    }
    await client.query('commit');
    options.onPhase?.('loaded');
  } catch (error) {
    failed = error instanceof BackupRefused ? undefined : (error as Error);
    await client.query('rollback').catch(() => undefined);
    await rm(staging, { recursive: true, force: true });
    throw error;
  } finally {
    client.release(failed);
  }

  const verified = await verifyChains(chainEntries(pool));
  if (!verified.ok) throw new BackupRefused(`the restored log's hash chains are broken at stream ${verified.breaks[0]!.streamId}`);
  options.onPhase?.('verified');
  if (trailer.media > 0) {
    await mkdir(path.dirname(options.mediaDir), { recursive: true });
    await rm(options.mediaDir, { recursive: true, force: true });
    await rename(staging, options.mediaDir);
  }
  const readModels = await replay(options.store, pool, options.projectors);
  options.onPhase?.('replayed');
  return { header, events: trailer.events, streams: trailer.streams, media: trailer.media, readModels };
}
