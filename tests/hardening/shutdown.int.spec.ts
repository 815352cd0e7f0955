import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync } from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { freePort } from './processes.js';

const HUNG_STEP_DOWN = path.resolve('tests/hardening/hung-step-down.ts');
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

const listening = (port: number) =>
  new Promise<boolean>((resolve) => {
    const socket = net.connect(port, '127.0.0.1');
    socket.once('connect', () => (socket.destroy(), resolve(true)));
    socket.once('error', () => resolve(false));
  });
const alive = (pid: number) => {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
};

/**
 * The real entry point on its own embedded PostgreSQL, stopped with SIGTERM while requests are under way: the server
 * exits within its bound and its PostgreSQL is gone with it (no process, no port), even when a shutdown step hangs.
 */
async function stopDuringWork(preload: string[]) {
  const [port, pgPort] = [await freePort(), await freePort()];
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'shutdown-'));
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    DATA_DIR: dataDir,
    PORT: String(port),
    EMBEDDED_PG_PORT: String(pgPort),
    HOST: '127.0.0.1',
    LOG_LEVEL: 'info',
  };
  delete env.DATABASE_URL;
  const child = spawn(process.execPath, ['--import', 'tsx', ...preload.flatMap((m) => ['--import', m]), 'src/server.ts'], {
    env: { ...env, SEED_DEMO: 'false', NODE_ENV: 'test', JWT_SECRET: 'shutdown-test-secret-0123456789' },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout.on('data', (d) => (output += String(d)));
  child.stderr.on('data', (d) => (output += String(d)));
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  const url = `http://127.0.0.1:${port}`;
  try {
    for (let i = 0; !output.includes('store is running'); i++) {
      if (child.exitCode !== null || i > 1200) throw new Error(`server did not start: ${output}`);
      await sleep(100);
    }
    const postgres = Number(readFileSync(path.join(dataDir, 'pg', 'postmaster.pid'), 'utf8').split('\n')[0]);
    expect(alive(postgres)).toBe(true);
    // Work under way: reads and sign-up attempts in a loop until the server stops answering.
    let working = true;
    const work = (async () => {
      while (working) {
        await Promise.allSettled([fetch(`${url}/api/products`), fetch(`${url}/api/auth/login`, { method: 'POST', body: '{}' })]);
      }
    })();
    await sleep(300);
    const killedAt = Date.now();
    child.kill('SIGTERM');
    const code = await exited;
    working = false;
    await work;
    const tookMs = Date.now() - killedAt;
    // PostgreSQL ends its fast shutdown in its own time once told: a few seconds at most.
    await expect.poll(() => alive(postgres), { timeout: 15_000 }).toBe(false);
    expect(await listening(pgPort)).toBe(false);
    expect(await listening(port)).toBe(false);
    return { code, tookMs, output };
  } finally {
    if (child.exitCode === null) child.kill('SIGKILL');
  }
}

describe('shutdown: bounded and total', () => {
  it('SIGTERM during work stops the server and its embedded PostgreSQL, exit code 0', async () => {
    const { code, tookMs, output } = await stopDuringWork([]);
    expect(code, output).toBe(0);
    expect(tookMs).toBeLessThan(25_000);
    expect(output).toContain('"msg":"stopped"');
  }, 120_000);

  it('a projection leader whose step-down hangs: the rest still stops, PostgreSQL too, and the log says which step failed', async () => {
    const { code, tookMs, output } = await stopDuringWork([HUNG_STEP_DOWN]);
    expect(code).toBe(1);
    expect(tookMs).toBeLessThan(25_000);
    expect(output).toContain('projections (leader step-down) did not finish within 5000 ms');
  }, 120_000);
});
