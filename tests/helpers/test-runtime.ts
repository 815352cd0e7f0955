import { randomBytes } from 'node:crypto';
import { mkdtempSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { inject } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../../src/app.js';
import { loadEnv, type Env } from '../../src/config/env.js';
import { NO_LIMITS } from '../../src/config/limits.js';
import { createRuntime, type Limits, type Runtime } from '../../src/runtime.js';
import type { RunnerOptions } from '../../projections/runner.js';
import { UNCAPPED_HOLDS, type HoldCaps } from '../../src/modules/orders/holds.js';
import type { ImageFetchRules } from '../../src/modules/media/index.js';

const silent = { info: () => undefined, warn: () => undefined, error: () => undefined };

/** This worker's PostgreSQL server (tests/helpers/global-setup.ts starts one per Vitest worker). */
export function testServerUrl(): string {
  const urls = inject('pgAdminUrls');
  const worker = Number(process.env.VITEST_POOL_ID ?? '1') - 1;
  return urls[worker % urls.length]!;
}

/**
 * Creates a database on this worker's test server and returns its URL: empty, or with `migrated` a clone of the
 * template migrated once at the start of the run (CREATE DATABASE … TEMPLATE: no migrations per file).
 */
export async function createTestDatabase(options: { migrated?: boolean } = {}): Promise<string> {
  const adminUrl = testServerUrl();
  const name = `t_${randomBytes(6).toString('hex')}`;
  const client = new pg.Client({ connectionString: adminUrl });
  await client.connect();
  try {
    await client.query(options.migrated ? `create database ${name} template ${inject('pgTemplate')}` : `create database ${name}`);
  } finally {
    await client.end();
  }
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return url.toString();
}

export interface TestContext {
  runtime: Runtime;
  app: FastifyInstance;
  databaseUrl: string;
  close(): Promise<void>;
}

/** A full runtime (migrations, projections, modules) and app on a fresh database. */
export async function createTestApp(
  options: {
    env?: Partial<Record<keyof Env, string>>;
    limits?: Partial<Limits>;
    holdCaps?: Partial<HoldCaps>;
    databaseUrl?: string;
    now?: () => number;
    localLocks?: boolean;
    /** The image routes' fetch policy and resolver (tests/hardening/fake-image-host.ts). */
    imageFetch?: ImageFetchRules;
    /** The projection runner's options (tests/hardening/projection-leader.int.spec.ts drives elections itself). */
    projections?: RunnerOptions;
  } = {},
): Promise<TestContext> {
  const databaseUrl = options.databaseUrl ?? (await createTestDatabase({ migrated: true }));
  const env = loadEnv({
    NODE_ENV: 'test',
    DATA_DIR: mkdtempSync(path.join(os.tmpdir(), 'store-test-data-')),
    JWT_SECRET: randomBytes(24).toString('hex'),
    SEED_DEMO: 'false',
    DATA_KEY: process.env.DATA_KEY ?? '',
    // Specs sign up fresh accounts and place many COD orders from them; the new-account COD caps have their own specs.
    COD_NEW_ACCOUNT_LIMITS: 'false',
    ...options.env,
  });
  const runtime = await createRuntime({
    env,
    log: silent,
    connectionString: databaseUrl,
    // Unlimited unless a test sets a limit (tests/hardening/ check the real budgets).
    limits: { ...NO_LIMITS, ...options.limits },
    ...(options.now ? { now: options.now } : {}),
    ...(options.localLocks === false ? { localLocks: false } : {}),
    ...(options.imageFetch ? { imageFetch: options.imageFetch } : {}),
    ...(options.projections ? { projections: options.projections } : {}),
    // Most specs place many orders from one shopper; the stock-hoarding caps have their own specs (holdCaps to apply them).
    holdCaps: options.holdCaps ?? UNCAPPED_HOLDS,
  });
  const app = await buildApp(runtime);
  await app.ready();
  return {
    runtime,
    app,
    databaseUrl,
    close: async () => {
      await app.close();
      await runtime.close();
    },
  };
}

let counter = 0;
/** Signs up a fresh shopper and returns its token and user. */
/** `POST /api/auth/signup` with a valid shopper's fields, `overrides` replacing any of them; the raw answer (for refusals). */
export function attemptSignUp(app: FastifyInstance, overrides: Record<string, string> = {}, headers: Record<string, string> = {}) {
  return app.inject({
    method: 'POST',
    url: '/api/auth/signup',
    headers,
    payload: {
      password: 'secret123',
      full_name: 'Test Shopper',
      phone: '9876543210',
      pincode: '400001',
      address: '1 Marine Drive',
      city: 'Mumbai',
      state: 'Maharashtra',
      ...overrides,
    },
  });
}

export async function signUp(app: FastifyInstance, overrides: Record<string, string> = {}, headers: Record<string, string> = {}) {
  const email = `shopper${Date.now()}${counter++}${randomBytes(3).toString('hex')}@example.in`;
  const response = await attemptSignUp(app, { email, ...overrides }, headers);
  if (response.statusCode !== 201) throw new Error(`signup failed: ${response.body}`);
  const body = response.json() as { token: string; user: { id: string; email: string } };
  return { token: body.token, user: body.user, email, password: overrides.password ?? 'secret123', auth: { authorization: `Bearer ${body.token}` } };
}

/** Logs in as the bootstrap admin of a test runtime. */
export async function loginAdmin(app: FastifyInstance) {
  const { DEMO_ADMIN } = await import('../../src/config/env.js');
  const response = await app.inject({ method: 'POST', url: '/api/auth/login', payload: DEMO_ADMIN });
  if (response.statusCode !== 200) throw new Error(`admin login failed: ${response.body}`);
  const body = response.json() as { token: string; user: { id: string } };
  return { token: body.token, user: body.user, auth: { authorization: `Bearer ${body.token}` } };
}

/** A single-use ticket for the admin live feed (`/api/admin/live?ticket=…`), asked for with the admin's bearer token. */
export async function liveTicket(app: FastifyInstance, auth: Record<string, string>): Promise<string> {
  const response = await app.inject({ method: 'POST', url: '/api/admin/live/ticket', headers: auth });
  if (response.statusCode !== 200) throw new Error(`live ticket refused: ${response.statusCode} ${response.body}`);
  return (response.json() as { ticket: string }).ticket;
}
