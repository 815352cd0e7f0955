import { randomUUID } from 'node:crypto';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { registerEvents } from '../core/event-registry.js';
import { type GlobalPosition, type NewEvent, type RecordedEvent, type StreamWrite, type Subscription } from '../core/event-store.js';
import { migrate } from '../db/migrate.js';
import { createTestDatabase } from '../../tests/helpers/test-runtime.js';
import { PostgresEventStore } from './postgres.js';

/**
 * The hand-off: a bulk append gives its committed events to its own process's subscriptions instead of
 * having them read back. Two PostgresEventStore objects on one database stand for two processes (each has its own
 * LogTail); `readAll` of the first is counted, since that is how its subscriptions read the log.
 */
registerEvents({ HandOffTested: z.object({ n: z.number(), label: z.string().optional() }) });

const event = (n: number): NewEvent => ({
  type: 'HandOffTested',
  data: { n, label: `row "${n}" \\ ₹` },
  metadata: { correlationId: randomUUID(), timestamp: '2026-11-24T00:00:00.000Z' },
});
/** `streams` new streams of `each` events: one multi-stream append, numbered from `first`. */
const bulk = (first: number, streams: number, each: number): StreamWrite[] =>
  Array.from({ length: streams }, (_, s) => ({
    streamId: `hand-off-${randomUUID()}`,
    expectedVersion: 'no_stream' as const,
    events: Array.from({ length: each }, (_, i) => event(first + s * each + i)),
  }));
const ns = (events: RecordedEvent[]) => events.map((e) => (e.data as { n: number }).n);

let url: string;
let pools: pg.Pool[] = [];
beforeAll(async () => {
  url = await createTestDatabase();
  const pool = new pg.Pool({ connectionString: url, max: 4 });
  await migrate(pool);
  // A transaction whose events carry n = -1 fails at COMMIT (a deferred check), after its INSERT succeeded.
  await pool.query(`
    create or replace function hand_off_refuse() returns trigger language plpgsql as $$
    begin
      if (new.data->>'n')::int = -1 then raise exception 'refused at commit'; end if;
      return null;
    end $$;
    create constraint trigger hand_off_refuse after insert on events deferrable initially deferred
      for each row execute function hand_off_refuse();`);
  await pool.end();
});
afterAll(async () => {
  await Promise.all(pools.map((p) => p.end()));
  pools = [];
});

async function instance() {
  const pool = new pg.Pool({ connectionString: url, max: 6 });
  pools.push(pool);
  const store = new PostgresEventStore(pool);
  const readBack: number[] = [];
  const reads = { done: 0 };
  const readAll = store.readAll.bind(store);
  store.readAll = async (from: GlobalPosition, limit?: number) => {
    const events = await readAll(from, limit);
    readBack.push(...ns(events));
    reads.done++;
    return events;
  };
  return { store, pool, readBack, reads };
}

function follow(store: PostgresEventStore, from: GlobalPosition, batchSize = 100) {
  const seen: RecordedEvent[] = [];
  const errors: unknown[] = [];
  const subscription: Subscription = store.subscribe({
    from,
    batchSize,
    onEvents: async (events) => void seen.push(...events),
    onError: (error) => errors.push(error),
  });
  return { seen, errors, subscription };
}

