import { randomBytes, randomUUID } from 'node:crypto';
import { recomputedHash } from '../../tests/helpers/recomputed-hash.js';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { WrongExpectedVersionError } from '../core/errors.js';
import { registerEvents } from '../core/event-registry.js';
import {
  comparePositions,
  START,
  type ChainEntry,
  type EventQuery,
  type EventStore,
  type NewEvent,
  type RecordedEvent,
  type StreamHead,
} from '../core/event-store.js';
import { migrate } from '../db/migrate.js';
import { createTestDatabase } from '../../tests/helpers/test-runtime.js';
import { EventStoreDbEventStore } from './eventstoredb.js';
import { chainEntriesByReading, eventsByStreamByReading, findEventsByReading, hashesAtByReading, streamHeadsByReading } from './log-reads-by-reading.js';
import { PostgresEventStore } from './postgres.js';
import { verifyStoreChains } from '../modules/audit/chain-sources.js';
import '../modules/customers/customer.js';
import { PersonalDataCodec } from '../modules/privacy/codec.js';
import { SubjectKeyStore } from '../modules/privacy/subject-keys.js';

registerEvents({
  TestHappened: z.object({ n: z.number() }),
  TestTagged: z.object({ tag: z.string(), n: z.number() }),
  TestTimed: z.object({ at: z.string(), n: z.number() }),
});
const event = (n: number): NewEvent => ({
  type: 'TestHappened',
  data: { n },
  metadata: { correlationId: randomUUID(), timestamp: new Date().toISOString() },
});

/**
 * Readers see an event once every older transaction in the cluster has ended (that is what stops skips), so a read
 * right after an append may briefly lag while other tests' transactions run: poll until the events show.
 */
async function readAllUntil(store: EventStore, from: Parameters<EventStore['readAll']>[0], done: (events: RecordedEvent[]) => boolean) {
  let events: RecordedEvent[] = [];
  await expect.poll(async () => done((events = await store.readAll(from, 100_000))), { message: 'the events appended show to readers' }).toBe(true);
  return events;
}

interface Adapter {
  name: string;
  available: boolean;
  create: () => Promise<{ store: EventStore; close: () => Promise<void> }>;
}

const adapters: Adapter[] = [
  {
    name: 'postgres',
    available: true,
    create: async () => {
      const pool = new pg.Pool({ connectionString: await createTestDatabase(), max: 30 });
      await migrate(pool);
      const store = new PostgresEventStore(pool);
      return { store, close: async () => (await store.close(), await pool.end()) };
    },
  },
  {
    // The PostgreSQL adapter answering the audit reads by reading the log through, as the EventStoreDB adapter does:
    // the generic code runs on every machine, not only where an EventStoreDB server is reachable.
    name: 'postgres, audit reads by reading the log',
    available: true,
    create: async () => {
      const pool = new pg.Pool({ connectionString: await createTestDatabase(), max: 30 });
      await migrate(pool);
      const inner = new PostgresEventStore(pool);
      const store: EventStore = Object.create(inner, {
        streamVersion: { value: async (s: string) => (await inner.readStream(s)).length - 1 },
        streamHeads: { value: () => streamHeadsByReading(inner) },
        hashesAt: { value: (places: { stream: string; version: number }[]) => hashesAtByReading(inner, places) },
        findEvents: { value: (query: EventQuery) => findEventsByReading(inner, query) },
        eventsByStream: { value: (types: string[]) => eventsByStreamByReading(inner, types) },
        chainEntries: { value: () => ({ entries: chainEntriesByReading(inner), byStream: false }) },
      });
      return { store, close: async () => (await inner.close(), await pool.end()) };
    },
  },
  {
    // Runs only where an EventStoreDB/KurrentDB server is reachable (EVENTSTORE_URL), e.g. under docker compose.
    name: 'eventstoredb',
    available: Boolean(process.env.EVENTSTORE_URL),
    create: async () => {
      const store = new EventStoreDbEventStore(process.env.EVENTSTORE_URL!);
      return { store, close: () => store.close() };
    },
  },
];

