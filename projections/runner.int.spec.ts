import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import pg from 'pg';
import { migrate } from '../src/db/migrate.js';
import { createTestApp, createTestDatabase, signUp, type TestContext } from '../tests/helpers/test-runtime.js';
import { applyBatch, ProjectionRunner, replay, takeQueued } from './runner.js';
import { START, type EventStore, type RecordedEvent } from '../src/core/event-store.js';
import type { Projector } from './projector.js';

async function snapshot(pool: pg.Pool, table: string): Promise<unknown[]> {
  return (await pool.query(`select * from "${table}" order by 1`)).rows;
}

/** Every table that some projector owns, as rows. */
async function allReadModels(ctx: TestContext): Promise<Record<string, unknown[]>> {
  const out: Record<string, unknown[]> = {};
  for (const projector of ctx.runtime.projections.projectors) for (const table of projector.tables) out[table] = await snapshot(ctx.runtime.pool, table);
  return out;
}

describe('projection runner', () => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestApp();
  });
  afterAll(async () => ctx?.close());

  it('a replayed read model is identical, row by row, to the live one', async () => {
    for (let i = 0; i < 5; i++) {
      const s = await signUp(ctx.app);
      await ctx.app.inject({ method: 'PUT', url: '/api/auth/profile', headers: s.auth, payload: { city: `City ${i}` } });
    }
    const last = (await ctx.runtime.store.readAll(START, 100_000)).at(-1)!;
    await ctx.runtime.projections.waitFor(last.position);
    const live = await allReadModels(ctx);
    expect((live.customers ?? []).length).toBeGreaterThanOrEqual(6);
    await ctx.runtime.projections.stop();
    await replay(ctx.runtime.store, ctx.runtime.pool, ctx.runtime.projections.projectors);
    expect(await allReadModels(ctx)).toEqual(live);
  });

  it('applying a batch twice changes nothing: the checkpoint guards it', async () => {
    let applied = 0;
    const counting: Projector = {
      name: `counting-${Date.now()}`,
      handles: ['CustomerRegistered'],
      tables: [],
      apply: async () => {
        applied++;
      },
    };
    const events = await ctx.runtime.store.readAll(START, 100_000);
    const registrations = events.filter((e) => e.type === 'CustomerRegistered').length;
    await applyBatch(ctx.runtime.pool, counting, events);
    await applyBatch(ctx.runtime.pool, counting, events);
    expect(applied).toBe(registrations);
  });

  it('a projector that throws rolls back its batch, keeps its checkpoint, reports the error, and the others carry on', async () => {
    const failing: Projector = {
      name: `failing-${Date.now()}`,
      handles: ['CustomerRegistered'],
      tables: [],
      apply: async (client) => {
        await client.query('select 1');
        throw new Error('boom');
      },
    };
    const events = await ctx.runtime.store.readAll(START, 100_000);
    await expect(applyBatch(ctx.runtime.pool, failing, events)).rejects.toThrow('boom');
    const checkpoint = await ctx.runtime.pool.query('select commit_pos from projection_checkpoints where name = $1', [failing.name]);
    expect(checkpoint.rows).toHaveLength(0);
  });
});

describe('checkpointed projection survives a kill and restart', () => {
  it('stopping mid-stream and restarting gives the same rows as a clean rebuild', async () => {
    const first = await createTestApp();
    const databaseUrl = first.databaseUrl;
    const signups = Array.from({ length: 20 }, () => signUp(first.app));
    // Stop while signups are still arriving: some events are projected, some not yet.
    await Promise.all(signups.slice(0, 10));
    await first.runtime.projections.stop();
    await Promise.all(signups.slice(10));
    await first.close();

    const second = await createTestApp({ databaseUrl });
    try {
      const last = (await second.runtime.store.readAll(START, 100_000)).at(-1)!;
      await second.runtime.projections.waitFor(last.position);
      const resumed = await snapshot(second.runtime.pool, 'customers');
      expect(resumed).toHaveLength(21); // 20 shoppers + the admin
      await second.runtime.projections.stop();
      await replay(second.runtime.store, second.runtime.pool, second.runtime.projections.projectors, ['customers']);
      expect(await snapshot(second.runtime.pool, 'customers')).toEqual(resumed);
    } finally {
      await second.close();
    }
  });
});

