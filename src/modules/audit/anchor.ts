import { createHash } from 'node:crypto';
import type { EventStore, StreamHead } from '../../core/event-store.js';

/** The head of one stream's hash chain when the anchor was taken. */
export type ChainHead = StreamHead;

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
export async function takeAnchor(deps: { store: EventStore }): Promise<Anchor> {
  const heads: ChainHead[] = [];
  for await (const head of deps.store.streamHeads()) heads.push(head);
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
export async function checkAnchor(deps: { store: EventStore }, anchor: Anchor): Promise<{ ok: boolean; checked: number; mismatches: AnchorMismatch[] }> {
  if (anchorDigest(anchor.heads) !== anchor.digest) throw new Error('The anchor file does not match its own digest: it was edited');
  const key = (stream: string, version: number) => `${version}:${stream}`;
  const found = new Map((await deps.store.hashesAt(anchor.heads)).map((h) => [key(h.stream, h.version), h.hash]));
  const mismatches: AnchorMismatch[] = [];
  for (const head of anchor.heads) {
    const now = found.get(key(head.stream, head.version)) ?? null;
    if (now === head.hash) continue;
    mismatches.push({
      stream: head.stream,
      version: head.version,
      anchored: head.hash,
      found: now,
      reason: now ? 'the event anchored here now has another hash: the stream was rewritten' : 'the event anchored here is gone',
    });
  }
  return { ok: mismatches.length === 0, checked: anchor.heads.length, mismatches };
}