for (const adapter of adapters) {
  describe.skipIf(!adapter.available)(`event store contract: ${adapter.name}`, () => {
    let store: EventStore;
    let close: () => Promise<void>;
    beforeAll(async () => ({ store, close } = await adapter.create()));
    afterAll(async () => close?.());

    it('answers what audit, the live feed and the order numbers read: versions, head, chain heads, hashes, queries', async () => {
      const tagged = (tag: string, n: number): NewEvent => ({
        type: 'TestTagged',
        data: { tag, n },
        metadata: { correlationId: randomUUID(), timestamp: new Date().toISOString() },
      });
      const a = `test-${randomUUID()}`;
      const b = `test-${randomUUID()}`;
      const tag = randomUUID();
      expect(await store.streamVersion(a)).toBe(-1);
      await store.append(a, [tagged(tag, 1), event(2), tagged('other', 3)], { expectedVersion: 'no_stream' });
      const last = await store.append(b, [tagged(tag, 4)], { expectedVersion: 'no_stream' });
      expect(await store.streamVersion(a)).toBe(2);
      expect(await store.streamVersion(b)).toBe(0);
      // The head is what readers can see: other transactions of the cluster may hold the newest events back a moment.
      await expect.poll(async () => comparePositions(await store.headPosition(), last.position)).toBeGreaterThanOrEqual(0);
      expect(comparePositions(await store.headPosition(), last.position)).toBe(0);

      const [readA, readB] = [await store.readStream(a), await store.readStream(b)];
      const heads: StreamHead[] = [];
      for await (const h of store.streamHeads()) heads.push(h);
      expect(heads.map((h) => h.stream)).toEqual([...heads.map((h) => h.stream)].sort());
      expect(heads.filter((h) => h.stream === a || h.stream === b)).toEqual(
        [
          { stream: a, version: 2, hash: readA[2]!.hash },
          { stream: b, version: 0, hash: readB[0]!.hash },
        ].sort((x, y) => (x.stream < y.stream ? -1 : 1)),
      );
      const hashes = await store.hashesAt([
        { stream: a, version: 1 },
        { stream: a, version: 7 },
        { stream: `test-${randomUUID()}`, version: 0 },
        { stream: b, version: 0 },
      ]);
      expect(hashes.sort((x, y) => (x.stream < y.stream ? -1 : 1))).toEqual(
        [
          { stream: a, version: 1, hash: readA[1]!.hash },
          { stream: b, version: 0, hash: readB[0]!.hash },
        ].sort((x, y) => (x.stream < y.stream ? -1 : 1)),
      );

      const n = (events: RecordedEvent[]) => events.map((e) => (e.data as { n: number }).n);
      expect(n(await store.findEvents({ streams: [a, b], data: { tag } }))).toEqual([1, 4]);
      expect(n(await store.findEvents({ streams: [a], types: ['TestHappened'] }))).toEqual([2]);
      expect(n(await store.findEvents({ types: ['TestTagged'], data: { tag }, limit: 1 }))).toEqual([1]);
      expect(await store.findEvents({ streams: [b], data: { tag: 'other' } })).toEqual([]);

      // A time window on a data field (GST's tax period: June in India time), from inclusive, to exclusive.
      const timed = `test-${randomUUID()}`;
      const at = ['2026-05-31T18:29:59.999Z', '2026-05-31T18:30:00.000Z', '2026-06-30T18:29:59.999Z', '2026-06-30T18:30:00.000Z'];
      await store.append(
        timed,
        at.map((time, i): NewEvent => ({ type: 'TestTimed', data: { at: time, n: i + 1 }, metadata: { correlationId: randomUUID(), timestamp: time } })),
        { expectedVersion: 'no_stream' },
      );
      const june = { field: 'at', from: '2026-05-31T18:30:00.000Z', to: '2026-06-30T18:30:00.000Z' };
      expect(n(await store.findEvents({ streams: [timed], timeBetween: june }))).toEqual([2, 3]);
      expect(n(await store.findEvents({ types: ['TestTimed'], timeBetween: june }))).toEqual([2, 3]);

      const byStream: RecordedEvent[][] = [];
      for await (const events of store.eventsByStream(['TestTagged'])) if (events[0]!.streamId === a || events[0]!.streamId === b) byStream.push(events);
      expect(byStream.map((events) => events.map((e) => `${e.streamId}@${e.streamVersion}`)).sort()).toEqual([[`${a}@0`, `${a}@2`], [`${b}@0`]].sort());

      const { entries } = store.chainEntries();
      const mine: ChainEntry[] = [];
      for await (const entry of entries) if (entry.streamId === a) mine.push(entry);
      expect(mine.map((e) => [e.version, e.hash, e.prevHash])).toEqual(readA.map((e) => [e.streamVersion, e.hash, e.prevHash]));
      expect(JSON.parse(mine[0]!.dataText)).toEqual({ tag, n: 1 });
    });

    it('appends and reads a stream in order with versions', async () => {
      const stream = `test-${randomUUID()}`;
      const first = await store.append(stream, [event(1), event(2)], { expectedVersion: 'no_stream' });
      expect(first.nextExpectedVersion).toBe(1);
      await store.append(stream, [event(3)], { expectedVersion: 1 });
      const read = await store.readStream(stream);
      expect(read.map((e) => (e.data as { n: number }).n)).toEqual([1, 2, 3]);
      expect(read.map((e) => e.streamVersion)).toEqual([0, 1, 2]);
      expect(read[0]!.metadata.correlationId).toBeTruthy();
    });

    it('reads a stream from a version on', async () => {
      const stream = `test-${randomUUID()}`;
      await store.append(stream, [event(1), event(2), event(3), event(4)], { expectedVersion: 'no_stream' });
      expect((await store.readStream(stream, 2)).map((e) => [e.streamVersion, (e.data as { n: number }).n])).toEqual([
        [2, 3],
        [3, 4],
      ]);
      expect(await store.readStream(stream, 4)).toEqual([]);
      expect((await store.readStream(stream, 0)).map((e) => e.streamVersion)).toEqual([0, 1, 2, 3]);
    });

    it('refuses a stale expectedVersion with a typed conflict and writes nothing', async () => {
      const stream = `test-${randomUUID()}`;
      await store.append(stream, [event(1)], { expectedVersion: 'no_stream' });
      await expect(store.append(stream, [event(2)], { expectedVersion: 'no_stream' })).rejects.toBeInstanceOf(WrongExpectedVersionError);
      await expect(store.append(stream, [event(2), event(3)], { expectedVersion: 5 })).rejects.toBeInstanceOf(WrongExpectedVersionError);
      expect(await store.readStream(stream)).toHaveLength(1);
    });

    it('lets exactly one of two concurrent writers with the same expectedVersion win', async () => {
      const stream = `test-${randomUUID()}`;
      await store.append(stream, [event(0)], { expectedVersion: 'no_stream' });
      const results = await Promise.allSettled(Array.from({ length: 10 }, (_, i) => store.append(stream, [event(i)], { expectedVersion: 0 })));
      expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(1);
      expect(results.filter((r) => r.status === 'rejected' && r.reason instanceof WrongExpectedVersionError)).toHaveLength(9);
      expect(await store.readStream(stream)).toHaveLength(2);
    });

    it('chains every event to the previous one of its stream with the same hash on every adapter', async () => {
      const stream = `test-${randomUUID()}`;
      await store.append(stream, [event(1), event(2)], { expectedVersion: 'no_stream' });
      await store.append(stream, [event(3)], { expectedVersion: 'any' });
      const read = await store.readStream(stream);
      expect(read[0]!.prevHash).toBeNull();
      for (let i = 1; i < read.length; i++) expect(read[i]!.prevHash).toBe(read[i - 1]!.hash);
      for (const e of read) {
        // the metadata read back is the metadata written: the chain does not leak into it
        expect(Object.keys(e.metadata).sort()).toEqual(['correlationId', 'timestamp']);
        expect(recomputedHash(e)).toBe(e.hash);
      }
    });

    it('keeps bodies with quotes, backslashes, braces and non-ASCII text exactly, on single- and multi-stream appends', async () => {
      const awkward = ['say "hi", {x}', 'C:\\path\\"q"', '[1,2]', '₹ 1,299 — 鬼滅の刃 🐉', 'line\nbreak\ttab', "it's", '\\u0041 not an escape'];
      const tagged = (tag: string, n: number): NewEvent => ({ ...event(n), type: 'TestTagged', data: { tag, n } });
      const one = `test-${randomUUID()}`;
      const [a, b] = [`test-${randomUUID()}`, `test-${randomUUID()}`];
      await store.append(
        one,
        awkward.map((tag, n) => tagged(tag, n)),
        { expectedVersion: 'no_stream' },
      );
      await store.appendMany([
        { streamId: a, events: awkward.map((tag, n) => tagged(tag, n)), expectedVersion: 'no_stream' },
        { streamId: b, events: [tagged(awkward.join(''), 99)], expectedVersion: 'no_stream' },
      ]);
      for (const [stream, expected] of [
        [one, awkward.map((tag, n) => ({ tag, n }))],
        [a, awkward.map((tag, n) => ({ tag, n }))],
        [b, [{ tag: awkward.join(''), n: 99 }]],
      ] as const) {
        const read = await store.readStream(stream);
        expect(read.map((e) => e.data)).toEqual(expected);
        for (const e of read) expect(recomputedHash(e)).toBe(e.hash);
      }
    });

    it('appendMany answers the last write’s next expected version and the position of the last event it wrote', async () => {
      const [a, b] = [`test-${randomUUID()}`, `test-${randomUUID()}`];
      await store.append(b, [event(0), event(1)], { expectedVersion: 'no_stream' });
      const result = await store.appendMany([
        { streamId: a, events: [event(2), event(3), event(4)], expectedVersion: 'no_stream' },
        { streamId: b, events: [event(5), event(6)], expectedVersion: 1 },
      ]);
      expect(result.nextExpectedVersion).toBe(3);
      const [readA, readB] = [await store.readStream(a), await store.readStream(b)];
      expect(result.position).toEqual(readB.at(-1)!.position);
      for (const e of [...readA, ...readB]) expect(comparePositions(e.position, result.position)).toBeLessThanOrEqual(0);
      // The next append expecting that version succeeds.
      await store.append(b, [event(7)], { expectedVersion: result.nextExpectedVersion });
    });

    it('appendMany is all or nothing across streams where the store can append to several at once', async () => {
      // PostgreSQL always can (one transaction); KurrentDB from 25.1 (multiStreamAppend); older servers write stream by
      // stream, so there the earlier stream stays written (the documented limitation).
      const atomic = !(store instanceof EventStoreDbEventStore) || (await store.appendsManyAtomically());
      const [a, b] = [`test-${randomUUID()}`, `test-${randomUUID()}`];
      await store.append(b, [event(1), event(2)], { expectedVersion: 'no_stream' });
      const refused = await store
        .appendMany([
          { streamId: a, events: [event(3)], expectedVersion: 'no_stream' },
          { streamId: b, events: [event(4)], expectedVersion: 0 },
        ])
        .catch((error: unknown) => error);
      expect(refused).toBeInstanceOf(WrongExpectedVersionError);
      expect(refused).toMatchObject({ streamId: b, expected: 0, actual: 1 });
      expect(await store.readStream(a)).toHaveLength(atomic ? 0 : 1);
      await store.appendMany([
        { streamId: a, events: [event(3)], expectedVersion: atomic ? 'no_stream' : 0 },
        { streamId: b, events: [event(4)], expectedVersion: 1 },
      ]);
      const [readA, readB] = [await store.readStream(a), await store.readStream(b)];
      expect(readB.map((e) => e.streamVersion)).toEqual([0, 1, 2]);
      expect(readB[2]!.prevHash).toBe(readB[1]!.hash);
      for (const e of [...readA, ...readB]) expect(recomputedHash(e)).toBe(e.hash);
    });

    it('refuses unknown or malformed events before writing', async () => {
      const stream = `test-${randomUUID()}`;
      await expect(store.append(stream, [{ ...event(1), type: 'NoSuchEvent' }], { expectedVersion: 'any' })).rejects.toThrow(/Unknown event type/);
      await expect(store.append(stream, [{ ...event(1), data: { n: 'x' } }], { expectedVersion: 'any' })).rejects.toThrow(/Invalid TestHappened/);
      // Metadata is checked on every event, also when earlier events of the append share one (valid) metadata object.
      const shared = event(1).metadata;
      const other = `test-${randomUUID()}`;
      await expect(
        store.appendMany([
          {
            streamId: stream,
            events: [
              { ...event(1), metadata: shared },
              { ...event(2), metadata: shared },
            ],
            expectedVersion: 'any',
          },
          {
            streamId: other,
            events: [
              { ...event(3), metadata: shared },
              { ...event(4), metadata: { ...shared, timestamp: 'yesterday' } },
            ],
            expectedVersion: 'any',
          },
        ]),
      ).rejects.toThrow(/timestamp|datetime/i);
      expect(await store.readStream(stream)).toHaveLength(0);
      expect(await store.readStream(other)).toHaveLength(0);
      await store.appendMany([
        { streamId: stream, events: [{ ...event(1), metadata: shared }], expectedVersion: 'no_stream' },
        { streamId: other, events: [{ ...event(2), metadata: shared }], expectedVersion: 'no_stream' },
      ]);
      expect((await store.readStream(other)).map((e) => e.metadata)).toEqual([shared]);
    });

    it('readAll returns events in a stable global order from a position', async () => {
      const stream = `test-${randomUUID()}`;
      await store.append(stream, [event(1), event(2), event(3)], { expectedVersion: 'no_stream' });
      const all = await readAllUntil(store, START, (events) => events.filter((e) => e.streamId === stream).length === 3);
      const mine = all.filter((e) => e.streamId === stream);
      expect(mine.map((e) => (e.data as { n: number }).n)).toEqual([1, 2, 3]);
      for (let i = 1; i < all.length; i++) expect(comparePositions(all[i - 1]!.position, all[i]!.position)).toBe(-1);
      const after = await readAllUntil(store, mine[0]!.position, (events) => events.filter((e) => e.streamId === stream).length === 2);
      expect(after.filter((e) => e.streamId === stream).map((e) => (e.data as { n: number }).n)).toEqual([2, 3]);
    });

    it('a live subscriber sees every event of 24 concurrent appenders exactly once, none skipped', async () => {
      const tag = randomUUID();
      const seen: RecordedEvent[] = [];
      const head = await store.readAll(START, 1_000_000);
      const from = head.length ? head[head.length - 1]!.position : START;
      const appenders = 24;
      const perAppender = 25;
      const subscription = store.subscribe({
        from,
        onEvents: async (events) => {
          seen.push(...events.filter((e) => e.streamId.startsWith(`conc-${tag}`)));
        },
      });
      await Promise.all(
        Array.from({ length: appenders }, async (_, a) => {
          for (let i = 0; i < perAppender; i++) {
            // Random small delays interleave commits so positions and transaction ids commit out of order.
            await store.append(`conc-${tag}-${a}`, [event(i)], { expectedVersion: i === 0 ? 'no_stream' : i - 1 });
            if (i % 5 === 0) await new Promise((r) => setTimeout(r, Math.random() * 3));
          }
        }),
      );
      const expected = appenders * perAppender;
      await expect.poll(() => seen.length).toBeGreaterThanOrEqual(expected);
      await subscription.close();
      expect(seen).toHaveLength(expected);
      expect(new Set(seen.map((e) => e.id)).size).toBe(expected);
      // Every stream's events arrive in version order.
      for (let a = 0; a < appenders; a++) {
        const versions = seen.filter((e) => e.streamId === `conc-${tag}-${a}`).map((e) => e.streamVersion);
        expect(versions).toEqual(Array.from({ length: perAppender }, (_, i) => i));
      }
    });
  });
}

