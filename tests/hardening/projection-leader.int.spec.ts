import { spawn } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type pg from 'pg';
import { describe, expect, it } from 'vitest';
import { PROJECTION_LEADER_LOCK } from '../../projections/leadership.js';
import { createTestApp, signUp, type TestContext } from '../helpers/test-runtime.js';
import { caughtUp, consistency } from './consistency.js';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

/**
 * The runners of the two-instance tests never elect or check their lock on their own timer (the largest delay a
 * timer takes): the test drives each round with checkLeadership(), so a hand-over is observed as it happens, not
 * waited for within a time window that a loaded machine overruns (these tests timed out at load 30–37 before).
 */
const driven = { projections: { tickMs: 2_147_483_647 } };

/**
 * Blocks until no backend holds the leader lock (PostgreSQL frees it when the holder's connection is gone, which it
 * learns after the client's side has closed), then lets it go again. The lock_timeout is a hang guard, not a speed check.
 */
async function lockReleased(pool: pg.Pool): Promise<void> {
  const client = await pool.connect();
  try {
    await client.query('begin');
    await client.query(`set local lock_timeout = '150s'`);
    await client.query('select pg_advisory_lock($1)', [PROJECTION_LEADER_LOCK]);
    await client.query('select pg_advisory_unlock($1)', [PROJECTION_LEADER_LOCK]);
    await client.query('commit');
  } finally {
    client.release();
  }
}

/** Backends of this database holding the projection leader lock. */
async function lockHolders(pool: pg.Pool): Promise<number[]> {
  const { rows } = await pool.query<{ pid: number }>(
    `select l.pid from pg_locks l join pg_database d on d.oid = l.database
      where l.locktype = 'advisory' and l.objid = $1 and l.granted and d.datname = current_database()`,
    [PROJECTION_LEADER_LOCK],
  );
  return rows.map((r) => r.pid);
}

const roles = (...instances: TestContext[]) => instances.map((i) => i.runtime.projections.role).sort();