describe('a slow projector does not hold back the others', () => {
  /**
   * A scripted log: hands out the given batches one after the other, each as soon as the runner takes the previous
   * one. (On PostgreSQL the projector's open transaction would also hold back what readers see, so the scheduling of
   * the runner is proved here on its own.)
   */
  function scriptedStore(batches: RecordedEvent[][]): EventStore {
    return {
      kind: 'postgres',
      subscribe: ({ onEvents }) => {
        let stopped = false;
        const running = (async () => {
          for (const batch of batches) if (!stopped) await onEvents(batch);
        })();
        return { close: async () => void ((stopped = true), await running) };
      },
    } as Partial<EventStore> as EventStore;
  }
  const at = (n: number, type: string): RecordedEvent => ({
    id: randomUUID(),
    streamId: `${type}-${n}`,
    streamVersion: 0,
    type,
    data: { n },
    metadata: { correlationId: 'c', timestamp: new Date().toISOString() },
    position: { commit: BigInt(n), prepare: BigInt(n) },
    createdAt: new Date().toISOString(),
  });

  it('while one projector is stuck on a batch, another applies the batches after it (the orders a checkout waits for)', async () => {
    const pool = new pg.Pool({ connectionString: await createTestDatabase(), max: 10 });
    await migrate(pool);
    let release!: () => void;
    const gate = new Promise<void>((resolve) => (release = resolve));
    let slowDone = false;
    const slow: Projector = {
      name: 'slow',
      handles: ['SlowThing'],
      tables: [],
      apply: async () => {
        await gate;
        slowDone = true;
      },
    };
    const fastSeen: number[] = [];
    const fast: Projector = { name: 'fast', handles: ['FastThing'], tables: [], apply: async (_c, e) => void fastSeen.push((e.data as { n: number }).n) };
    const batches = [[at(1, 'SlowThing')], [at(2, 'FastThing')], [at(3, 'FastThing')], [at(4, 'FastThing')]];
    const runner = new ProjectionRunner(scriptedStore(batches), pool, [slow, fast], { error: () => undefined });
    try {
      await runner.start();
      await runner.waitFor(batches[3]![0]!.position, ['fast'], 10_000);
      expect(fastSeen).toEqual([2, 3, 4]);
      expect(slowDone).toBe(false);
      release();
      await runner.waitFor(batches[3]![0]!.position, ['slow', 'fast'], 10_000);
      expect(slowDone).toBe(true);
      const stored = await pool.query<{ name: string; p: string }>(`select name, prepare_pos::text as p from projection_checkpoints order by name`);
      expect(stored.rows).toEqual([
        { name: 'fast', p: '4' },
        { name: 'slow', p: '4' },
      ]);
    } finally {
      release();
      await runner.stop();
      await pool.end();
    }
  });
  it("a projector that lags applies the batches queued meanwhile in one transaction (an import's chunks), in order", async () => {
    const pool = new pg.Pool({ connectionString: await createTestDatabase(), max: 10 });
    await migrate(pool);
    let release!: () => void;
    const gate = new Promise<void>((resolve) => (release = resolve));
    const calls: number[][] = [];
    const slow: Projector = {
      name: 'slow',
      handles: ['SlowThing'],
      tables: [],
      apply: async () => undefined,
      applyMany: async (_client, events) => {
        calls.push(events.map((e) => (e.data as { n: number }).n));
        if (calls.length === 1) await gate;
      },
    };
    const fastSeen: number[] = [];
    const fast: Projector = { name: 'fast', handles: ['SlowThing'], tables: [], apply: async (_c, e) => void fastSeen.push((e.data as { n: number }).n) };
    const batches = [[at(1, 'SlowThing')], [at(2, 'SlowThing'), at(3, 'SlowThing')], [at(4, 'SlowThing')], [at(5, 'SlowThing')]];
    const runner = new ProjectionRunner(scriptedStore(batches), pool, [slow, fast], { error: () => undefined });
    try {
      await runner.start();
      // The fast projector has the last batch: every batch is queued for the slow one, stuck on the first.
      await runner.waitFor(batches[3]![0]!.position, ['fast'], 10_000);
      expect(fastSeen).toEqual([1, 2, 3, 4, 5]);
      release();
      await runner.waitFor(batches[3]![0]!.position, ['slow'], 10_000);
      expect(calls).toEqual([[1], [2, 3, 4, 5]]);
    } finally {
      release();
      await runner.stop();
      await pool.end();
    }
  });

  it('joins queued batches whole, oldest first, up to the cap (always at least one)', () => {
    const batch = (...ns: number[]) => ns.map((n) => at(n, 'SlowThing'));
    const n = (events: RecordedEvent[]) => events.map((e) => (e.data as { n: number }).n);
    const pending = [batch(1, 2), batch(3), batch(4, 5, 6), batch(7)];
    expect(n(takeQueued(pending, 3))).toEqual([1, 2, 3]);
    expect(n(takeQueued(pending, 3))).toEqual([4, 5, 6]);
    expect(n(takeQueued(pending, 3))).toEqual([7]);
    expect(pending).toEqual([]);
    expect(n(takeQueued([batch(1, 2, 3, 4)], 2))).toEqual([1, 2, 3, 4]);
  });
});