/**
 * Personal data encryption is part of the contract: given the codec, every adapter stores personal fields
 * and e-mail stream ids only encrypted or hashed (its audit reads hand over the stored form), readers see them plain,
 * the chain verifies over the stored bytes, and a destroyed key reads as erased. The EventStoreDB case runs where a
 * server is reachable; eventstoredb-codec.int.spec.ts checks the same adapter's serialisation everywhere.
 */
const codecAdapters: { name: string; available: boolean; create: (codec: PersonalDataCodec) => EventStore }[] = [
  { name: 'postgres', available: true, create: (codec) => new PostgresEventStore(codecPool, { codec }) },
  {
    name: 'eventstoredb',
    available: Boolean(process.env.EVENTSTORE_URL),
    create: (codec) => new EventStoreDbEventStore(process.env.EVENTSTORE_URL!, { codec }),
  },
];
let codecPool: pg.Pool;

for (const adapter of codecAdapters) {
  describe.skipIf(!adapter.available)(`event store contract: ${adapter.name}, with the personal-data codec`, () => {
    let store: EventStore;
    let keys: SubjectKeyStore;
    let codec: PersonalDataCodec;
    beforeAll(async () => {
      codecPool = new pg.Pool({ connectionString: await createTestDatabase(), max: 10 });
      await migrate(codecPool);
      keys = new SubjectKeyStore(codecPool, randomBytes(32));
      codec = await PersonalDataCodec.create(keys);
      store = adapter.create(codec);
    });
    afterAll(async () => {
      await store?.close();
      await codecPool?.end();
    });

    it('stores personal fields encrypted and e-mail streams hashed; reads are plain; chains verify; a destroyed key reads as erased', async () => {
      const tag = randomBytes(4).toString('hex');
      const customerId = randomUUID();
      const email = `contract-${tag}@example.in`;
      const data = {
        customerId,
        fullName: `Contract Shopper ${tag}`,
        email,
        phone: '9822233344',
        address: `2 Mall Road ${tag}`,
        city: 'Shimla',
        state: 'Himachal Pradesh',
        pincode: '171001',
        updatedAt: new Date().toISOString(),
      };
      const meta = () => ({ correlationId: randomUUID(), timestamp: new Date().toISOString() });
      await store.append(`customer-${customerId}`, [{ type: 'ProfileUpdated', data, metadata: meta() }], { expectedVersion: 'no_stream' });
      await store.append(`customer-email-${email}`, [{ type: 'EmailClaimed', data: { email, customerId }, metadata: meta() }], {
        expectedVersion: 'no_stream',
      });

      const stored = await store.findEvents({ streams: [`customer-${customerId}`, `customer-email-${codec.emailIndex(email)}`] });
      expect(stored.map((e) => e.type)).toEqual(['ProfileUpdated', 'EmailClaimed']);
      const text = JSON.stringify(stored.map((e) => ({ stream: e.streamId, data: e.data, metadata: e.metadata })));
      for (const secret of [tag, email, '9822233344', 'Mall Road']) expect(text, secret).not.toContain(secret);

      expect((await store.readStream(`customer-${customerId}`))[0]!.data).toEqual(data);
      expect((await store.readStream(`customer-email-${email}`))[0]!.data).toEqual({ email, customerId });
      expect(await store.streamVersion(`customer-email-${email}`)).toBe(0);
      const chain = await verifyStoreChains(store);
      expect(chain.ok, JSON.stringify(chain.breaks)).toBe(true);

      await keys.destroy(customerId);
      expect((await store.readStream(`customer-${customerId}`))[0]!.data).toMatchObject({ customerId, fullName: undefined, phone: undefined });
      expect((await verifyStoreChains(store)).ok).toBe(true);
    });
  });
}

