import { eventHashFromText } from '../../core/event-hash.js';
import type { ChainEntry } from '../../core/event-store.js';

export type { ChainEntry } from '../../core/event-store.js';

export type BreakKind = 'missing-events' | 'broken-link' | 'altered-content' | 'unhashed';

/** The first broken link of a stream. */
export interface ChainBreak {
  streamId: string;
  version: number;
  eventId: string;
  kind: BreakKind;
  reason: string;
}

interface StreamTip {
  version: number;
  hash: string | null;
}

/**
 * Walks events stream by stream (each stream in version order; streams may interleave, as in log order) and checks,
 * for every event: its version follows the previous one (nothing deleted), its stored prevHash is the previous event's
 * hash (the link), and its hash is the one recomputed from its content and prevHash (nothing altered). Only the first
 * break of each stream is reported: everything after it in that stream is suspect anyway.
 */
export class ChainVerifier {
  private readonly tips = new Map<string, StreamTip>();
  private readonly broken = new Set<string>();
  readonly breaks: ChainBreak[] = [];
  events = 0;
  streams = 0;
  private lastStream: string | null = null;

  /** `byStream`: entries arrive grouped by stream, so a finished stream's tip can be forgotten (memory stays flat). */
  constructor(private readonly byStream = false) {}

  check(entry: ChainEntry): ChainBreak | null {
    this.events++;
    if (entry.streamId !== this.lastStream) {
      if (this.byStream && this.lastStream !== null) this.tips.delete(this.lastStream);
      this.lastStream = entry.streamId;
    }
    const tip = this.tips.get(entry.streamId);
    if (!tip) this.streams++;
    this.tips.set(entry.streamId, { version: entry.version, hash: entry.hash });
    if (this.broken.has(entry.streamId)) return null;
    const found = this.firstProblem(entry, tip);
    if (!found) return null;
    const chainBreak: ChainBreak = { streamId: entry.streamId, version: entry.version, eventId: entry.eventId, ...found };
    this.broken.add(entry.streamId);
    this.breaks.push(chainBreak);
    return chainBreak;
  }

  private firstProblem(entry: ChainEntry, tip: StreamTip | undefined): { kind: BreakKind; reason: string } | null {
    const expectedVersion = tip ? tip.version + 1 : 0;
    if (entry.version !== expectedVersion) {
      return {
        kind: 'missing-events',
        reason:
          entry.version > expectedVersion
            ? `versions ${expectedVersion}..${entry.version - 1} are missing`
            : `version ${entry.version} appears again after ${tip?.version}`,
      };
    }
    if (!entry.hash) return { kind: 'unhashed', reason: 'the event carries no hash' };
    const expectedPrev = tip?.hash ?? null;
    if ((entry.prevHash ?? null) !== expectedPrev) {
      return { kind: 'broken-link', reason: `prevHash ${entry.prevHash ?? 'null'} is not the previous event's hash ${expectedPrev ?? 'null'}` };
    }
    const recomputed = eventHashFromText(entry);
    if (recomputed !== entry.hash) {
      return { kind: 'altered-content', reason: `content hashes to ${recomputed}, the log recorded ${entry.hash}` };
    }
    return null;
  }
}

export interface VerifyReport {
  ok: boolean;
  streams: number;
  events: number;
  /** First broken link of each broken stream, in the order found. */
  breaks: ChainBreak[];
}

/** Runs every entry of `source` through a verifier. */
export async function verifyChains(source: AsyncIterable<ChainEntry>, options: { byStream?: boolean } = {}): Promise<VerifyReport> {
  const verifier = new ChainVerifier(options.byStream);
  for await (const entry of source) verifier.check(entry);
  return { ok: verifier.breaks.length === 0, streams: verifier.streams, events: verifier.events, breaks: verifier.breaks };
}
