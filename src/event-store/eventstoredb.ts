import { randomUUID } from 'node:crypto';
import {
  BACKWARDS,
  END,
  KurrentDBClient,
  FORWARDS,
  NO_STREAM,
  START as ESDB_START,
  StreamNotFoundError,
  WrongExpectedVersionError as EsdbWrongExpectedVersion,
  excludeSystemEvents,
  jsonEvent,
  type AppendStreamRequest,
  type ResolvedEvent,
} from '@kurrent/kurrentdb-client';
import { checkExpectedVersion, WrongExpectedVersionError, type ExpectedVersion } from '../core/errors.js';
import type { EventDataCodec } from '../core/event-codec.js';
import { eventHash } from '../core/event-hash.js';
import type { SnapshotStore } from '../core/snapshots.js';
import { eventMetadataSchema, validateEvent } from '../core/event-registry.js';
import {
  comparePositions,
  START,
  type AppendResult,
  type ChainEntry,
  type EventQuery,
  type EventStore,
  type GlobalPosition,
  type NewEvent,
  type RecordedEvent,
  type StreamHead,
  type StreamWrite,
  type SubscribeOptions,
  type Subscription,
} from '../core/event-store.js';
import { chainEntriesByReading, eventsByStreamByReading, findEventsByReading, hashesAtByReading, streamHeadsByReading } from './log-reads-by-reading.js';

/** Metadata key holding the event's place in its stream's hash chain (the hash covers the metadata without it). */
const CHAIN_KEY = 'hashChain';
interface ChainLink {
  prevHash: string | null;
  hash: string;
}

/**
 * KurrentDB's multi-stream append takes metadata as a flat map of strings, and this adapter's metadata holds objects
 * (the chain link, the command's context). Events written that way carry their whole metadata as JSON text under this
 * one key; every read unwraps it, so both kinds of event read back the same.
 */
const METADATA_JSON_KEY = 'metadataJson';

/** The metadata as the adapter wrote it, whichever append wrote it (see METADATA_JSON_KEY). */
export function storedMetadata(raw: unknown): Record<string, unknown> {
  let value = raw;
  if (value instanceof Uint8Array) {
    try {
      value = JSON.parse(Buffer.from(value).toString('utf8'));
    } catch {
      return {};
    }
  }
  if (!value || typeof value !== 'object') return {};
  const wrapped = (value as Record<string, unknown>)[METADATA_JSON_KEY];
  return typeof wrapped === 'string' ? (JSON.parse(wrapped) as Record<string, unknown>) : (value as Record<string, unknown>);
}

/** The first KurrentDB release with multiStreamAppend. */
const MULTI_STREAM_APPEND_SINCE = [25, 1] as const;

/** Whether a server reporting `version` (e.g. "25.1.0.1234") appends to several streams atomically. */
export function supportsMultiStreamAppend(version: string | undefined): boolean {
  const match = /^(\d+)\.(\d+)/.exec(version ?? '');
  if (!match) return false;
  const [major, minor] = [Number(match[1]), Number(match[2])];
  return major > MULTI_STREAM_APPEND_SINCE[0] || (major === MULTI_STREAM_APPEND_SINCE[0] && minor >= MULTI_STREAM_APPEND_SINCE[1]);
}

function splitChain(metadata: unknown): { metadata: RecordedEvent['metadata']; chain: ChainLink | null } {
  const { [CHAIN_KEY]: chain, ...rest } = storedMetadata(metadata);
  return { metadata: rest as RecordedEvent['metadata'], chain: (chain as ChainLink | undefined) ?? null };
}

function toRecorded(resolved: ResolvedEvent): RecordedEvent | null {
  const event = resolved.event;
  if (!event || !event.isJson) return null;
  const position = event.position ?? resolved.commitPosition;
  const commit = typeof position === 'bigint' ? position : (position?.commit ?? 0n);
  const prepare = typeof position === 'bigint' ? position : (position?.prepare ?? 0n);
  const { metadata, chain } = splitChain(event.metadata);
  return {
    id: event.id,
    streamId: event.streamId,
    streamVersion: Number(event.revision),
    type: event.type,
    data: event.data,
    metadata,
    position: { commit, prepare },
    createdAt: event.created.toISOString(),
    ...(chain ? { hash: chain.hash, prevHash: chain.prevHash } : {}),
  };
}

/** What the adapter uses of the EventStoreDB client (a test passes an in-memory one to check what would be stored). */
export type EsdbClient = Pick<KurrentDBClient, 'appendToStream' | 'multiStreamAppend' | 'readStream' | 'readAll' | 'subscribeToAll' | 'dispose'>;

