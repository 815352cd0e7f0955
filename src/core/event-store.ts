import type { ExpectedVersion } from './errors.js';
import type { Readable } from 'node:stream';
import type { SnapshotStore } from './snapshots.js';

/** Metadata carried by every event. */
export interface EventMetadata {
  correlationId: string;
  causationId?: string;
  userId?: string | null;
  timestamp: string;
  [key: string]: unknown;
}

export interface NewEvent<T extends string = string, D = unknown> {
  type: T;
  data: D;
  metadata: EventMetadata;
  id?: string;
}

/**
 * A place in the global log. For PostgreSQL `commit` is the writing transaction id and
 * `prepare` the sequence position; for EventStoreDB they are its commit/prepare positions.
 * Ordering is lexicographic on (commit, prepare).
 */
export interface GlobalPosition {
  commit: bigint;
  prepare: bigint;
}

export const START: GlobalPosition = { commit: 0n, prepare: 0n };

export function comparePositions(a: GlobalPosition, b: GlobalPosition): number {
  if (a.commit !== b.commit) return a.commit < b.commit ? -1 : 1;
  if (a.prepare !== b.prepare) return a.prepare < b.prepare ? -1 : 1;
  return 0;
}

/**
 * Every event of the log after `from`, in log order, read in batches of `batchSize`. The next batch is asked for as soon
 * as a batch arrives, before its events are handed out (as projections/replay.ts does), so reading it (the database, and
 * a codec's worker opening sealed personal data) overlaps with the caller's work on this one.
 */
export async function* eventsOf(store: Pick<EventStore, 'readAll'>, from: GlobalPosition = START, batchSize = 1000): AsyncGenerator<RecordedEvent> {
  let next = store.readAll(from, batchSize);
  for (;;) {
    const batch = await next;
    if (batch.length === 0) return;
    next = store.readAll(batch[batch.length - 1]!.position, batchSize);
    // Awaited (and thrown) on the next turn; one left behind when the caller stops early must not go unhandled.
    next.catch(() => undefined);
    yield* batch;
  }
}

export interface RecordedEvent<T extends string = string, D = unknown> {
  id: string;
  streamId: string;
  /** 0-based version of this event within its stream. */
  streamVersion: number;
  type: T;
  data: D;
  metadata: EventMetadata;
  position: GlobalPosition;
  createdAt: string;
  /** Hash chain of the stream (src/core/event-hash.ts): this event's hash and its predecessor's (null for version 0). */
  hash?: string;
  prevHash?: string | null;
}

export interface AppendResult {
  /** Version of the last event written (stream length - 1). */
  nextExpectedVersion: number;
  position: GlobalPosition;
}

export interface StreamWrite {
  streamId: string;
  events: NewEvent[];
  expectedVersion: ExpectedVersion;
}

export interface Subscription {
  close(): Promise<void>;
}

export interface SubscribeOptions {
  from: GlobalPosition;
  /** Called once per batch in log order; the subscription waits for it. */
  onEvents: (events: RecordedEvent[]) => Promise<void>;
  onError?: (error: unknown) => void;
  batchSize?: number;
}

/** One stream's last event: where its hash chain ends. */
export interface StreamHead {
  stream: string;
  version: number;
  hash: string;
}

/** One event as the chain verifier sees it: its content as jsonb text and the chain fields stored with it. */
export interface ChainEntry {
  streamId: string;
  version: number;
  eventId: string;
  type: string;
  dataText: string;
  metadataText: string;
  prevHash: string | null;
  hash: string | null;
}

/** Which events findEvents picks: all the given conditions hold (an absent one holds for every event). */
export interface EventQuery {
  streams?: string[];
  types?: string[];
  /** Top-level data fields equal to these strings. */
  data?: Record<string, string>;
  /** A top-level data field holding an ISO time, from `from` (inclusive) to `to` (exclusive), both ISO times. */
  timeBetween?: { field: string; from: string; to: string };
  limit?: number;
}

/** One event of the export as the log stores it (data and metadata as the database prints them, i.e. what the hash covers). */
export interface LogExportRow {
  position: string;
  transaction_id: string;
  stream_id: string;
  stream_version: number;
  event_id: string;
  type: string;
  recorded_at: string;
  data_text: string;
  /** The data had a password hash (an older log), taken out: its hash can be checked on the server, not from here. */
  redacted: boolean;
  metadata_text: string;
  prev_hash: string | null;
  hash: string;
}

export interface EventStore {
  readonly kind: 'postgres' | 'eventstoredb';
  append(streamId: string, events: NewEvent[], options: { expectedVersion: ExpectedVersion }): Promise<AppendResult>;
  /**
   * Appends to several streams, all or nothing: PostgreSQL in one transaction, KurrentDB 25.1+ in one multiStreamAppend.
   * On older EventStoreDB servers the adapter writes in order and reports the first failure.
   */
  appendMany(writes: StreamWrite[]): Promise<AppendResult>;
  /** The stream's events in version order, from `fromVersion` (default 0). */
  readStream(streamId: string, fromVersion?: number): Promise<RecordedEvent[]>;
  readAll(from: GlobalPosition, limit?: number): Promise<RecordedEvent[]>;
  /** Live subscription to every event after `from`, catching up first. */
  subscribe(options: SubscribeOptions): Subscription;
  close(): Promise<void>;
  /** Version of the stream's last event; -1 when it has none. */
  streamVersion(streamId: string): Promise<number>;
  /**
   * The last event visible to readers now; later commits (even of older transactions) come after it. A subscription
   * started from here sees every event committed from now on without reading the past.
   */
  headPosition(): Promise<GlobalPosition>;
  /** Every stream's last event with its hash, sorted by stream id (what an audit anchor records). */
  streamHeads(): AsyncIterable<StreamHead>;
  /** The hashes stored at these (stream, version) places; a place with no event is left out. */
  hashesAt(places: { stream: string; version: number }[]): Promise<StreamHead[]>;
  /** The events matching `query`, in log order. */
  findEvents(query: EventQuery): Promise<RecordedEvent[]>;
  /** The events of these types, one stream at a time (each stream's in version order), from one consistent view of the log. */
  eventsByStream(types: readonly string[]): AsyncIterable<RecordedEvent[]>;
  /**
   * Every event for the hash-chain verifier. `byStream`: the entries come stream by stream (so the verifier need not
   * keep every stream's tip), else in log order.
   */
  chainEntries(): { entries: AsyncIterable<ChainEntry>; byStream: boolean };
  /**
   * The events recorded in [from, to) in log order, as stored, streamed with back-pressure; absent where the store
   * cannot export its log itself (EventStoreDB: use its own tools).
   */
  exportWindow?(window: { from: Date; to: Date }): Promise<Readable>;
  /** Where deciders of long streams keep snapshots of their state (src/core/snapshots.ts); none: fold from the start. */
  snapshots?: SnapshotStore;
}
