import { spawn } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_ADMIN, loadEnv } from '../../src/config/env.js';
import { NO_LIMITS } from '../../src/config/limits.js';
import { createRuntime } from '../../src/runtime.js';
import { createTestApp, createTestDatabase, signUp, type TestContext } from '../helpers/test-runtime.js';
import { freePort } from './processes.js';

/** The payment simulator only when enabled, no admin with the public password, no password in a log, request ids bounded. */
const base = { NODE_ENV: 'development', DATA_DIR: '/tmp/unused' };
const keys = { RAZORPAY_KEY_ID: 'rzp_test_abc', RAZORPAY_KEY_SECRET: 'secret-abc' };
const admin = { ADMIN_EMAIL: 'owner@shop.in', ADMIN_PASSWORD: 'Owner-Pass-77' };

describe('start-up refuses unsafe settings (loadEnv)', () => {
  it.each([
    [{ ADMIN_EMAIL: 'owner@shop.in' }, 'ADMIN_EMAIL is set without ADMIN_PASSWORD'],
    [{ ADMIN_PASSWORD: 'Owner-Pass-77' }, 'ADMIN_PASSWORD is set without ADMIN_EMAIL'],
    [{ NODE_ENV: 'production', ...admin, PAYMENTS: 'simulator', ...keys }, 'PAYMENTS=simulator is refused with NODE_ENV=production'],
    [{ NODE_ENV: 'production', ...admin }, 'NODE_ENV=production needs RAZORPAY_KEY_ID and RAZORPAY_KEY_SECRET'],
    [{ NODE_ENV: 'production', ...keys }, 'NODE_ENV=production needs ADMIN_EMAIL and ADMIN_PASSWORD'],
    [{ PAYMENTS: 'razorpay' }, 'PAYMENTS=razorpay needs RAZORPAY_KEY_ID and RAZORPAY_KEY_SECRET'],
    [{ TRUST_PROXY: 'true' }, 'TRUST_PROXY=true would believe any client'],
    [{ TRUST_PROXY: '1' }, 'not a hop count'],
    [{ TRUST_PROXY: '10.0.0.2, nginx' }, 'not an address, CIDR or range: nginx'],
    [{ TRUST_PROXY: '10.0.0.0/33' }, 'not an address, CIDR or range: 10.0.0.0/33'],
  ])('%j is refused', (env, message) => {
    expect(() => loadEnv({ ...base, ...env })).toThrow(message);
  });

  it('payments: the simulator by default outside production, Razorpay once keys are set or asked for', () => {
    expect(loadEnv(base).PAYMENTS).toBe('simulator');
    expect(loadEnv({ ...base, NODE_ENV: 'test' }).PAYMENTS).toBe('simulator');
    expect(loadEnv({ ...base, ...keys }).PAYMENTS).toBe('razorpay');
    expect(loadEnv({ ...base, ...keys, PAYMENTS: 'simulator' }).PAYMENTS).toBe('simulator');
    expect(loadEnv({ ...base, NODE_ENV: 'production', ...admin, ...keys }).PAYMENTS).toBe('razorpay');
  });

  it('TRUST_PROXY: unset or empty trusts nothing; addresses, CIDRs and named ranges are passed to Fastify', () => {
    expect(loadEnv(base).TRUST_PROXY).toBe(false);
    expect(loadEnv({ ...base, TRUST_PROXY: '' }).TRUST_PROXY).toBe(false);
    expect(loadEnv({ ...base, TRUST_PROXY: '172.30.0.10' }).TRUST_PROXY).toEqual(['172.30.0.10']);
    expect(loadEnv({ ...base, TRUST_PROXY: '10.0.0.0/8, fd00::/8,loopback' }).TRUST_PROXY).toEqual(['10.0.0.0/8', 'fd00::/8', 'loopback']);
  });
});

describe('the payment simulator runs only when enabled', () => {
  it('with PAYMENTS=razorpay its route does not exist', async () => {
    const live = await createTestApp({ env: { PAYMENTS: 'razorpay', ...keys } });
    try {
      const shopper = await signUp(live.app);
      const r = await live.app.inject({ method: 'POST', url: '/api/payments/simulator/pay', headers: shopper.auth, payload: { razorpay_order_id: 'order_x' } });
      expect(r.statusCode).toBe(404);
    } finally {
      await live.close();
    }
  });
});

