import { execFileSync } from 'node:child_process';
import { chmodSync, mkdtempSync, rmSync } from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import type { TestProject } from 'vitest/node';
import { startEmbeddedPostgres } from '../../src/db/embedded-postgres.js';
import { migrate } from '../../src/db/migrate.js';

/** The migrated database every test file's database is cloned from (CREATE DATABASE … TEMPLATE). */
export const TEMPLATE_DATABASE = 'store_template';

/**
 * One real PostgreSQL server (embedded) per Vitest worker, so a long transaction or a heavy file in one worker never
 * stalls another worker's files; each test file makes its own database in its worker's server, cloned from a
 * template migrated once per server. Ports come from the OS. TEST_DATABASE_URL points every worker at another server
 * instead (the template is made there too, under a name of this run).
 */
export default async function setup(project: TestProject) {
  // The storefront build (web/dist, web/dist-ssr) is read by the specs that serve pages (src/shop-pages, the journeys):
  // made here once when missing, before any worker starts. Built by those specs themselves, two workers could each
  // empty the folder (Vite's emptyOutDir) while the other reads it. A no-op when built (npm test builds first).
  execFileSync(process.execPath, ['scripts/build-frontends.mjs', '--if-missing'], { stdio: 'inherit', cwd: new URL('../..', import.meta.url).pathname });
  if (process.env.TEST_DATABASE_URL) {
    const template = `${TEMPLATE_DATABASE}_${process.pid}`;
    await createTemplate(process.env.TEST_DATABASE_URL, template);
    project.provide('pgAdminUrls', [process.env.TEST_DATABASE_URL]);
    project.provide('pgAdminUrl', process.env.TEST_DATABASE_URL);
    project.provide('pgTemplate', template);
    return async () => dropTemplate(process.env.TEST_DATABASE_URL!, template);
  }
  const workers = Math.max(1, Number(project.globalConfig.maxWorkers) || 1);
  const dir = mkdtempSync(path.join(os.tmpdir(), 'store-test-pg-'));
  chmodSync(dir, 0o755); // the embedded server runs as its own user when we are root
  const started = await Promise.allSettled(
    Array.from({ length: workers }, async (_, i) => {
      const server = await startEmbeddedPostgres({ dataDir: path.join(dir, `pg-${i + 1}`), port: await freePort(), database: 'postgres', durable: false });
      try {
        await createTemplate(server.connectionString, TEMPLATE_DATABASE);
      } catch (error) {
        await server.stop();
        throw error;
      }
      return server;
    }),
  );
  const servers = started.flatMap((s) => (s.status === 'fulfilled' ? [s.value] : []));
  const failed = started.find((s) => s.status === 'rejected');
  if (failed) {
    await Promise.all(servers.map((s) => s.stop()));
    throw failed.reason;
  }
  // Worker n (VITEST_POOL_ID) uses server n.
  project.provide(
    'pgAdminUrls',
    servers.map((s) => s.connectionString),
  );
  project.provide('pgAdminUrl', servers[0]!.connectionString);
  project.provide('pgTemplate', TEMPLATE_DATABASE);
  return async () => {
    await Promise.all(servers.map((s) => s.stop()));
    rmSync(dir, { recursive: true, force: true });
  };
}

/** A port the OS has just handed out (listen on 0), closed again for the server to take. */
function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = net.createServer();
    probe.unref();
    probe.on('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as net.AddressInfo;
      probe.close(() => resolve(port));
    });
  });
}

async function createTemplate(adminUrl: string, name: string): Promise<void> {
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  try {
    await admin.query(`drop database if exists ${name}`);
    await admin.query(`create database ${name}`);
  } finally {
    await admin.end();
  }
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  const pool = new pg.Pool({ connectionString: url.toString(), max: 1 });
  try {
    await migrate(pool);
  } finally {
    await pool.end();
  }
}

async function dropTemplate(adminUrl: string, name: string): Promise<void> {
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`drop database if exists ${name}`).finally(() => admin.end());
}

declare module 'vitest' {
  export interface ProvidedContext {
    /** One admin URL per worker (VITEST_POOL_ID n uses entry n-1, wrapping). */
    pgAdminUrls: string[];
    pgTemplate: string;
    /** The first server (kept for specs written before there was one per worker). */
    pgAdminUrl: string;
  }
}
