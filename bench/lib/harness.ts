/**
 * Shared set-up for the benches: an embedded PostgreSQL of their own (temp folder, a port the OS hands out), fresh
 * databases in it, a migrated pool on one, the environment of a bench's store, full store runtimes + apps (like
 * tests/helpers/test-runtime.ts, without Vitest), the load average printed beside figures, the throughput loop and the
 * entry point's error handling.
 */
import { randomBytes } from 'node:crypto';
import { chmodSync, mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../../src/app.js';
import { DEMO_ADMIN, loadEnv, type Env } from '../../src/config/env.js';
import { NO_LIMITS } from '../../src/config/limits.js';
import { startEmbeddedPostgres, type EmbeddedDatabase } from '../../src/db/embedded-postgres.js';
import { UNCAPPED_HOLDS } from '../../src/modules/orders/holds.js';
import { createRuntime, type Limits, type Runtime } from '../../src/runtime.js';
import type { ImageFetchRules } from '../../src/modules/media/index.js';
import { migrate } from '../../src/db/migrate.js';
import { freePort } from '../../tests/hardening/processes.js';

export const silent = { info: () => undefined, warn: () => undefined, error: () => undefined };

/**
 * The load average as `uptime` prints it ('load 2.10, 1.75, 1.40': 1, 5 and 15 minutes), read without starting a
 * process: printed beside every figure, since on a shared machine a figure means little without it.
 */
export const loadAverage = () =>
  `load ${os
    .loadavg()
    .map((l) => l.toFixed(2))
    .join(', ')}`;

/**
 * The environment of a bench's store, as `npm start` runs in development: its own DATA_DIR, a fixed JWT secret, no
 * demo catalogue, errors only in the log; `overrides` replace any of it.
 */
export function benchEnv(dataDir: string, overrides: Partial<Record<keyof Env, string>> = {}): Env {
  return loadEnv({
    NODE_ENV: 'development',
    DATA_DIR: dataDir,
    JWT_SECRET: 'bench-secret-bench-secret-0123456789',
    SEED_DEMO: 'false',
    LOG_LEVEL: 'error',
    // Bench shoppers are fresh accounts placing many cash-on-delivery orders: the new-account caps would refuse them,
    // as the test runtime's caps are off too (a bench that measures the caps turns them on).
    COD_NEW_ACCOUNT_LIMITS: 'false',
    ...overrides,
  });
}

export interface BenchDatabase {
  /** The temporary folder (removed by stop): the server's data in pg/, room for a store's DATA_DIR beside it. */
  dir: string;
  /** The server's data folder (process-cpu.ts finds its processes by it). */
  pgDir: string;
  port: number;
  adminUrl: string;
  server: EmbeddedDatabase;
  createDatabase(): Promise<string>;
  stop(): Promise<void>;
}

/** An embedded PostgreSQL of the bench's own; `extraFlags` go to the server (e.g. `-c shared_preload_libraries=…`). */
export async function startBenchDatabase(options: { extraFlags?: string[] } = {}): Promise<BenchDatabase> {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'bench-hardening-pg-'));
  chmodSync(dir, 0o755);
  const port = await freePort();
  const pgDir = path.join(dir, 'pg');
  const server = await startEmbeddedPostgres({ dataDir: pgDir, port, database: 'postgres', ...(options.extraFlags ? { extraFlags: options.extraFlags } : {}) });
  return {
    dir,
    pgDir,
    port,
    adminUrl: server.connectionString,
    server,
    createDatabase: async () => {
      const name = `b_${randomBytes(6).toString('hex')}`;
      const client = new pg.Client({ connectionString: server.connectionString });
      await client.connect();
      await client.query(`create database ${name}`);
      await client.end();
      const url = new URL(server.connectionString);
      url.pathname = `/${name}`;
      return url.toString();
    },
    stop: async () => {
      await server.stop();
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

export interface BenchApp {
  runtime: Runtime;
  app: FastifyInstance;
  close(): Promise<void>;
}

export interface BenchAppOptions {
  databaseUrl: string;
  env?: Partial<Record<keyof Env, string>>;
  limits?: Partial<Limits>;
  imageFetch?: ImageFetchRules;
  /** Routes of the bench's own, added before the app is ready (e.g. an empty route as a baseline inside the app). */
  routes?: (app: FastifyInstance) => void;
}

export async function createBenchApp(options: BenchAppOptions): Promise<BenchApp> {
  const env = loadEnv({
    NODE_ENV: 'test',
    DATA_DIR: mkdtempSync(path.join(os.tmpdir(), 'bench-hardening-data-')),
    JWT_SECRET: 'bench-secret-shared-by-every-instance-000',
    SEED_DEMO: 'false',
    // Like the hold caps below: bench shoppers are fresh accounts placing many cash-on-delivery orders.
    COD_NEW_ACCOUNT_LIMITS: 'false',
    ...options.env,
  });
  const runtime = await createRuntime({
    env,
    log: silent,
    connectionString: options.databaseUrl,
    limits: { ...NO_LIMITS, ...options.limits },
    // Benches check out back to back from a few accounts on purpose.
    holdCaps: UNCAPPED_HOLDS,
    ...(options.imageFetch ? { imageFetch: options.imageFetch } : {}),
  });
  const app = await buildApp(runtime);
  options.routes?.(app);
  await app.ready();
  return {
    runtime,
    app,
    close: async () => {
      await app.close();
      await runtime.close();
    },
  };
}

/**
 * A store for a bench: an embedded PostgreSQL of its own, a fresh database, a full runtime and app on it, with the
 * demo admin and one signed-up shopper, handed to `work`; the app, the server and its folder go afterwards, whatever
 * happens.
 */
export async function withBenchStore(
  options: Omit<BenchAppOptions, 'databaseUrl'>,
  work: (store: BenchApp & { admin: Awaited<ReturnType<typeof benchAdmin>>; shopper: Awaited<ReturnType<typeof benchSignUp>> }) => Promise<void>,
): Promise<void> {
  const db = await startBenchDatabase();
  try {
    const bench = await createBenchApp({ ...options, databaseUrl: await db.createDatabase() });
    try {
      const admin = await benchAdmin(bench.app);
      const shopper = await benchSignUp(bench.app);
      await work({ ...bench, admin, shopper });
    } finally {
      await bench.close();
    }
  } finally {
    await db.stop();
  }
}

let counter = 0;
export async function benchSignUp(app: FastifyInstance) {
  const email = `bench${Date.now()}${counter++}${randomBytes(3).toString('hex')}@example.in`;
  const response = await app.inject({
    method: 'POST',
    url: '/api/auth/signup',
    payload: {
      email,
      password: 'secret123',
      full_name: 'Bench Shopper',
      phone: '9876543210',
      pincode: '400001',
      address: '1 Marine Drive',
      city: 'Mumbai',
      state: 'Maharashtra',
    },
  });
  if (response.statusCode !== 201) throw new Error(`signup failed: ${response.body}`);
  const body = response.json() as { token: string; user: { id: string } };
  return { token: body.token, user: body.user, email, auth: { authorization: `Bearer ${body.token}` } };
}

export async function benchAdmin(app: FastifyInstance) {
  const response = await app.inject({ method: 'POST', url: '/api/auth/login', payload: DEMO_ADMIN });
  if (response.statusCode !== 200) throw new Error(`admin login failed: ${response.body}`);
  const body = response.json() as { token: string };
  return { token: body.token, auth: { authorization: `Bearer ${body.token}` } };
}

export const arg = (name: string, fallback: number): number => {
  const i = process.argv.indexOf(`--${name}`);
  return i > 0 ? Number(process.argv[i + 1]) : fallback;
};

/** The p-th percentile (nearest rank, rounding down) of `values`. */
export function percentile(values: number[], p: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? NaN;
}

/**
 * A migrated database on an embedded PostgreSQL of its own (pool of `connections` + 2), handed to `work`; the server
 * and its folder are removed afterwards, whatever happens. `extraFlags` go to the server.
 */
export async function withMigratedPool(
  connections: number,
  work: (pool: pg.Pool, db: BenchDatabase) => Promise<void>,
  options: { extraFlags?: string[] } = {},
): Promise<void> {
  const db = await startBenchDatabase(options);
  const pool = new pg.Pool({ connectionString: await db.createDatabase(), max: connections + 2 });
  pool.on('error', () => undefined); // the server stopping at the end closes idle connections
  try {
    await migrate(pool);
    await work(pool, db);
  } finally {
    await pool.end();
    await db.stop();
  }
}

/** Runs `worker` on `connections` concurrent loops for `seconds`; prints and returns the completions per second. */
export async function throughput(label: string, seconds: number, connections: number, worker: (i: number) => Promise<void>, unit = '/s'): Promise<number> {
  const deadline = Date.now() + seconds * 1000;
  let done = 0;
  await Promise.all(
    Array.from({ length: connections }, async (_, c) => {
      let i = c * 1_000_000;
      while (Date.now() < deadline) {
        await worker(i++);
        done++;
      }
    }),
  );
  const rate = done / seconds;
  console.log(`${label.padEnd(40)} ${rate.toFixed(0).padStart(8)} ${unit}`);
  return rate;
}

/** A bench's entry point: an error is printed and fails the process. */
export function runBench(main: () => Promise<void>): void {
  main().catch((error) => {
    console.error(error);
    process.exit(1);
  });
}
