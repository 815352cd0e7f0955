import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import { existsSync, mkdtempSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { createTestDatabase } from '../helpers/test-runtime.js';
import { freePort } from './processes.js';

const root = path.resolve(import.meta.dirname, '../..');
let server: ChildProcess | undefined;
afterAll(() => {
  server?.kill('SIGKILL');
});

/**
 * `npm start` and the image run the compiled server (dist/src/server.js) with plain node, no tsx: the build must emit
 * every module the server discovers at start, the files it loads by URL, and find migrations/, seed/ and the SPAs
 * from dist/ as it does from src/.
 */
describe('the production build', () => {
  it('compiles the server, which starts with plain node and answers /api/health/live and /api/health/ready', async () => {
    execFileSync(process.execPath, ['scripts/build.mjs', '--start'], { cwd: root, stdio: 'pipe' });
    expect(existsSync(path.join(root, 'dist/src/server.js'))).toBe(true);
    expect(existsSync(path.join(root, 'dist/src/modules/privacy/open-worker.mjs'))).toBe(true);

    const port = await freePort();
    server = spawn(process.execPath, ['dist/src/server.js'], {
      cwd: root,
      env: {
        ...process.env,
        DATABASE_URL: await createTestDatabase(),
        DATA_DIR: mkdtempSync(path.join(os.tmpdir(), 'built-server-')),
        PORT: String(port),
        HOST: '127.0.0.1',
        LOG_LEVEL: 'error',
        SEED_DEMO: 'true',
        NODE_ENV: 'test',
        ADMIN_EMAIL: 'owner@shop.in',
        ADMIN_PASSWORD: 'Owner-Pass-77',
      },
      stdio: ['ignore', 'ignore', 'pipe'],
    });
    let stderr = '';
    server.stderr?.on('data', (d) => (stderr += String(d)));
    const url = `http://127.0.0.1:${port}`;
    await expect
      .poll(
        async () => {
          if (server?.exitCode !== null) throw new Error(`the built server exited: ${stderr}`);
          return (await fetch(`${url}/api/health/live`).catch(() => undefined))?.status;
        },
        { timeout: 60_000, interval: 200 },
      )
      .toBe(200);
    await expect.poll(async () => (await fetch(`${url}/api/health/ready`)).status, { timeout: 60_000 }).toBe(200);

    // Migrations ran (ready says so), the demo catalogue was found under seed/ and the storefront renders it.
    const products = (await (await fetch(`${url}/api/products?limit=1`)).json()) as { total: number };
    expect(products.total).toBeGreaterThan(0);
    const home = await fetch(`${url}/`);
    expect(home.status).toBe(200);
    expect(await home.text()).toContain('id="ssr-data"');
  }, 240_000);
});