/**
 * The version the connected server reports. The client learns it from the server-features call it makes for itself
 * and keeps it on a getter the type declares protected; a server too old to answer that call reports no usable version.
 */
async function reportedServerVersion(client: EsdbClient): Promise<string | undefined> {
  const capabilities = (client as unknown as { capabilities?: Promise<{ serverVersion?: string }> }).capabilities;
  try {
    return (await capabilities)?.serverVersion;
  } catch {
    return undefined;
  }
}

/**
 * EventStoreDB/KurrentDB adapter (the vendor's maintained @kurrent/kurrentdb-client), chosen when EVENTSTORE_URL is set. With a codec (personal data encryption,
 * src/modules/privacy/codec.ts) it stores what the codec encodes, after validation, under the codec's stream id, and
 * the hash chain covers those stored bytes; every read (streams, $all, subscriptions) decodes, as the PostgreSQL
 * adapter does.
 */
export class EventStoreDbEventStore implements EventStore {
  readonly kind = 'eventstoredb' as const;
  /** Set by the runtime: snapshots live in PostgreSQL beside the read models. */
  snapshots?: SnapshotStore;
  private readonly client: EsdbClient;
  private readonly codec: EventDataCodec | null;
  private atomicAppends: Promise<boolean> | null = null;

  constructor(connectionString: string, options: { codec?: EventDataCodec; client?: EsdbClient } = {}) {
    this.client = options.client ?? KurrentDBClient.connectionString(connectionString);
    this.codec = options.codec ?? null;
  }

  private async decoded(events: RecordedEvent[]): Promise<RecordedEvent[]> {
    return this.codec && events.length > 0 ? this.codec.decode(events) : events;
  }

  private storedId(streamId: string): string {
    return this.codec ? this.codec.storedStreamId(streamId) : streamId;
  }

  /**
   * Appends with the stream's hash chain in each event's metadata: reads the stream's last event (its revision and
   * hash), chains the new events to it and appends expecting exactly that revision, so a concurrent writer cannot slip
   * between the read and the write ('any' writers re-read and retry; the others get the usual conflict).
   */
  async append(plainStreamId: string, plainEvents: NewEvent[], options: { expectedVersion: ExpectedVersion }): Promise<AppendResult> {
    const write = await this.toStored({ streamId: plainStreamId, events: plainEvents, expectedVersion: options.expectedVersion });
    return this.appendStored(write.streamId, write.events, options);
  }

  /** A write as it is to be stored: validated, then encoded by the codec under its stream id. */
  private async toStored(write: StreamWrite): Promise<StreamWrite> {
    for (const event of write.events) {
      validateEvent(event.type, event.data);
      eventMetadataSchema.parse(event.metadata);
    }
    const events = this.codec ? await this.codec.encode(write.events) : write.events;
    return { streamId: this.storedId(write.streamId), events, expectedVersion: write.expectedVersion };
  }

  /** The events of one stream chained to its last event (`current` is its revision, -1 when empty). */
  private chain(streamId: string, events: NewEvent[], current: number, prevHash: string | null) {
    return events.map((e, i) => {
      const id = e.id ?? randomUUID();
      const hash = eventHash({ prevHash, streamId, version: current + 1 + i, eventId: id, type: e.type, data: e.data, metadata: e.metadata });
      const link: ChainLink = { prevHash, hash };
      prevHash = hash;
      return { id, type: e.type, data: e.data, metadata: { ...e.metadata, [CHAIN_KEY]: link } };
    });
  }

  /**
   * Appends events as they are to be stored (no validation, no codec; the stream id as given), chained like every
   * append: what copying an older log forward writes (src/operations/privacy/encrypt-esdb-log.ts), ids kept.
   */
  async appendStored(streamId: string, events: NewEvent[], options: { expectedVersion: ExpectedVersion }): Promise<AppendResult> {
    for (let attempt = 0; ; attempt++) {
      const last = await this.lastEvent(streamId);
      const current = last ? last.revision : -1;
      checkExpectedVersion(streamId, options.expectedVersion, current);
      const chained = this.chain(streamId, events, current, last?.hash ?? null).map((e) =>
        jsonEvent({ id: e.id, type: e.type, data: e.data as never, metadata: e.metadata as never }),
      );
      try {
        const result = await this.client.appendToStream(streamId, chained, { streamState: current === -1 ? NO_STREAM : BigInt(current) });
        return { nextExpectedVersion: Number(result.nextExpectedRevision), position: result.position ?? START };
      } catch (error) {
        if (!(error instanceof EsdbWrongExpectedVersion)) throw error;
        if (options.expectedVersion === 'any' && attempt < 10) continue;
        const actual = typeof error.actualState === 'bigint' ? Number(error.actualState) : -1;
        throw new WrongExpectedVersionError(streamId, options.expectedVersion, actual);
      }
    }
  }

