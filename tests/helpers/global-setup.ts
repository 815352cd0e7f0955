import { chmodSync, mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { TestProject } from 'vitest/node';
import { startEmbeddedPostgres } from '../../src/db/embedded-postgres.js';

/**
 * One real PostgreSQL server (embedded) for the whole run; every test file makes its own database in it.
 * TEST_DATABASE_URL points the tests at another server instead.
 */
export default async function setup(project: TestProject) {
  if (process.env.TEST_DATABASE_URL) {
    project.provide('pgAdminUrl', process.env.TEST_DATABASE_URL);
    return;
  }
  const dir = mkdtempSync(path.join(os.tmpdir(), 'store-test-pg-'));
  chmodSync(dir, 0o755); // the embedded server runs as its own user when we are root
  const port = 55000 + Math.floor(Math.random() * 2000);
  const db = await startEmbeddedPostgres({ dataDir: path.join(dir, 'pg'), port, database: 'postgres' });
  project.provide('pgAdminUrl', db.connectionString);
  return async () => {
    await db.stop();
    rmSync(dir, { recursive: true, force: true });
  };
}

declare module 'vitest' {
  export interface ProvidedContext {
    pgAdminUrl: string;
  }
}
