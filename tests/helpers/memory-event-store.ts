import { randomUUID } from 'node:crypto';
import { checkExpectedVersion } from '../../src/core/errors.js';
import type { AppendResult, EventStore, GlobalPosition, NewEvent, RecordedEvent, StreamWrite } from '../../src/core/event-store.js';
import { comparePositions } from '../../src/core/event-store.js';
import type { Snapshot, SnapshotStore } from '../../src/core/snapshots.js';
import type { EventQuery, StreamHead } from '../../src/core/event-store.js';
import {
  chainEntriesByReading,
  eventsByStreamByReading,
  findEventsByReading,
  hashesAtByReading,
  streamHeadsByReading,
} from '../../src/event-store/log-reads-by-reading.js';

/**
 * An event store in memory for unit specs of the command handling (no PostgreSQL): the same expectedVersion rule as
 * the real adapters (checkExpectedVersion), appendMany all or nothing, a global position per event. `beforeAppend`
 * lets a test slip a competing write in between a command's read and its append.
 */
export class MemoryEventStore implements EventStore {
  readonly kind = 'postgres' as const;
  readonly log: RecordedEvent[] = [];
  appends = 0;
  beforeAppend?: (writes: StreamWrite[]) => Promise<void> | void;
  snapshots?: SnapshotStore;

  async append(streamId: string, events: NewEvent[], options: { expectedVersion: StreamWrite['expectedVersion'] }): Promise<AppendResult> {
    return this.appendMany([{ streamId, events, expectedVersion: options.expectedVersion }]);
  }

  async appendMany(writes: StreamWrite[]): Promise<AppendResult> {
    const hook = this.beforeAppend;
    if (hook) {
      this.beforeAppend = undefined;
      await hook(writes);
    }
    this.appends++;
    for (const write of writes) checkExpectedVersion(write.streamId, write.expectedVersion, this.versionOf(write.streamId));
    let last: AppendResult | null = null;
    for (const write of writes) {
      for (const event of write.events) {
        const streamVersion = this.versionOf(write.streamId) + 1;
        const position = { commit: BigInt(this.log.length + 1), prepare: BigInt(this.log.length + 1) };
        this.log.push({
          id: event.id ?? randomUUID(),
          streamId: write.streamId,
          streamVersion,
          type: event.type,
          data: event.data,
          metadata: event.metadata,
          position,
          createdAt: new Date().toISOString(),
        });
        last = { nextExpectedVersion: streamVersion, position };
      }
    }
    if (!last) throw new Error('nothing to append');
    return last;
  }

  versionOf(streamId: string): number {
    return this.log.filter((e) => e.streamId === streamId).length - 1;
  }

  async readStream(streamId: string, fromVersion = 0): Promise<RecordedEvent[]> {
    return this.log.filter((e) => e.streamId === streamId && e.streamVersion >= fromVersion);
  }

  async readAll(from: GlobalPosition, limit = 1000): Promise<RecordedEvent[]> {
    return this.log.filter((e) => comparePositions(e.position, from) > 0).slice(0, limit);
  }

  async streamVersion(streamId: string): Promise<number> {
    return this.versionOf(streamId);
  }

  async headPosition(): Promise<GlobalPosition> {
    return this.log[this.log.length - 1]?.position ?? { commit: 0n, prepare: 0n };
  }

  streamHeads(): AsyncIterable<StreamHead> {
    return streamHeadsByReading(this);
  }

  hashesAt(places: { stream: string; version: number }[]): Promise<StreamHead[]> {
    return hashesAtByReading(this, places);
  }

  findEvents(query: EventQuery): Promise<RecordedEvent[]> {
    return findEventsByReading(this, query);
  }

  eventsByStream(types: readonly string[]): AsyncIterable<RecordedEvent[]> {
    return eventsByStreamByReading(this, types);
  }

  chainEntries() {
    return { entries: chainEntriesByReading(this), byStream: false };
  }

  subscribe(): never {
    throw new Error('not in memory');
  }

  async close(): Promise<void> {}
}

/** Snapshots in a map, counting writes. */
export class MemorySnapshotStore implements SnapshotStore {
  readonly saved = new Map<string, { kind: string; snapshot: Snapshot<unknown> }>();
  saves = 0;
  failSaves = false;

  async load<State>(streamId: string, kind: string): Promise<Snapshot<State> | null> {
    const found = this.saved.get(streamId);
    return found && found.kind === kind ? (structuredClone(found.snapshot) as Snapshot<State>) : null;
  }

  async save<State>(streamId: string, kind: string, snapshot: Snapshot<State>): Promise<void> {
    this.saves++;
    if (this.failSaves) throw new Error('snapshot store down');
    this.saved.set(streamId, { kind, snapshot: structuredClone(snapshot) });
  }
}