describe('postgres adapter: a transaction that commits late is not skipped', () => {
  it('holds readers back until an earlier transaction commits', async () => {
    const url = await createTestDatabase();
    const pool = new pg.Pool({ connectionString: url, max: 5 });
    await migrate(pool);
    const store = new PostgresEventStore(pool);
    try {
      // Open a transaction that inserts an event but does not commit yet.
      const slow = await pool.connect();
      await slow.query('begin');
      await slow.query(`insert into events (stream_id, stream_version, event_id, type, data, metadata) values ('slow', 0, $1, 'TestHappened', '{"n":1}', $2)`, [
        randomUUID(),
        JSON.stringify(event(1).metadata),
      ]);
      // A later transaction commits first.
      await store.append('fast', [event(2)], { expectedVersion: 'no_stream' });
      const before = await store.readAll(START);
      expect(before.map((e) => e.streamId)).not.toContain('fast');
      await slow.query('commit');
      slow.release();
      const after = await store.readAll(START);
      expect(after.map((e) => e.streamId)).toEqual(['slow', 'fast']);
    } finally {
      await store.close();
      await pool.end();
    }
  });

  it('gives an event appended without an id a time-ordered one (UUID v7), later appends sorting after earlier ones', async () => {
    const pool = new pg.Pool({ connectionString: await createTestDatabase(), max: 5 });
    await migrate(pool);
    const store = new PostgresEventStore(pool);
    try {
      const given = randomUUID();
      await store.append('one', [event(1), { ...event(2), id: given }], { expectedVersion: 'no_stream' });
      await new Promise((resolve) => setTimeout(resolve, 2));
      await store.appendMany([
        { streamId: 'two', events: [event(3)], expectedVersion: 'no_stream' },
        { streamId: 'three', events: [event(4), event(5)], expectedVersion: 'no_stream' },
      ]);
      const ids = (await store.readAll(START)).map((e) => e.id);
      expect(ids[1]).toBe(given); // an id the caller gives is kept
      const made = [ids[0]!, ...ids.slice(2)];
      for (const id of made) expect(id).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-7[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
      const ms = made.map((id) => parseInt(id.replace(/-/g, '').slice(0, 12), 16));
      expect(ms[1]).toBeGreaterThan(ms[0]!); // the second append came at least 2 ms later
      expect(ms.slice(1).every((m) => m >= ms[1]!)).toBe(true);
      expect(Math.abs(ms[0]! - Date.now())).toBeLessThan(60_000);
    } finally {
      await store.close();
      await pool.end();
    }
  });

  it('appendMany is all or nothing across streams', async () => {
    const pool = new pg.Pool({ connectionString: await createTestDatabase(), max: 5 });
    await migrate(pool);
    const store = new PostgresEventStore(pool);
    try {
      await store.append('b', [event(1)], { expectedVersion: 'no_stream' });
      await expect(
        store.appendMany([
          { streamId: 'a', events: [event(1)], expectedVersion: 'no_stream' },
          { streamId: 'b', events: [event(2)], expectedVersion: 'no_stream' },
        ]),
      ).rejects.toBeInstanceOf(WrongExpectedVersionError);
      expect(await store.readStream('a')).toHaveLength(0);
      expect(await store.readStream('b')).toHaveLength(1);
      // 'no_stream' writes are not read first (the unique version 0 refuses them): the error still names the stream
      // and its real version, and a numeric expectation beside them is still checked before anything is written.
      await store.append('c', [event(1), event(2)], { expectedVersion: 'no_stream' });
      const refused = await store
        .appendMany([
          { streamId: 'a', events: [event(1)], expectedVersion: 'no_stream' },
          { streamId: 'c', events: [event(3)], expectedVersion: 'no_stream' },
        ])
        .catch((error: unknown) => error);
      expect(refused).toMatchObject({ streamId: 'c', expected: 'no_stream', actual: 1 });
      await expect(
        store.appendMany([
          { streamId: 'a', events: [event(1)], expectedVersion: 'no_stream' },
          { streamId: 'c', events: [event(3)], expectedVersion: 0 },
        ]),
      ).rejects.toMatchObject({ streamId: 'c', expected: 0, actual: 1 });
      expect(await store.readStream('a')).toHaveLength(0);
      expect(await store.readStream('c')).toHaveLength(2);
      await store.appendMany([
        { streamId: 'a', events: [event(1)], expectedVersion: 'no_stream' },
        { streamId: 'c', events: [event(3)], expectedVersion: 1 },
      ]);
      expect((await store.readStream('c')).map((e) => e.streamVersion)).toEqual([0, 1, 2]);
    } finally {
      await store.close();
      await pool.end();
    }
  });
});
