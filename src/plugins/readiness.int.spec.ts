import Fastify from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestContext } from '../../tests/helpers/test-runtime.js';
import { registerReadiness } from './readiness.js';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestApp();
});
afterAll(async () => ctx?.close());

describe('readiness with a failing projector', () => {
  it('stays ready for the first minute of failures, then answers 503 and logs at error once', async () => {
    // A projector of its own, caught up with the log, so no running projector's checkpoint write clears the planted error.
    await ctx.runtime.pool.query("insert into projection_checkpoints (name, commit_pos, prepare_pos) values ('readiness-probe', 1e19, 1e19)");
    let clock = 1_000_000;
    const errors: unknown[] = [];
    const runtime = { ...ctx.runtime, log: { ...ctx.runtime.log, error: (o: unknown) => errors.push(o) } };
    const app = Fastify();
    const readiness = registerReadiness(app, runtime, { now: () => clock });
    try {
      const first = await app.inject('/health/ready');
      expect(first.statusCode, first.body).toBe(200);
      await ctx.runtime.pool.query("update projection_checkpoints set last_error = 'boom: relation missing' where name = 'readiness-probe'");
      expect((await app.inject('/health/ready')).statusCode).toBe(200);
      clock += 59_000;
      expect((await app.inject('/health/ready')).statusCode).toBe(200);
      clock += 2_000;
      const red = await app.inject('/health/ready');
      expect(red.statusCode).toBe(503);
      expect(red.json().error).toMatch(/readiness-probe failing for 61 s: boom/);
      clock += 30_000;
      expect((await app.inject('/health/ready')).statusCode).toBe(503);
      expect(errors).toHaveLength(1);
      await ctx.runtime.pool.query("update projection_checkpoints set last_error = null where name = 'readiness-probe'");
      expect((await app.inject('/health/ready')).statusCode).toBe(200);
    } finally {
      readiness.stop();
      await app.close();
    }
  });
});

describe('the readiness watch', () => {
  it('looks for failing projectors on its own without counting the log; /health/ready counts the lag', async () => {
    const queries: string[] = [];
    const pool = ctx.runtime.pool;
    const counted = { query: (text: string, ...rest: unknown[]) => (queries.push(text), (pool.query as (...a: unknown[]) => unknown)(text, ...rest)) };
    const runtime = { ...ctx.runtime, pool: counted as unknown as typeof pool };
    const app = Fastify();
    const readiness = registerReadiness(app, runtime, { watchMs: 20 });
    try {
      const watched = () => queries.filter((q) => q.includes('last_error from projection_checkpoints')).length;
      await expect.poll(watched, { timeout: 10_000 }).toBeGreaterThanOrEqual(2);
      expect(queries.filter((q) => q.includes('behind'))).toEqual([]);
      expect((await app.inject('/health/ready')).statusCode).toBe(200);
      expect(queries.filter((q) => q.includes('behind'))).toHaveLength(1);
    } finally {
      readiness.stop();
      await app.close();
    }
  });
});