/** Runs `src/<script>.ts` as its own process, as npm run would. */
function run(script: string, env: Record<string, string>, args: string[] = []) {
  const child = spawn(process.execPath, ['--import', 'tsx', `src/${script}.ts`, ...args], {
    cwd: root,
    env: { ...process.env, LOG_LEVEL: 'info', NODE_ENV: 'test', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout.on('data', (d) => (output += String(d)));
  child.stderr.on('data', (d) => (output += String(d)));
  const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
  /** The first JSON log line (pino) matching `match`, from all output so far; rejects if the process exits without one. */
  const line = (match: (entry: Record<string, unknown>) => boolean) =>
    new Promise<Record<string, unknown>>((resolve, reject) => {
      const find = () => {
        for (const text of output.split('\n')) {
          try {
            const entry = JSON.parse(text) as Record<string, unknown>;
            if (entry && typeof entry === 'object' && match(entry)) return entry;
          } catch {
            // not a log line (or not a whole one yet)
          }
        }
        return null;
      };
      const check = () => {
        const entry = find();
        if (!entry) return;
        child.stdout.off('data', check);
        resolve(entry);
      };
      child.stdout.on('data', check);
      check();
      void exited.then(() => {
        check();
        reject(new Error(`exited (${child.exitCode}) without that line:\n${output}`));
      });
    });
  return { child, exited, output: () => output, line };
}

describe('one projection leader per database', () => {
  it('of two instances exactly one projects; the follower reads its own writes and takes over when the leader stops', async () => {
    const a = await createTestApp(driven);
    const b = await createTestApp({ ...driven, databaseUrl: a.databaseUrl, env: { JWT_SECRET: a.runtime.env.JWT_SECRET! } });
    try {
      expect(a.runtime.projections.role).toBe('leader');
      expect(b.runtime.projections.role).toBe('follower');
      expect(await lockHolders(a.runtime.pool)).toHaveLength(1);
      expect((await b.app.inject({ method: 'GET', url: '/api/health' })).json().projectionRole).toBe('follower');

      // The signup route waits for the customers read model; on the follower that means the leader's checkpoint.
      const shopper = await signUp(b.app);
      const profile = await b.app.inject({ method: 'GET', url: '/api/auth/profile', headers: shopper.auth });
      expect(profile.statusCode).toBe(200);
      expect(profile.json().user.email).toBe(shopper.email);

      // The leader lock is held, so the follower stays one however often it stands for election.
      expect(await b.runtime.projections.checkLeadership()).toBe('follower');
      await a.close();
      await lockReleased(b.runtime.pool);
      expect(await b.runtime.projections.checkLeadership()).toBe('leader');
      expect(await lockHolders(b.runtime.pool)).toHaveLength(1);
      const late = await signUp(b.app);
      expect((await b.app.inject({ method: 'GET', url: '/api/auth/profile', headers: late.auth })).statusCode).toBe(200);
      await caughtUp(b.runtime);
      const c = await consistency(b.runtime.pool);
      expect(c.customers.rows).toBe(c.customers.events);
      expect(c.customers.streamsWithTwoRegistrations).toBe(0);
      expect(c.checkpointsBehind).toEqual([]);
    } finally {
      await b.close();
      await a.close().catch(() => undefined);
    }
    // Two runtimes start and close on one database: the bound only guards against a hang (no wait in it is timed).
  }, 180_000);

  it('a leader whose lock connection dies steps down; one runner leads again and nothing is applied twice', async () => {
    const a = await createTestApp(driven);
    const b = await createTestApp({ ...driven, databaseUrl: a.databaseUrl, env: { JWT_SECRET: a.runtime.env.JWT_SECRET! } });
    try {
      await Promise.all([signUp(a.app), signUp(b.app)]);
      expect(roles(a, b).join()).toBe('follower,leader');
      const [holder] = await lockHolders(a.runtime.pool);
      expect(holder).toBeTypeOf('number');
      await a.runtime.pool.query('select pg_terminate_backend($1)', [holder]);
      await lockReleased(a.runtime.pool);
      // The next round (the timer's, driven here): the old leader finds its lock connection dead and steps down, unless
      // its connection's error already told it; the follower (and the old leader, if it already stood down) stand for
      // election. Exactly one leads; a leader that did not step down would make two.
      await Promise.all([a.runtime.projections.checkLeadership(), b.runtime.projections.checkLeadership()]);
      expect(roles(a, b).join()).toBe('follower,leader');
      const held = await lockHolders(a.runtime.pool);
      expect(held).toHaveLength(1);
      expect(held[0]).not.toBe(holder);
      await Promise.all([signUp(a.app), signUp(b.app), signUp(a.app)]);
      await caughtUp(a.runtime);
      await caughtUp(b.runtime);
      const c = await consistency(a.runtime.pool);
      expect(c.customers.events).toBe(6); // five shoppers and the admin
      expect(c.customers.rows).toBe(6);
      expect(c.checkpointsBehind).toEqual([]);
    } finally {
      await b.close();
      await a.close();
    }
  }, 180_000);

  it('npm run projector projects for API instances with RUN_PROJECTORS=false; replay refuses while it leads', async () => {
    const api = await createTestApp({ env: { RUN_PROJECTORS: 'false' } });
    const env = { DATABASE_URL: api.databaseUrl, DATA_DIR: api.runtime.env.DATA_DIR, JWT_SECRET: api.runtime.env.JWT_SECRET! };
    const projector = run('projector', env);
    try {
      expect(api.runtime.projections.role).toBe('follower');
      // Its own report that it started, with the role it took (it logs once start() has stood for election): no time
      // window for a cold tsx start, which took past 30 s at load 20.
      const started = await projector.line((entry) => entry.msg === 'projector started');
      expect(started.role).toBe('leader');
      expect(await lockHolders(api.runtime.pool)).toHaveLength(1);
      expect(api.runtime.projections.role).toBe('follower');

      const shopper = await signUp(api.app);
      expect((await api.app.inject({ method: 'GET', url: '/api/auth/profile', headers: shopper.auth })).statusCode).toBe(200);
      await caughtUp(api.runtime);

      const refused = run('replay', env);
      expect(await refused.exited).toBe(1);
      expect(refused.output()).toContain('Another process is projecting these read models');

      projector.child.kill('SIGTERM');
      expect(await projector.exited).toBe(0);
      await lockReleased(api.runtime.pool);
      const rebuilt = run('replay', env, ['--', 'customers']);
      expect(await rebuilt.exited).toBe(0);
      const c = await consistency(api.runtime.pool);
      expect(c.customers.rows).toBe(c.customers.events);
      expect(c.customers.rows).toBe(2);
    } finally {
      if (projector.child.exitCode === null) projector.child.kill('SIGKILL');
      await api.close();
    }
    // Four tsx processes start one after another: ~20 s quiet, past 60 s at load 28; the bound only guards against a hang.
  }, 180_000);
});
