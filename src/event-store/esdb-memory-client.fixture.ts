import { WrongExpectedVersionError } from '@kurrent/kurrentdb-client';
import type { EsdbClient } from './eventstoredb.js';

/**
 * An in-memory stand-in for the EventStoreDB client (the calls the adapter makes), keeping what the server would
 * store: tests see exactly what would be sent, on machines without a server (eventstoredb-codec.int.spec.ts, the
 * privacy CLI's spec).
 */
export interface StoredEvent {
  id: string;
  streamId: string;
  revision: bigint;
  type: string;
  data: unknown;
  metadata: unknown;
  isJson: true;
  created: Date;
  position: { commit: bigint; prepare: bigint };
}

/**
 * `serverVersion` is what the stand-in reports through the client's capabilities (default: a KurrentDB with
 * multiStreamAppend). Its multiStreamAppend behaves as the server and client do: metadata must be a flat map of strings
 * (the client refuses anything else before sending), every stream's expected state is checked before anything is
 * kept, and a conflict is the client's WrongExpectedVersionError naming the stream.
 */
export function memoryClient(options: { serverVersion?: string } = {}) {
  const all: StoredEvent[] = [];
  const keep = (streamId: string, events: { id: string; type: string; data: unknown; metadata: unknown }[]) => {
    const current = of(streamId).length - 1;
    events.forEach((e, i) => {
      const commit = BigInt(all.length + 1);
      // What the server would keep: the event as serialised JSON (no object shared with the adapter).
      all.push({
        id: e.id,
        streamId,
        revision: BigInt(current + 1 + i),
        type: e.type,
        data: JSON.parse(JSON.stringify(e.data)),
        metadata: JSON.parse(JSON.stringify(e.metadata)),
        isJson: true,
        created: new Date(0),
        position: { commit, prepare: commit },
      });
    });
  };
  const of = (streamId: string) => all.filter((e) => e.streamId === streamId);
  const iterate = (events: StoredEvent[]) => ({
    async *[Symbol.asyncIterator]() {
      for (const event of events) yield { event, commitPosition: event.position.commit };
    },
  });
  const client = {
    async appendToStream(streamId: string, events: { id: string; type: string; data: unknown; metadata: unknown }[], options: { streamState?: unknown }) {
      const current = of(streamId).length - 1;
      const expected = typeof options.streamState === 'bigint' ? Number(options.streamState) : -1;
      if (expected !== current) {
        throw new WrongExpectedVersionError(undefined, {
          streamName: streamId,
          expected: expected === -1 ? 'no_stream' : BigInt(expected),
          current: current === -1 ? 'no_stream' : BigInt(current),
        });
      }
      keep(streamId, events);
      return { nextExpectedRevision: BigInt(current + events.length), position: all.at(-1)!.position };
    },
    async multiStreamAppend(
      requests: { streamName: string; events: { id: string; type: string; data: unknown; metadata: unknown }[]; expectedState: unknown }[],
    ) {
      for (const request of requests) {
        for (const { metadata } of request.events) {
          if (metadata == null) continue;
          if (typeof metadata !== 'object' || Array.isArray(metadata) || Object.values(metadata).some((v) => typeof v !== 'string')) {
            throw new Error('multiStreamAppend requires metadata to be a plain object with string keys and string values.');
          }
        }
      }
      for (const request of requests) {
        const current = of(request.streamName).length - 1;
        const expected = request.expectedState;
        const ok = expected === 'any' || (expected === 'no_stream' ? current === -1 : typeof expected === 'bigint' && Number(expected) === current);
        if (!ok) {
          throw new WrongExpectedVersionError(undefined, {
            streamName: request.streamName,
            expected: expected as bigint,
            current: current === -1 ? 'no_stream' : BigInt(current),
          });
        }
      }
      for (const request of requests) keep(request.streamName, request.events);
      return {
        position: all.at(-1)!.position.commit,
        responses: requests.map((r) => ({ streamName: r.streamName, revision: BigInt(of(r.streamName).length - 1) })),
      };
    },
    capabilities: Promise.resolve({ serverVersion: options.serverVersion ?? '25.1.0' }),
    readStream(streamId: string, options: { direction: string; fromRevision: unknown; maxCount?: number }) {
      let events = of(streamId);
      if (options.direction === 'backwards') events = [...events].reverse();
      else if (typeof options.fromRevision === 'bigint') events = events.filter((e) => e.revision >= (options.fromRevision as bigint));
      return iterate(events.slice(0, options.maxCount ?? Infinity));
    },
    readAll(options: { fromPosition: unknown; direction: string; maxCount: number }) {
      if (options.direction === 'backwards') return iterate([...all].reverse().slice(0, options.maxCount));
      const from = typeof options.fromPosition === 'object' ? (options.fromPosition as { commit: bigint }).commit : 0n;
      return iterate(all.filter((e) => e.position.commit >= from).slice(0, options.maxCount));
    },
    subscribeToAll() {
      throw new Error('not used here');
    },
    async dispose() {},
  };
  return { client: client as unknown as EsdbClient, all };
}
