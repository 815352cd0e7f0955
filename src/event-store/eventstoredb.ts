import { randomUUID } from 'node:crypto';
import {
  ANY,

  EventStoreDBClient,
  FORWARDS,
  NO_STREAM,
  START as ESDB_START,
  STREAM_EXISTS,
  StreamNotFoundError,
  WrongExpectedVersionError as EsdbWrongExpectedVersion,
  excludeSystemEvents,
  jsonEvent,
  type AppendExpectedRevision,
  type ResolvedEvent,
} from '@eventstore/db-client';
import { WrongExpectedVersionError, type ExpectedVersion } from '../core/errors.js';
import { eventMetadataSchema, validateEvent } from '../core/event-registry.js';
import {
  comparePositions,
  START,
  type AppendResult,
  type EventStore,
  type GlobalPosition,
  type NewEvent,
  type RecordedEvent,
  type StreamWrite,
  type SubscribeOptions,
  type Subscription,
} from '../core/event-store.js';

function toRevision(expected: ExpectedVersion): AppendExpectedRevision {
  if (expected === 'any') return ANY;
  if (expected === 'no_stream') return NO_STREAM;
  if (expected === 'stream_exists') return STREAM_EXISTS;
  return BigInt(expected);
}

function toRecorded(resolved: ResolvedEvent): RecordedEvent | null {
  const event = resolved.event;
  if (!event || !event.isJson) return null;
  const position = event.position ?? resolved.commitPosition;
  const commit = typeof position === 'bigint' ? position : (position?.commit ?? 0n);
  const prepare = typeof position === 'bigint' ? position : (position?.prepare ?? 0n);
  return {
    id: event.id,
    streamId: event.streamId,
    streamVersion: Number(event.revision),
    type: event.type,
    data: event.data,
    metadata: event.metadata as RecordedEvent['metadata'],
    position: { commit, prepare },
    createdAt: event.created.toISOString(),
  };
}

/** EventStoreDB/KurrentDB adapter, chosen when EVENTSTORE_URL is set. */
export class EventStoreDbEventStore implements EventStore {
  readonly kind = 'eventstoredb' as const;
  private readonly client: EventStoreDBClient;

  constructor(connectionString: string) {
    this.client = EventStoreDBClient.connectionString(connectionString);
  }

  async append(streamId: string, events: NewEvent[], options: { expectedVersion: ExpectedVersion }): Promise<AppendResult> {
    for (const event of events) {
      validateEvent(event.type, event.data);
      eventMetadataSchema.parse(event.metadata);
    }
    try {
      const result = await this.client.appendToStream(
        streamId,
        events.map((e) =>
          jsonEvent({ id: e.id ?? randomUUID(), type: e.type, data: e.data as never, metadata: e.metadata as never }),
        ),
        { expectedRevision: toRevision(options.expectedVersion) },
      );
      return {
        nextExpectedVersion: Number(result.nextExpectedRevision),
        position: result.position ?? START,
      };
    } catch (error) {
      if (error instanceof EsdbWrongExpectedVersion) {
        const actual = typeof error.actualVersion === 'bigint' ? Number(error.actualVersion) : -1;
        throw new WrongExpectedVersionError(streamId, options.expectedVersion, actual);
      }
      throw error;
    }
  }

  /** EventStoreDB has no multi-stream transaction: streams are written in order; callers compensate on failure. */
  async appendMany(writes: StreamWrite[]): Promise<AppendResult> {
    let last: AppendResult | null = null;
    for (const write of writes) {
      if (write.events.length === 0) continue;
      last = await this.append(write.streamId, write.events, { expectedVersion: write.expectedVersion });
    }
    if (!last) throw new Error('appendMany needs at least one event');
    return last;
  }

  async readStream(streamId: string): Promise<RecordedEvent[]> {
    const out: RecordedEvent[] = [];
    try {
      for await (const resolved of this.client.readStream(streamId, { direction: FORWARDS, fromRevision: ESDB_START })) {
        const recorded = toRecorded(resolved);
        if (recorded) out.push(recorded);
      }
    } catch (error) {
      if (error instanceof StreamNotFoundError) return [];
      throw error;
    }
    return out;
  }

  async readAll(from: GlobalPosition, limit = 500): Promise<RecordedEvent[]> {
    const out: RecordedEvent[] = [];
    const fromPosition = comparePositions(from, START) === 0 ? ESDB_START : from;
    for await (const resolved of this.client.readAll({ fromPosition, direction: FORWARDS, maxCount: limit + 1 })) {
      const recorded = toRecorded(resolved);
      if (!recorded || recorded.streamId.startsWith('$')) continue;
      if (comparePositions(recorded.position, from) <= 0) continue;
      out.push(recorded);
      if (out.length >= limit) break;
    }
    return out;
  }

  subscribe(options: SubscribeOptions): Subscription {
    const fromPosition = comparePositions(options.from, START) === 0 ? ESDB_START : options.from;
    const subscription = this.client.subscribeToAll({ fromPosition, filter: excludeSystemEvents() });
    const running = (async () => {
      try {
        for await (const resolved of subscription) {
          const recorded = toRecorded(resolved);
          if (recorded && comparePositions(recorded.position, options.from) > 0) await options.onEvents([recorded]);
        }
      } catch (error) {
        options.onError?.(error);
      }
    })();
    return {
      close: async () => {
        await subscription.unsubscribe();
        await running;
      },
    };
  }

  async close(): Promise<void> {
    await this.client.dispose();
  }
}

