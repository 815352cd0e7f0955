import { createHash } from 'node:crypto';
import type pg from 'pg';
import { eventsOf, type EventStore } from '../../core/event-store.js';

/** The head of one stream's hash chain when the anchor was taken. */
export interface ChainHead {
  stream: string;
  version: number;
  hash: string;
}

/**
 * An anchor: every stream's chain head at one moment, with a digest over them all. Kept outside the database (printed,
 * mailed, committed elsewhere), it lets a later verify detect what a chain alone cannot: a stream whose tail was
 * rewritten with freshly recomputed hashes by someone able to lift the database's guard.
 */
export interface Anchor {
  takenAt: string;
  streams: number;
  digest: string;
  heads: ChainHead[];
}

export function anchorDigest(heads: ChainHead[]): string {
  const hash = createHash('sha256');
  for (const h of heads) hash.update(`${h.stream}\n${h.version}\n${h.hash}\n`);
  return hash.digest('hex');
}

/** Every stream's last event and its hash (PostgreSQL: one index walk; other stores: the log read through). */
export async function takeAnchor(deps: { pool: pg.Pool; store: EventStore }): Promise<Anchor> {
  let heads: ChainHead[];
  if (deps.store.kind === 'postgres') {
    const { rows } = await deps.pool.query<{ stream: string; version: number; hash: string }>(
      'select distinct on (stream_id) stream_id as stream, stream_version as version, hash from events order by stream_id, stream_version desc',
    );
    heads = rows;
  } else {
    const last = new Map<string, ChainHead>();
    for await (const e of eventsOf(deps.store)) last.set(e.streamId, { stream: e.streamId, version: e.streamVersion, hash: e.hash ?? '' });
    heads = [...last.values()].sort((a, b) => (a.stream < b.stream ? -1 : a.stream > b.stream ? 1 : 0));
  }
  return { takenAt: new Date().toISOString(), streams: heads.length, digest: anchorDigest(heads), heads };
}

export interface AnchorMismatch {
  stream: string;
  version: number;
  anchored: string;
  found: string | null;
  reason: string;
}

/** Checks that every anchored head is still in the log with the hash it had (the chains may have grown since). */
export async function checkAnchor(deps: { pool: pg.Pool; store: EventStore }, anchor: Anchor): Promise<{ ok: boolean; checked: number; mismatches: AnchorMismatch[] }> {
  if (anchorDigest(anchor.heads) !== anchor.digest) throw new Error('The anchor file does not match its own digest: it was edited');
  const found = new Map<string, string>();
  const key = (stream: string, version: number) => `${version}:${stream}`;
  if (deps.store.kind === 'postgres') {
    for (let i = 0; i < anchor.heads.length; i += 5000) {
      const slice = anchor.heads.slice(i, i + 5000);
      const { rows } = await deps.pool.query<{ stream_id: string; stream_version: number; hash: string }>(
        `select e.stream_id, e.stream_version, e.hash from events e
           join unnest($1::text[], $2::int[]) as h(stream, version) on e.stream_id = h.stream and e.stream_version = h.version`,
        [slice.map((h) => h.stream), slice.map((h) => h.version)],
      );
      for (const r of rows) found.set(key(r.stream_id, r.stream_version), r.hash);
    }
  } else {
    for (const head of anchor.heads) {
      const event = (await deps.store.readStream(head.stream))[head.version];
      if (event?.hash) found.set(key(head.stream, head.version), event.hash);
    }
  }
  const mismatches: AnchorMismatch[] = [];
  for (const head of anchor.heads) {
    const now = found.get(key(head.stream, head.version)) ?? null;
    if (now === head.hash) continue;
    mismatches.push({ stream: head.stream, version: head.version, anchored: head.hash, found: now, reason: now ? 'the event anchored here now has another hash: the stream was rewritten' : 'the event anchored here is gone' });
  }
  return { ok: mismatches.length === 0, checked: anchor.heads.length, mismatches };
}
