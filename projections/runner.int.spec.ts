import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import pg from 'pg';
import { createTestApp, signUp, type TestContext } from '../tests/helpers/test-runtime.js';
import { applyBatch, replay } from './runner.js';
import { START } from '../src/core/event-store.js';
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