  private async lastEvent(streamId: string): Promise<{ revision: number; hash: string | null } | null> {
    try {
      for await (const resolved of this.client.readStream(streamId, { direction: BACKWARDS, fromRevision: END, maxCount: 1 })) {
        if (!resolved.event) continue;
        return { revision: Number(resolved.event.revision), hash: splitChain(resolved.event.metadata).chain?.hash ?? null };
      }
      return null;
    } catch (error) {
      if (error instanceof StreamNotFoundError) return null;
      throw error;
    }
  }

  /**
   * On KurrentDB 25.1 and later (the version the server reports) the writes go in one multiStreamAppend: all streams
   * or none, each at the revision its events were chained to. Older servers have no multi-stream append: the streams
   * are written one after another and the first failure is reported (a crash between them can leave the earlier
   * writes alone; docs/known-limitations.md).
   */
  async appendMany(writes: StreamWrite[]): Promise<AppendResult> {
    const nonEmpty = writes.filter((w) => w.events.length > 0);
    if (nonEmpty.length === 0) throw new Error('appendMany needs at least one event');
    // Every event is validated and encoded before the first stream is written.
    const stored = await Promise.all(nonEmpty.map((w) => this.toStored(w)));
    if (stored.length > 1 && (await this.appendsManyAtomically())) return this.appendManyAtomically(stored);
    let last: AppendResult | null = null;
    for (const write of stored) last = await this.appendStored(write.streamId, write.events, { expectedVersion: write.expectedVersion });
    return last!;
  }

  /** Whether appendMany is all or nothing on the connected server (asked of it once per adapter). */
  appendsManyAtomically(): Promise<boolean> {
    this.atomicAppends ??= reportedServerVersion(this.client).then(supportsMultiStreamAppend);
    return this.atomicAppends;
  }

  private async appendManyAtomically(writes: StreamWrite[]): Promise<AppendResult> {
    for (let attempt = 0; ; attempt++) {
      const requests: AppendStreamRequest[] = [];
      const lastVersions: number[] = [];
      for (const write of writes) {
        const last = await this.lastEvent(write.streamId);
        const current = last ? last.revision : -1;
        checkExpectedVersion(write.streamId, write.expectedVersion, current);
        const events = this.chain(write.streamId, write.events, current, last?.hash ?? null).map((e) =>
          jsonEvent({ id: e.id, type: e.type, data: e.data as never, metadata: { [METADATA_JSON_KEY]: JSON.stringify(e.metadata) } }),
        );
        requests.push({ streamName: write.streamId, events, expectedState: current === -1 ? NO_STREAM : BigInt(current) });
        lastVersions.push(current + write.events.length);
      }
      try {
        const result = await this.client.multiStreamAppend(requests);
        return { nextExpectedVersion: lastVersions.at(-1)!, position: { commit: result.position, prepare: result.position } };
      } catch (error) {
        if (!(error instanceof EsdbWrongExpectedVersion)) throw error;
        // A stream written with 'any' moved under us: re-read and chain again, as a single append does.
        const write = writes.find((w) => w.streamId === error.streamName) ?? writes[0]!;
        if (write.expectedVersion === 'any' && attempt < 10) continue;
        const actual = typeof error.actualState === 'bigint' ? Number(error.actualState) : -1;
        throw new WrongExpectedVersionError(write.streamId, write.expectedVersion, actual);
      }
    }
  }

  async readStream(streamId: string, fromVersion = 0): Promise<RecordedEvent[]> {
    return this.decoded(await this.readStreamStored(this.storedId(streamId), fromVersion));
  }

  /** A stream as stored (stored id, encoded data): what the audit reads see, as on the PostgreSQL adapter. */
  private async readStreamStored(streamId: string, fromVersion = 0): Promise<RecordedEvent[]> {
    const out: RecordedEvent[] = [];
    try {
      for await (const resolved of this.client.readStream(streamId, {
        direction: FORWARDS,
        fromRevision: fromVersion > 0 ? BigInt(fromVersion) : ESDB_START,
      })) {
        const recorded = toRecorded(resolved);
        if (recorded) out.push(recorded);
      }
    } catch (error) {
      if (error instanceof StreamNotFoundError) return [];
      throw error;
    }
    return out;
  }

