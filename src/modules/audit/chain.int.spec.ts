import { randomUUID } from 'node:crypto';
import { recomputedHash } from '../../../tests/helpers/recomputed-hash.js';
import { mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { NewEvent } from '../../core/event-store.js';
import { migrate } from '../../db/migrate.js';
import { PostgresEventStore } from '../../event-store/postgres.js';
import { createTestDatabase } from '../../../tests/helpers/test-runtime.js';
import { chainEntries as postgresChainEntries } from '../../event-store/postgres-log-reads.js';
import { chainEntriesByReading as storeChainEntries } from '../../event-store/log-reads-by-reading.js';
import type { Anchor } from './anchor.js';
import { auditCli } from './test-cli.js';
import './test-events.js';
import { verifyChains } from './verify-chain.js';

const probe = (data: Record<string, unknown>): NewEvent => ({
  type: 'AuditProbe',
  data,
  metadata: { correlationId: randomUUID(), timestamp: new Date().toISOString(), userId: null },
});

/** Content that exercises every corner of the jsonb text form: key order, escapes, unicode, numbers. */
const awkward = {
  zeta: 1,
  a: 'plain',
  bb: [1, 2.5, -0.125, 0.1, 1e21, 1e-7, 123456789012, 0, -3],
  ccc: { nested: { deeper: [true, false, null, {}, []] }, ключ: 'значение', 日本: '鬼滅の刃 ₹1,299' },
  esc: 'quote " backslash \\ newline \n tab \t bell \u0007 del \u007f line-sep \u2028 emoji 🎌',
  '': 'empty key',
  Z: null,
};

describe('tamper-evident event log (PostgreSQL)', () => {
  let pool: pg.Pool;
  let store: PostgresEventStore;
  let databaseUrl: string;
  beforeAll(async () => {
    databaseUrl = await createTestDatabase();
    pool = new pg.Pool({ connectionString: databaseUrl, max: 5 });
    await migrate(pool);
    store = new PostgresEventStore(pool);
  });
  afterAll(async () => {
    await store?.close();
    await pool?.end();
  });

  it('chains every appended event to the previous one of its stream, inside the append', async () => {
    const a = `audit-${randomUUID()}`;
    const b = `audit-${randomUUID()}`;
    await store.append(a, [probe({ n: 0 }), probe({ n: 1 })], { expectedVersion: 'no_stream' });
    await store.appendMany([
      { streamId: a, events: [probe({ n: 2 })], expectedVersion: 1 },
      { streamId: b, events: [probe({ n: 0 }), probe({ n: 1 }), probe({ n: 2 })], expectedVersion: 'no_stream' },
    ]);
    for (const stream of [a, b]) {
      const events = await store.readStream(stream);
      expect(events).toHaveLength(3);
      expect(events[0]!.prevHash).toBeNull();
      for (let i = 1; i < events.length; i++) expect(events[i]!.prevHash).toBe(events[i - 1]!.hash);
      expect(new Set(events.map((e) => e.hash)).size).toBe(3);
      for (const e of events) expect(e.hash).toMatch(/^[0-9a-f]{64}$/);
    }
  });

  it('computes in the database exactly the hash that Node computes (what the EventStoreDB adapter stores)', async () => {
    const stream = `audit-${randomUUID()}`;
    await store.append(stream, [probe(awkward), probe({ ...awkward, zeta: 2 })], { expectedVersion: 'no_stream' });
    const events = await store.readStream(stream);
    for (const e of events) {
      expect(recomputedHash(e)).toBe(e.hash);
    }
    const text = await pool.query<{ t: string }>('select data::text as t from events where stream_id = $1 order by stream_version limit 1', [stream]);
    const { jsonbText } = await import('../../core/event-hash.js');
    expect(jsonbText(events[0]!.data)).toBe(text.rows[0]!.t);
  });

  it('refuses UPDATE, DELETE and TRUNCATE on the log', async () => {
    const stream = `audit-${randomUUID()}`;
    await store.append(stream, [probe({ n: 1 })], { expectedVersion: 'no_stream' });
    await expect(pool.query(`update events set data = '{"n": 2}' where stream_id = $1`, [stream])).rejects.toThrow(/append-only/);
    await expect(pool.query('delete from events where stream_id = $1', [stream])).rejects.toThrow(/append-only/);
    await expect(pool.query('truncate events')).rejects.toThrow(/append-only/);
    expect((await store.readStream(stream))[0]!.data).toEqual({ n: 1 });
  });

  /** Runs `sql` on the log with the append-only guard lifted, in one transaction. */
  async function tamper(sql: string, values: unknown[]) {
    const client = await pool.connect();
    try {
      await client.query('begin');
      await client.query('alter table events disable trigger events_no_update');
      await client.query(sql, values);
      await client.query('alter table events enable trigger events_no_update');
      await client.query('commit');
    } finally {
      client.release();
    }
  }

  it('verify finds an intact log intact, then names exactly the one event altered behind its back', async () => {
    const streams = Array.from({ length: 5 }, () => `audit-${randomUUID()}`);
    for (const s of streams) await store.append(s, [probe({ n: 0 }), probe({ n: 1 }), probe({ n: 2 }), probe({ n: 3 })], { expectedVersion: 'no_stream' });
    const intact = await verifyChains(postgresChainEntries(pool), { byStream: true });
    expect(intact.ok).toBe(true);
    expect(intact.breaks).toEqual([]);
    expect(intact.events).toBeGreaterThanOrEqual(20);

    const victim = (await store.readStream(streams[2]!))[1]!;
    await tamper(`update events set data = '{"n": 100}' where event_id = $1`, [victim.id]);
    // The log-order walk (what EventStoreDB gets) sees an event once every older transaction in the cluster has ended;
    // other test files' transactions may hold the newest events back for a moment.
    let inLogOrder = await verifyChains(storeChainEntries(store));
    await expect.poll(async () => (inLogOrder = await verifyChains(storeChainEntries(store))).ok).toBe(false);
    for (const report of [await verifyChains(postgresChainEntries(pool), { byStream: true }), inLogOrder]) {
      expect(report.ok).toBe(false);
      expect(report.breaks).toEqual([
        { streamId: streams[2], version: 1, eventId: victim.id, kind: 'altered-content', reason: expect.stringContaining('the log recorded') },
      ]);
    }
    const cli = await auditCli(databaseUrl, 'verify');
    expect(cli.code).toBe(1);
    expect(cli.stdout).toContain(`first broken link: stream ${streams[2]} version 1 event ${victim.id}: altered-content`);
    expect(cli.stdout).toMatch(/^BROKEN: 1 of \d+ streams/);
    await tamper(`update events set data = '{"n": 1}' where event_id = $1`, [victim.id]);
    expect((await verifyChains(postgresChainEntries(pool), { byStream: true })).ok).toBe(true);
  });

  it('a forger who rewrites an event and its hash breaks the link to the next event; a deleted event leaves a gap', async () => {
    const forged = `audit-${randomUUID()}`;
    const gap = `audit-${randomUUID()}`;
    await store.append(forged, [probe({ n: 0 }), probe({ n: 1 }), probe({ n: 2 })], { expectedVersion: 'no_stream' });
    await store.append(gap, [probe({ n: 0 }), probe({ n: 1 }), probe({ n: 2 })], { expectedVersion: 'no_stream' });
    const [, f1, f2] = await store.readStream(forged);
    await tamper(
      `update events set data = '{"n": 7}', hash = event_hash(prev_hash, stream_id, stream_version, event_id, type, '{"n": 7}'::jsonb, metadata) where event_id = $1`,
      [f1!.id],
    );
    const [, g1, g2] = await store.readStream(gap);
    await tamper('delete from events where event_id = $1', [g1!.id]);
    const report = await verifyChains(postgresChainEntries(pool), { byStream: true });
    const byStream = new Map(report.breaks.map((b) => [b.streamId, b]));
    expect(byStream.get(forged)).toMatchObject({ version: 2, eventId: f2!.id, kind: 'broken-link' });
    expect(byStream.get(gap)).toMatchObject({ version: 2, eventId: g2!.id, kind: 'missing-events', reason: 'versions 1..1 are missing' });
  });
});

describe('anchors: chain heads kept outside the database', () => {
  it('catch a stream whose tail was rewritten with recomputed hashes, which the chain alone cannot see', async () => {
    const databaseUrl = await createTestDatabase();
    const pool = new pg.Pool({ connectionString: databaseUrl, max: 3 });
    const store = new PostgresEventStore(pool);
    const dir = await mkdtemp(path.join(os.tmpdir(), 'anchor-'));
    try {
      await migrate(pool);
      const streams = Array.from({ length: 3 }, () => `audit-${randomUUID()}`);
      for (const s of streams) await store.append(s, [probe({ n: 0 }), probe({ n: 1 })], { expectedVersion: 'no_stream' });
      const taken = await auditCli(databaseUrl, 'anchor');
      expect(taken.code).toBe(0);
      const anchor = JSON.parse(taken.stdout) as Anchor;
      expect(anchor.heads.filter((h) => streams.includes(h.stream)).map((h) => h.version)).toEqual([1, 1, 1]);
      const file = path.join(dir, 'anchor.json');
      await writeFile(file, taken.stdout);

      // The log grows after the anchor: still fine.
      await store.append(streams[0]!, [probe({ n: 2 })], { expectedVersion: 1 });
      expect((await auditCli(databaseUrl, 'verify', '--anchor', file)).stdout).toContain(`ANCHOR OK: all ${anchor.heads.length} chain heads`);

      // A forger with the guard lifted rewrites the last event of a stream and recomputes its hash: the chain is
      // consistent again, so verify alone passes; the anchor does not.
      const victim = (await store.readStream(streams[1]!))[1]!;
      const client = await pool.connect();
      try {
        await client.query('begin');
        await client.query('alter table events disable trigger events_no_update');
        await client.query(
          `update events set data = '{"n": 99}', hash = event_hash(prev_hash, stream_id, stream_version, event_id, type, '{"n": 99}'::jsonb, metadata) where event_id = $1`,
          [victim.id],
        );
        await client.query('alter table events enable trigger events_no_update');
        await client.query('commit');
      } finally {
        client.release();
      }
      expect((await verifyChains(postgresChainEntries(pool), { byStream: true })).ok).toBe(true);
      const caught = await auditCli(databaseUrl, 'verify', '--anchor', file);
      expect(caught.code).toBe(1);
      expect(caught.stdout).toContain('OK: ');
      expect(caught.stdout).toContain(`ANCHOR BROKEN: 1 of ${anchor.heads.length} chain heads`);
      expect(caught.stdout).toContain(
        `stream ${streams[1]} version 1: the event anchored here now has another hash: the stream was rewritten (anchored ${victim.hash}`,
      );

      // An anchor edited to fit the forgery no longer matches its own digest.
      const edited = { ...anchor, heads: anchor.heads.map((h) => (h.stream === streams[1] ? { ...h, hash: 'f'.repeat(64) } : h)) };
      await writeFile(file, JSON.stringify(edited));
      const refused = await auditCli(databaseUrl, 'verify', '--anchor', file);
      expect(refused.code).toBe(1);
      expect(refused.stdout).toContain('The anchor file does not match its own digest: it was edited');
    } finally {
      await store.close();
      await pool.end();
      await rm(dir, { recursive: true, force: true });
    }
    // Five cold starts of the audit CLI (8–11 s in all on CI, 60 s at load 25): the bound catches a hang, not speed.
  }, 240_000);
});

describe('migration 043 on a log written before the hash chain', () => {
  it('chains the existing events, stream by stream, so they verify', async () => {
    const pool = new pg.Pool({ connectionString: await createTestDatabase(), max: 2 });
    try {
      const dir = path.resolve('migrations');
      const files = (await readdir(dir)).filter((f) => f.endsWith('.sql') && f < '043').sort();
      await pool.query('create table schema_migrations (name text primary key, applied_at timestamptz not null default now())');
      for (const file of files) {
        await pool.query(await readFile(path.join(dir, file), 'utf8'));
        await pool.query('insert into schema_migrations (name) values ($1)', [file]);
      }
      for (const stream of ['old-a', 'old-b']) {
        for (let v = 0; v < 3; v++) {
          await pool.query(
            `insert into events (stream_id, stream_version, event_id, type, data, metadata) values ($1, $2, $3, 'AuditProbe', $4, '{"timestamp": "2026-01-01T00:00:00.000Z", "correlationId": "c"}')`,
            [stream, v, randomUUID(), JSON.stringify({ v, stream })],
          );
        }
      }
      expect(await migrate(pool)).toContain('043_event_hash_chain.sql');
      const report = await verifyChains(postgresChainEntries(pool), { byStream: true });
      expect(report).toMatchObject({ ok: true, streams: 2, events: 6 });
      const store = new PostgresEventStore(pool);
      await store.append('old-a', [probe({ v: 3 })], { expectedVersion: 2 });
      const events = await store.readStream('old-a');
      expect(events[3]!.prevHash).toBe(events[2]!.hash);
      expect((await verifyChains(postgresChainEntries(pool), { byStream: true })).ok).toBe(true);
      await store.close();
    } finally {
      await pool.end();
    }
  });
});