describe('X-Request-Id becomes the correlationId of the immutable log only when short and plain', () => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestApp();
  });
  afterAll(async () => ctx?.close());

  const correlationOfSignup = async (requestId: string) => {
    const shopper = await signUp(ctx.app, {}, { 'x-request-id': requestId });
    const { rows } = await ctx.runtime.pool.query<{ c: string }>("select distinct metadata->>'correlationId' as c from events where stream_id = $1", [
      `customer-${shopper.user.id}`,
    ]);
    return rows.map((r) => r.c);
  };

  it('a plain id (nginx $request_id, a UUID) is kept', async () => {
    expect(await correlationOfSignup('9f86d081884c7d659a2feaa0c55ad015')).toEqual(['9f86d081884c7d659a2feaa0c55ad015']);
    expect(await correlationOfSignup('checkout:web-1.2_3')).toEqual(['checkout:web-1.2_3']);
  });

  it.each([
    ['6 KB', 'a'.repeat(6 * 1024)],
    ['65 characters', 'b'.repeat(65)],
    ['spaces and markup', 'x <script>alert(1)</script>'],
    ['a tab', 'abc\tdef'],
  ])('%s is replaced by a generated UUID', async (_name, given) => {
    const [stored] = await correlationOfSignup(given);
    expect(stored).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
  });
});

describe('no password in a log', () => {
  it('the demo admin (embedded default only) is announced by e-mail, never with its password', async () => {
    const lines: string[] = [];
    const capture = (obj: object | string, msg?: string) => void lines.push(JSON.stringify([obj, msg]));
    const runtime = await createRuntime({
      env: loadEnv({
        NODE_ENV: 'test',
        DATA_DIR: mkdtempSync(path.join(os.tmpdir(), 'unsafe-defaults-')),
        JWT_SECRET: 'unsafe-defaults-secret-0123456789',
        SEED_DEMO: 'false',
      }),
      log: { info: capture, warn: capture, error: capture },
      connectionString: await createTestDatabase(),
      limits: NO_LIMITS,
    });
    await runtime.close();
    expect(lines.some((l) => l.includes('created the demo admin') && l.includes(DEMO_ADMIN.email))).toBe(true);
    expect(lines.join('\n')).not.toContain(DEMO_ADMIN.password);
  });

  it('with DATABASE_URL (a real deployment) and no ADMIN_EMAIL, no demo admin is created', async () => {
    const lines: string[] = [];
    const capture = (obj: object | string, msg?: string) => void lines.push(JSON.stringify([obj, msg]));
    const databaseUrl = await createTestDatabase();
    const runtime = await createRuntime({
      env: loadEnv({
        NODE_ENV: 'test',
        DATABASE_URL: databaseUrl,
        DATA_DIR: mkdtempSync(path.join(os.tmpdir(), 'unsafe-defaults-')),
        JWT_SECRET: 'unsafe-defaults-secret-0123456789',
        SEED_DEMO: 'false',
      }),
      log: { info: capture, warn: capture, error: capture },
      limits: NO_LIMITS,
    });
    try {
      const { rows } = await runtime.pool.query("select count(*)::int as n from events where type = 'CustomerRegistered'");
      expect(rows[0].n).toBe(0);
      expect(lines.some((l) => l.includes('no admin account bootstrapped'))).toBe(true);
    } finally {
      await runtime.close();
    }
  });

  const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
  function runServer(env: Record<string, string>, until: RegExp) {
    return new Promise<{ code: number | null; output: string }>((resolve) => {
      const child = spawn(process.execPath, ['--import', 'tsx', 'src/server.ts'], {
        cwd: root,
        env: { ...process.env, LOG_LEVEL: 'info', SEED_DEMO: 'false', NODE_ENV: 'test', HOST: '127.0.0.1', ...env },
        stdio: ['ignore', 'pipe', 'pipe'],
      });
      let output = '';
      const timer = setTimeout(() => child.kill('SIGKILL'), 60_000);
      const read = (d: Buffer) => {
        output += String(d);
        if (until.test(output)) child.kill('SIGTERM');
      };
      child.stdout.on('data', read);
      child.stderr.on('data', read);
      child.on('exit', (code) => {
        clearTimeout(timer);
        resolve({ code, output });
      });
    });
  }

  it('src/server.ts with ADMIN_EMAIL/ADMIN_PASSWORD logs the admin e-mail and never the password', async () => {
    const { output } = await runServer(
      {
        ...admin,
        DATABASE_URL: await createTestDatabase(),
        PORT: String(await freePort()),
        DATA_DIR: mkdtempSync(path.join(os.tmpdir(), 'unsafe-defaults-')),
        JWT_SECRET: 'unsafe-defaults-secret-0123456789',
      },
      /store is running/,
    );
    expect(output).toContain('store is running');
    expect(output).toContain(admin.ADMIN_EMAIL);
    expect(output).not.toContain(admin.ADMIN_PASSWORD);
    expect(output).not.toContain(DEMO_ADMIN.password);
  });

  it('src/server.ts with ADMIN_EMAIL but no ADMIN_PASSWORD refuses to start and says why', async () => {
    const { code, output } = await runServer({ ADMIN_EMAIL: 'owner@shop.in', ADMIN_PASSWORD: '', PORT: String(await freePort()) }, /$^/);
    expect(code).toBe(1);
    expect(output).toContain('Refusing to start: ADMIN_EMAIL is set without ADMIN_PASSWORD');
  });
});