  /** The audit reads (chains, heads, hashes, queries) read the log as stored, like the PostgreSQL adapter's SQL. */
  private readonly stored = {
    readAll: (from: GlobalPosition, limit = 500) => this.readAllStored(from, limit),
    readStream: (streamId: string, fromVersion?: number) => this.readStreamStored(streamId, fromVersion),
  };

  /** Pages through $all until `limit` user events are found or the log ends; pages of system events are skipped. */
  async readAll(from: GlobalPosition, limit = 500): Promise<RecordedEvent[]> {
    return this.decoded(await this.readAllStored(from, limit));
  }

  private async readAllStored(from: GlobalPosition, limit: number): Promise<RecordedEvent[]> {
    const out: RecordedEvent[] = [];
    let cursor: GlobalPosition | null = comparePositions(from, START) === 0 ? null : from;
    const pageSize = Math.max(limit, 100);
    for (;;) {
      let seen = 0;
      let lastPosition: GlobalPosition | null = null;
      for await (const resolved of this.client.readAll({ fromPosition: cursor ?? ESDB_START, direction: FORWARDS, maxCount: pageSize })) {
        seen++;
        const position = resolved.event?.position;
        if (position) lastPosition = { commit: position.commit, prepare: position.prepare };
        const recorded = toRecorded(resolved);
        if (!recorded || recorded.streamId.startsWith('$') || recorded.type.startsWith('$')) continue;
        if (comparePositions(recorded.position, from) <= 0) continue;
        out.push(recorded);
        if (out.length >= limit) return out;
      }
      if (seen < pageSize || !lastPosition || (cursor && comparePositions(lastPosition, cursor) <= 0)) return out;
      cursor = lastPosition;
    }
  }

  /**
   * Catch-up subscription to $all without system events. A failing handler or a dropped connection does not end it:
   * it resubscribes from the last event handled, after a pause, like the PostgreSQL adapter's polling loop.
   */
  subscribe(options: SubscribeOptions): Subscription {
    let position = options.from;
    let stopped = false;
    let current: ReturnType<KurrentDBClient['subscribeToAll']> | null = null;
    const running = (async () => {
      while (!stopped) {
        const fromPosition = comparePositions(position, START) === 0 ? ESDB_START : position;
        current = this.client.subscribeToAll({ fromPosition, filter: excludeSystemEvents() });
        try {
          for await (const resolved of current) {
            if (stopped) break;
            const recorded = toRecorded(resolved);
            if (!recorded || comparePositions(recorded.position, position) <= 0) continue;
            await options.onEvents(await this.decoded([recorded]));
            position = recorded.position;
          }
        } catch (error) {
          options.onError?.(error);
        } finally {
          await current.unsubscribe().catch(() => undefined);
        }
        if (!stopped) await new Promise((r) => setTimeout(r, 1000));
      }
    })();
    return {
      close: async () => {
        stopped = true;
        await current?.unsubscribe().catch(() => undefined);
        await running;
      },
    };
  }

  async streamVersion(streamId: string): Promise<number> {
    return (await this.lastEvent(this.storedId(streamId)))?.revision ?? -1;
  }

  /** The last user event of $all (system events skipped); START for an empty log. */
  async headPosition(): Promise<GlobalPosition> {
    for await (const resolved of this.client.readAll({ fromPosition: END, direction: BACKWARDS, maxCount: 100 })) {
      const recorded = toRecorded(resolved);
      if (!recorded || recorded.streamId.startsWith('$') || recorded.type.startsWith('$')) continue;
      return recorded.position;
    }
    return START;
  }

  streamHeads(): AsyncIterable<StreamHead> {
    return streamHeadsByReading(this.stored);
  }

  hashesAt(places: { stream: string; version: number }[]): Promise<StreamHead[]> {
    return hashesAtByReading(this.stored, places);
  }

  findEvents(query: EventQuery): Promise<RecordedEvent[]> {
    return findEventsByReading(this.stored, query);
  }

  eventsByStream(types: readonly string[]): AsyncIterable<RecordedEvent[]> {
    return eventsByStreamByReading(this.stored, types);
  }

  chainEntries(): { entries: AsyncIterable<ChainEntry>; byStream: boolean } {
    return { entries: chainEntriesByReading(this.stored), byStream: false };
  }

  async close(): Promise<void> {
    await this.client.dispose();
    await this.codec?.close?.();
  }
}