describe('the hand-off of a bulk append to its own subscriptions', () => {
  it('delivers each event once, in log order, exactly as a read of the log gives it, without reading it back', async () => {
    const a = await instance();
    const reader = await instance();
    const from = await a.store.headPosition();
    const subscribers = [follow(a.store, from, 100), follow(a.store, from, 1000)];
    // Their first look (empty) is over before the appends start: a read under way when one commits could see it.
    await expect.poll(() => a.reads.done, { timeout: 15_000 }).toBeGreaterThanOrEqual(1);
    await a.store.appendMany(bulk(1, 3, 50)); // 150 events: one transaction
    await a.store.appendMany(bulk(151, 5, 30)); // 150 more
    const expected = Array.from({ length: 300 }, (_, i) => i + 1);
    for (const s of subscribers) await expect.poll(() => s.seen.length, { timeout: 15_000 }).toBeGreaterThanOrEqual(300);
    const log = (await reader.store.readAll(from, 1000)).filter((e) => e.type === 'HandOffTested');
    for (const s of subscribers) {
      expect(ns(s.seen)).toEqual(expected);
      // Same ids, positions, versions, data, metadata, time and hash chain as the log itself.
      expect(s.seen).toEqual(log);
      expect(s.errors).toEqual([]);
      await s.subscription.close();
    }
    // The subscriptions never read these events from the database.
    expect(a.readBack).toEqual([]);
  });

  it('reads what another process committed in between (before and between the handed transactions): nothing lost, nothing twice, in order', async () => {
    const a = await instance();
    const b = await instance();
    const from = await a.store.headPosition();
    const s = follow(a.store, from, 100);
    const onB = follow(b.store, from, 100); // the other process sees A's events through its normal read
    // Process B opens a transaction first (its id sorts before A's) and commits its event only after A's append did.
    const early = await b.pool.connect();
    await early.query('begin');
    await early.query('select pg_current_xact_id()');
    await a.store.appendMany(bulk(1001, 4, 50)); // A: 200 events, committed and handed over; not visible yet
    await early.query(`insert into events (stream_id, stream_version, event_id, type, data, metadata) values ($1, 0, $2, 'HandOffTested', $3, $4)`, [
      `hand-off-${randomUUID()}`,
      randomUUID(),
      { n: 1000 },
      event(1000).metadata,
    ]);
    await early.query('commit');
    early.release();
    // B appends between two of A's bulk appends.
    await b.store.append(`hand-off-${randomUUID()}`, [event(1201)], { expectedVersion: 'no_stream' });
    await a.store.appendMany(bulk(1202, 2, 100)); // A: 200 more
    const log = ns((await b.store.readAll(from, 10_000)).filter((e) => e.type === 'HandOffTested'));
    expect(log).toEqual(Array.from({ length: 402 }, (_, i) => 1000 + i));
    await expect.poll(() => s.seen.length, { timeout: 15_000 }).toBeGreaterThanOrEqual(402);
    expect(ns(s.seen)).toEqual(log);
    expect(s.errors).toEqual([]);
    await s.subscription.close();
    await expect.poll(() => onB.seen.length, { timeout: 15_000 }).toBeGreaterThanOrEqual(402);
    expect(ns(onB.seen)).toEqual(log);
    await onB.subscription.close();
    // B's events could only have come from the database: A read them there (and with them what followed on the page).
    expect(a.readBack).toEqual(expect.arrayContaining([1000, 1201]));
  });

  it('never delivers the events of a transaction that rolled back at COMMIT, and goes on with the next', async () => {
    const a = await instance();
    const reader = await instance();
    const from = await a.store.headPosition();
    const s = follow(a.store, from, 100);
    const refused = bulk(2001, 3, 50);
    refused[1]!.events[7] = event(-1);
    await expect(a.store.appendMany(refused)).rejects.toThrow(/refused at commit/);
    await a.store.appendMany(bulk(3001, 3, 50));
    await expect.poll(() => s.seen.length, { timeout: 15_000 }).toBeGreaterThanOrEqual(150);
    expect(ns(s.seen)).toEqual(Array.from({ length: 150 }, (_, i) => 3001 + i));
    expect(ns((await reader.store.readAll(from, 10_000)).filter((e) => e.type === 'HandOffTested'))).toEqual(ns(s.seen));
    await s.subscription.close();
    expect(s.errors).toEqual([]);
  });

  it('hands nothing over below the threshold: small appends are read back as before', async () => {
    const a = await instance();
    const from = await a.store.headPosition();
    const s = follow(a.store, from, 100);
    await a.store.appendMany(bulk(4001, 3, 3));
    await expect.poll(() => s.seen.length, { timeout: 15_000 }).toBeGreaterThanOrEqual(9);
    expect(ns(s.seen)).toEqual(Array.from({ length: 9 }, (_, i) => 4001 + i));
    expect(a.readBack).toEqual(expect.arrayContaining(ns(s.seen)));
    await s.subscription.close();
  });
});
