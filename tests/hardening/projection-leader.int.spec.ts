import { spawn } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type pg from 'pg';
import { describe, expect, it, vi } from 'vitest';
import { PROJECTION_LEADER_LOCK } from '../../projections/leadership.js';
import { createTestApp, signUp, type TestContext } from '../helpers/test-runtime.js';
import { caughtUp, consistency } from './consistency.js';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
async function until(condition: () => boolean | Promise<boolean>, timeoutMs = 15_000): Promise<void> {
  await vi.waitFor(
    async () => {
      if (!(await condition())) throw new Error('condition not met in time');
    },
    { timeout: timeoutMs, interval: 50 },
  );
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
  return { child, exited, output: () => output };
}

describe('one projection leader per database', () => {
  it('of two instances exactly one projects; the follower reads its own writes and takes over when the leader stops', async () => {
    const a = await createTestApp();
    const b = await createTestApp({ databaseUrl: a.databaseUrl, env: { JWT_SECRET: a.runtime.env.JWT_SECRET! } });
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

      await a.close();
      await until(() => b.runtime.projections.role === 'leader');
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
  });

  it('a leader whose lock connection dies steps down; one runner leads again and nothing is applied twice', async () => {
    const a = await createTestApp();
    const b = await createTestApp({ databaseUrl: a.databaseUrl, env: { JWT_SECRET: a.runtime.env.JWT_SECRET! } });
    try {
      await Promise.all([signUp(a.app), signUp(b.app)]);
      const [holder] = await lockHolders(a.runtime.pool);
      expect(holder).toBeTypeOf('number');
      await a.runtime.pool.query('select pg_terminate_backend($1)', [holder]);
      await until(async () => {
        const held = await lockHolders(a.runtime.pool);
        return held.length === 1 && held[0] !== holder && roles(a, b).join() === 'follower,leader';
      });
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
  });

  it('npm run projector projects for API instances with RUN_PROJECTORS=false; replay refuses while it leads', async () => {
    const api = await createTestApp({ env: { RUN_PROJECTORS: 'false' } });
    const env = { DATABASE_URL: api.databaseUrl, DATA_DIR: api.runtime.env.DATA_DIR, JWT_SECRET: api.runtime.env.JWT_SECRET! };
    const projector = run('projector', env);
    try {
      expect(api.runtime.projections.role).toBe('follower');
      await until(async () => (await lockHolders(api.runtime.pool)).length === 1 || projector.child.exitCode !== null, 30_000);
      expect(projector.child.exitCode).toBeNull();
      expect(api.runtime.projections.role).toBe('follower');

      const shopper = await signUp(api.app);
      expect((await api.app.inject({ method: 'GET', url: '/api/auth/profile', headers: shopper.auth })).statusCode).toBe(200);
      await caughtUp(api.runtime);

      const refused = run('replay', env);
      expect(await refused.exited).toBe(1);
      expect(refused.output()).toContain('Another process is projecting these read models');

      projector.child.kill('SIGTERM');
      expect(await projector.exited).toBe(0);
      expect(await lockHolders(api.runtime.pool)).toEqual([]);
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
