import type { Readable } from 'node:stream';
import pg from 'pg';
import { timeOrderedId } from '../core/time-ordered-id.js';
import { checkExpectedVersion, WrongExpectedVersionError, type ExpectedVersion } from '../core/errors.js';
import {
  comparePositions,
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
import type { EventDataCodec } from '../core/event-codec.js';
import { eventMetadataSchema, validateEvent } from '../core/event-registry.js';
import type { SnapshotStore } from '../core/snapshots.js';
import { scalarArray } from '../core/scalar-array.js';
import { textArray } from '../core/text-array.js';
import { LogTail } from './log-tail.js';
import { EVENT_COLUMNS, toRecorded, type EventRow } from './postgres-rows.js';
import * as logReads from './postgres-log-reads.js';
import { PostgresSnapshotStore } from './postgres-snapshots.js';

const CHANNEL = 'events_appended';
const POLL_FALLBACK_MS = 500;
/** Events a subscription reads from the database at once (kept in the shared tail for the others). */
const SHARED_READ = 1000;
/**
 * Appends of at least this many events hand their committed events to this process's subscriptions (LogTail.offer)
 * instead of having them read back: a bulk import's chunks. Smaller appends (every ordinary command) stay as they were.
 */
const HAND_OFF_MIN_EVENTS = 100;

export { EVENT_COLUMNS, toRecorded, type EventRow } from './postgres-rows.js';

/**
 * Event bodies travel as ONE JSON array per column (`jsonb_array_elements` on the server), not as a jsonb[] array
 * literal: pg escapes every quote of every body into the literal (about half of the Node CPU of a 100,000-event bulk
 * append, bench/catalogue/import-freshness.ts) and the server parses the same bytes either way.
 */
const jsonArray = <T>(items: readonly T[], pick: (item: T) => unknown) => JSON.stringify(items.map(pick));
const SELECT = `select ${EVENT_COLUMNS} from events`;

/**
 * A multi-stream append's one INSERT: $1 stream ids, $2 versions, $3 event ids, $4 types (one literal each), $5 data
 * and $6 metadata (JSON arrays), $7 whether to answer what the database added to each event (the hand-off). Exported
 * so bench/event-store/event-insert-cpu.ts measures this statement, not a copy of it.
 */
export const APPEND_MANY_SQL = `with inserted as (
     insert into events (stream_id, stream_version, event_id, type, data, metadata)
     select s, v, id, t, d, m
       from rows from (unnest($1::text[]), unnest($2::int[]), unnest($3::uuid[]), unnest($4::text[]),
                       jsonb_array_elements($5::jsonb), jsonb_array_elements($6::jsonb)) with ordinality as u(s, v, id, t, d, m, ord)
      order by ord
     returning global_position, event_id, prev_hash, hash)
   select max(global_position)::text as gp, pg_current_xact_id()::text as tx,
          string_agg(global_position::text || ' ' || event_id::text || ' ' || coalesce(prev_hash, '') || ' ' || hash, ' '
                     order by global_position) filter (where $7::boolean) as added,
          now() as at
     from inserted`;

/** What a multi-stream append's INSERT answers: its last position and transaction, and (hand-off) what it added. */
interface AppendedRow {
  gp: string;
  tx: string;
  added: string | null;
  at: Date;
}

/** A multi-stream append's events, one array per column, in insert order. */
interface AppendColumns {
  streams: string[];
  versions: number[];
  ids: string[];
  types: string[];
  data: unknown[];
  metadata: unknown[];
}

/**
 * Event store on PostgreSQL. Appends run concurrently (no global lock); readers follow the log by
 * (transaction id, position) and never past the oldest running transaction, so late commits are not skipped.
 */
export class PostgresEventStore implements EventStore {
  readonly kind = 'postgres' as const;
  private listener: pg.Client | null = null;
  private listenerStarting: Promise<void> | null = null;
  private readonly wakers = new Set<() => void>();
  private notifyTimer: NodeJS.Timeout | null = null;
  private closed = false;
  /** What this process's subscriptions have read lately: each batch is read and parsed once for all of them. */
  private readonly tail = new LogTail();

  /** Snapshots of long streams' decider state live beside the log. */
  readonly snapshots: SnapshotStore;

  /** Applied after validation on append and on every read (personal data encryption, src/modules/privacy/codec.ts). */
  private readonly codec: EventDataCodec | null;

  /** See HAND_OFF_MIN_EVENTS; `Infinity` turns the hand-off off. */
  private readonly handOffMinEvents: number;

  constructor(
    private readonly pool: pg.Pool,
    options: { codec?: EventDataCodec; handOffMinEvents?: number } = {},
  ) {
    this.snapshots = new PostgresSnapshotStore(pool);
    this.codec = options.codec ?? null;
    this.handOffMinEvents = options.handOffMinEvents ?? HAND_OFF_MIN_EVENTS;
  }

  private async decoded(events: RecordedEvent[]): Promise<RecordedEvent[]> {
    return this.codec && events.length > 0 ? this.codec.decode(events) : events;
  }

  async append(streamId: string, events: NewEvent[], options: { expectedVersion: ExpectedVersion }): Promise<AppendResult> {
    return this.appendMany([{ streamId, events, expectedVersion: options.expectedVersion }]);
  }

  async appendMany(writes: StreamWrite[]): Promise<AppendResult> {
    if (writes.length === 0 || writes.every((w) => w.events.length === 0)) {
      throw new Error('appendMany needs at least one event');
    }
    // Events of one command usually share one metadata object: checked once (a synchronous loop, and parsing neither
    // changes it nor keeps it, so the same object passes the same way again).
    let checkedMetadata: unknown = undefined;
    for (const write of writes)
      for (const event of write.events) {
        validateEvent(event.type, event.data);
        if (event.metadata !== checkedMetadata) {
          eventMetadataSchema.parse(event.metadata);
          checkedMetadata = event.metadata;
        }
      }
    let nonEmpty = writes.filter((w) => w.events.length > 0);
    const codec = this.codec;
    // Handed over only when the events stored are the events given (nothing sealed, no stream id hashed): then they are
    // what a read would give back.
    let asGiven = true;
    if (codec) {
      // Every write's events encoded in one call (a bulk import chunk has 2,000 writes: one promise and one copy of each
      // write less, bench/catalogue/import-freshness.ts --alloc); a write is copied only when its stream id or events change.
      const all: NewEvent[] = [];
      for (const w of nonEmpty) for (const event of w.events) all.push(event);
      const encoded = await codec.encode(all);
      const given = nonEmpty;
      let at = 0;
      nonEmpty = given.map((w) => {
        const streamId = codec.storedStreamId(w.streamId);
        const events = encoded === all ? w.events : encoded.slice(at, at + w.events.length);
        at += w.events.length;
        return streamId === w.streamId && events === w.events ? w : { ...w, streamId, events };
      });
      asGiven = encoded === all && nonEmpty.every((w, i) => w === given[i]);
    }
    let total = 0;
    for (const w of nonEmpty) total += w.events.length;
    const handOff = asGiven && total >= this.handOffMinEvents;
    for (let attempt = 0; ; attempt++) {
      try {
        return nonEmpty.length === 1 ? await this.appendOneStatement(nonEmpty[0]!) : await this.tryAppend(nonEmpty, handOff);
      } catch (error) {
        // 'any' writers race on the next version number; retry them, never the others.
        const retriable = error instanceof WrongExpectedVersionError && writes.every((w) => w.expectedVersion === 'any') && attempt < 10;
        if (!retriable) throw error;
      }
    }
  }

  /**
   * Single-stream append in one statement (its own transaction, one round trip): the version check and the insert
   * happen together; an insert of zero rows means the expected version did not match.
   */
  private async appendOneStatement(write: StreamWrite): Promise<AppendResult> {
    const expected = write.expectedVersion;
    const exact = typeof expected === 'number' ? expected : expected === 'no_stream' ? -1 : null;
    const ids = write.events.map((e) => e.id ?? timeOrderedId());
    let result: pg.QueryResult<{ gp: string; tx: string; stream_version: number }>;
    try {
      result = await this.pool.query({
        // Prepared once per connection: the planner cost is paid once, not per append.
        name: 'append-one-stream',
        text: `with cur as (select coalesce(max(stream_version), -1)::int as v from events where stream_id = $1)
         insert into events (stream_id, stream_version, event_id, type, data, metadata)
         select $1, cur.v + u.ord::int, u.id, u.t, u.d, u.m
           from cur, rows from (unnest($4::uuid[]), unnest($5::text[]), jsonb_array_elements($6::jsonb), jsonb_array_elements($7::jsonb))
                with ordinality as u(id, t, d, m, ord)
          where ($2::int is null or cur.v = $2::int) and (not $3::boolean or cur.v >= 0)
          order by u.ord
         returning global_position::text as gp, transaction_id::text as tx, stream_version`,
        values: [
          write.streamId,
          exact,
          expected === 'stream_exists',
          ids,
          write.events.map((e) => e.type),
          jsonArray(write.events, (e) => e.data),
          jsonArray(write.events, (e) => e.metadata),
        ],
      });
    } catch (error) {
      if ((error as { code?: string }).code === '23505' && (error as { constraint?: string }).constraint === 'events_stream_version_unique') {
        throw new WrongExpectedVersionError(write.streamId, expected, await this.currentVersion(write.streamId));
      }
      throw error;
    }
    if (result.rows.length === 0) {
      throw new WrongExpectedVersionError(write.streamId, expected, await this.currentVersion(write.streamId));
    }
    const rows = [...result.rows].sort((a, b) => a.stream_version - b.stream_version);
    const lastRow = rows[rows.length - 1]!;
    this.wakeLocal();
    this.scheduleNotify();
    return { nextExpectedVersion: lastRow.stream_version, position: { commit: BigInt(lastRow.tx), prepare: BigInt(lastRow.gp) } };
  }

  private currentVersion(streamId: string): Promise<number> {
    return logReads.streamVersion(this.pool, streamId);
  }

  /**
   * Multi-stream append in one transaction with two statements whatever the number of streams: read every current
   * version, check them all, insert every event. A concurrent writer that got in first trips the unique
   * (stream_id, stream_version) constraint, so the whole transaction writes nothing.
   */
  private async tryAppend(writes: StreamWrite[], handOff = false): Promise<AppendResult> {
    const streamIds = writes.map((w) => w.streamId);
    if (new Set(streamIds).size !== streamIds.length) throw new Error('appendMany: each stream may appear once');
    const endHanding = handOff ? this.tail.handing() : null;
    const client = await this.pool.connect().catch((error: unknown) => {
      endHanding?.();
      throw error;
    });
    let last: AppendedRow;
    let lastVersion: number;
    let columns: AppendColumns;
    let handing: { settle(committed: boolean): void } | null = null;
    let committed = false;
    try {
      await client.query('begin');
      // A 'no_stream' write needs no read: its first event takes version 0, which the unique (stream_id,
      // stream_version) constraint refuses for any stream that exists (a bulk import's new products: half the cost
      // of its transaction). The others are read one index probe each: `stream_id = any($1)` over thousands of ids
      // was planned as a sequential scan of the whole log, slower with every event ever written.
      const toRead = writes.filter((w) => w.expectedVersion !== 'no_stream').map((w) => w.streamId);
      const current =
        toRead.length === 0
          ? { rows: [] }
          : await client.query<{ stream_id: string; v: number | null }>(
              `select s.id as stream_id, (select max(e.stream_version) from events e where e.stream_id = s.id)::int as v
                 from unnest($1::text[]) as s(id)`,
              [textArray(toRead)],
            );
      const versions = new Map<string, number>();
      for (const r of current.rows) if (r.v !== null) versions.set(r.stream_id, r.v);
      columns = {
        streams: [] as string[],
        versions: [] as number[],
        ids: [] as string[],
        types: [] as string[],
        data: [] as unknown[],
        metadata: [] as unknown[],
      };
      for (const write of writes) {
        const version = versions.get(write.streamId) ?? -1;
        checkExpectedVersion(write.streamId, write.expectedVersion, version);
        for (let i = 0; i < write.events.length; i++) {
          const event = write.events[i]!;
          columns.streams.push(write.streamId);
          columns.versions.push(version + 1 + i);
          columns.ids.push(event.id ?? timeOrderedId());
          columns.types.push(event.type);
          columns.data.push(event.data);
          columns.metadata.push(event.metadata);
        }
      }
      try {
        // Only the last position comes back (a 1,000-row import chunk returned and parsed 2,000 rows for it), and for
        // a hand-off what the database added to each event, as one string: position, id, previous hash, hash.
        // Every array as one literal (scalarArray, textArray): pg would escape each element on its own.
        // Tried: all four as JSON arrays read by jsonb_array_elements_text — PostgreSQL's CPU per 50,000-row import went
        // up ~0.4 s (8 files each side, bench/catalogue/import-freshness.ts), more than Node saved.
        const inserted = await client.query<AppendedRow>(APPEND_MANY_SQL, [
          textArray(columns.streams),
          scalarArray(columns.versions),
          textArray(columns.ids),
          textArray(columns.types),
          JSON.stringify(columns.data),
          JSON.stringify(columns.metadata),
          handOff,
        ]);
        last = inserted.rows[0]!;
        lastVersion = columns.versions[columns.versions.length - 1]!;
      } catch (error) {
        const e = error as { code?: string; constraint?: string; detail?: string };
        if (e.code === '23505' && e.constraint === 'events_stream_version_unique') {
          const streamId = writes.find((w) => e.detail?.includes(`(${w.streamId},`))?.streamId ?? writes[0]!.streamId;
          const write = writes.find((w) => w.streamId === streamId)!;
          const actual = write.expectedVersion === 'no_stream' ? await this.currentVersion(streamId) : (versions.get(streamId) ?? -1) + 1;
          throw new WrongExpectedVersionError(streamId, write.expectedVersion, actual);
        }
        throw error;
      }
      // The hand-off is made ready before COMMIT (a subscriber that sees the transaction first waits for it rather than
      // reading it back) and delivered only once COMMIT succeeded: a rolled-back transaction hands nothing over.
      if (handOff) handing = this.handOffSafely(columns, last);
      await client.query('commit');
      committed = true;
    } catch (error) {
      await client.query('rollback').catch(() => undefined);
      throw error;
    } finally {
      client.release();
      handing?.settle(committed);
      endHanding?.();
    }
    // Positions follow the order of the writes and, within a stream, its versions (the log order is the replay order):
    // the last event inserted is the last write's last event, at the version computed for it above.
    this.wakeLocal();
    this.scheduleNotify();
    return {
      nextExpectedVersion: lastVersion,
      position: { commit: BigInt(last.tx), prepare: BigInt(last.gp) },
    };
  }

  /**
   * The transaction's events as a read of the log would give them (the data and metadata given, with the positions,
   * hashes and time the database gave them), promised to this process's subscriptions before COMMIT and
   * settled after it: delivered when it committed, withdrawn when not. Checked, not assumed: the ids must come back
   * in the order of the positions, else nothing is handed over (the subscriptions read the events instead).
   */
  private handOffSafely(...args: Parameters<PostgresEventStore['handOff']>): ReturnType<PostgresEventStore['handOff']> {
    try {
      return this.handOff(...args);
    } catch {
      return null; // never fails the append: the subscriptions read the events instead
    }
  }

  private handOff(columns: AppendColumns, row: AppendedRow): { settle(committed: boolean): void } | null {
    if (row.added === null) return null;
    const added = row.added.split(' ');
    const n = columns.ids.length;
    if (added.length !== n * 4) return null;
    for (let i = 0; i < n; i++) if (added[i * 4 + 1] !== columns.ids[i]) return null;
    const commit = BigInt(row.tx);
    const createdAt = row.at.toISOString();
    const events: RecordedEvent[] = new Array(n);
    for (let i = 0; i < n; i++) {
      events[i] = {
        id: columns.ids[i]!,
        streamId: columns.streams[i]!,
        streamVersion: columns.versions[i]!,
        type: columns.types[i]!,
        // The objects given, not a parse of the JSON sent: they validated at append and are what the JSON was made
        // from, and parsing 2,000 bodies again per chunk was 0.3 s of a 50,000-row file plus the garbage collection of a
        // second copy the tail keeps (bench/catalogue/import-freshness.ts). A read gives equal JSON (a property whose value is
        // undefined is absent there, and jsonb orders keys its own way: no subscriber depends on either).
        data: columns.data[i],
        metadata: columns.metadata[i] as RecordedEvent['metadata'],
        position: { commit, prepare: BigInt(added[i * 4]!) },
        createdAt,
        hash: added[i * 4 + 3]!,
        prevHash: added[i * 4 + 2] || null,
      };
    }
    const promise = this.tail.promise(commit);
    return {
      settle: (committed) => {
        if (!committed) return promise.withdraw();
        // Decoded as a read decodes (nothing was sealed, but an erasure event still drops a cached key).
        this.decoded(events).then(
          (decoded) => promise.deliver(decoded),
          () => promise.withdraw(),
        );
      },
    };
  }

  /** The position of the first event readers may see after `from` (readAll's condition), or null when there is none. */
  private async nextVisible(from: GlobalPosition): Promise<GlobalPosition | null> {
    const { rows } = await this.pool.query<{ tx: string; gp: string }>({
      name: 'next-visible-position',
      text: `select transaction_id::text as tx, global_position::text as gp from events
              where (transaction_id, global_position) > ($1::text::xid8, $2::bigint)
                and transaction_id < pg_snapshot_xmin(pg_current_snapshot())
              order by transaction_id, global_position
              limit 1`,
      values: [from.commit.toString(), from.prepare.toString()],
    });
    return rows[0] ? { commit: BigInt(rows[0].tx), prepare: BigInt(rows[0].gp) } : null;
  }

  async readStream(streamId: string, fromVersion = 0): Promise<RecordedEvent[]> {
    const stored = this.codec ? this.codec.storedStreamId(streamId) : streamId;
    const result = await this.pool.query<EventRow>(`${SELECT} where stream_id = $1 and stream_version >= $2 order by stream_version`, [stored, fromVersion]);
    return this.decoded(result.rows.map(toRecorded));
  }

  async readAll(from: GlobalPosition, limit = 500): Promise<RecordedEvent[]> {
    const result = await this.pool.query<EventRow>(
      `${SELECT}
       where (transaction_id, global_position) > ($1::text::xid8, $2::bigint)
         and transaction_id < pg_snapshot_xmin(pg_current_snapshot())
       order by events.transaction_id, events.global_position
       limit $3`,
      [from.commit.toString(), from.prepare.toString(), limit],
    );
    return this.decoded(result.rows.map(toRecorded));
  }

  streamVersion(streamId: string): Promise<number> {
    // The stream as stored (an e-mail claim under its keyed hash), as readStream reads it.
    return logReads.streamVersion(this.pool, this.codec ? this.codec.storedStreamId(streamId) : streamId);
  }

  headPosition(): Promise<GlobalPosition> {
    return logReads.headPosition(this.pool);
  }

  streamHeads(): AsyncIterable<StreamHead> {
    return logReads.streamHeads(this.pool);
  }

  hashesAt(places: { stream: string; version: number }[]): Promise<StreamHead[]> {
    return logReads.hashesAt(this.pool, places);
  }

  findEvents(query: EventQuery): Promise<RecordedEvent[]> {
    return logReads.findEvents(this.pool, query);
  }

  eventsByStream(types: readonly string[]): AsyncIterable<RecordedEvent[]> {
    return logReads.eventsByStream(this.pool, types);
  }

  chainEntries(): { entries: AsyncIterable<ChainEntry>; byStream: boolean } {
    return { entries: logReads.chainEntries(this.pool), byStream: true };
  }

  exportWindow(window: { from: Date; to: Date }): Promise<Readable> {
    return logReads.exportWindow(this.pool, window);
  }

  subscribe(options: SubscribeOptions): Subscription {
    let position = options.from;
    let stopped = false;
    let wake: (() => void) | null = null;
    let hint = false;
    const waker = () => {
      hint = true;
      wake?.();
    };
    this.wakers.add(waker);
    void this.ensureListener().catch((error) => options.onError?.(error));
    const batchSize = options.batchSize ?? 500;

    const loop = async () => {
      while (!stopped) {
        try {
          hint = false;
          const events = await this.tail.read(
            position,
            batchSize,
            (from) => this.readAll(from, Math.max(batchSize, SHARED_READ)),
            (from) => this.nextVisible(from),
          );
          if (stopped) break;
          if (events.length > 0) {
            await options.onEvents(events);
            const lastPosition = events[events.length - 1]!.position;
            if (comparePositions(lastPosition, position) > 0) position = lastPosition;
            continue;
          }
          // After a lost connection the LISTEN client is gone: bring it back (polling covers the gap meanwhile).
          if (!this.listener && !this.closed) void this.ensureListener().catch(() => undefined);
          // A notification with nothing visible yet means a transaction is still in flight: look again soon.
          await new Promise<void>((resolve) => {
            const timer = setTimeout(resolve, hint ? 10 : POLL_FALLBACK_MS);
            wake = () => {
              clearTimeout(timer);
              resolve();
            };
          });
          wake = null;
        } catch (error) {
          options.onError?.(error);
          await new Promise((r) => setTimeout(r, 1000));
        }
      }
    };
    const running = loop();
    return {
      close: async () => {
        stopped = true;
        wake?.();
        this.wakers.delete(waker);
        await running;
      },
    };
  }

  private wakeLocal(): void {
    for (const waker of this.wakers) waker();
  }

  /** Wakes other instances; debounced because NOTIFY serialises commits server-side. */
  private scheduleNotify(): void {
    if (this.notifyTimer || this.closed) return;
    this.notifyTimer = setTimeout(() => {
      this.notifyTimer = null;
      this.pool.query(`select pg_notify('${CHANNEL}', '')`).catch(() => undefined);
    }, 5);
  }

  private ensureListener(): Promise<void> {
    if (this.listener || this.closed) return Promise.resolve();
    this.listenerStarting ??= (async () => {
      const client = new pg.Client((this.pool as unknown as { options: pg.ClientConfig }).options);
      client.on('notification', () => this.wakeLocal());
      client.on('error', () => {
        this.listener = null;
        this.listenerStarting = null;
        void client.end().catch(() => undefined);
      });
      await client.connect();
      await client.query(`listen ${CHANNEL}`);
      if (this.closed) {
        await client.end();
        return;
      }
      this.listener = client;
    })().catch((error) => {
      this.listenerStarting = null;
      throw error;
    });
    return this.listenerStarting;
  }

  async close(): Promise<void> {
    this.closed = true;
    if (this.notifyTimer) clearTimeout(this.notifyTimer);
    await this.listenerStarting?.catch(() => undefined);
    await this.listener?.end().catch(() => undefined);
    this.listener = null;
    await this.codec?.close?.();
  }
}
