import { spawn, type ChildProcess } from 'node:child_process';
import net from 'node:net';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

export async function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const server = net.createServer().listen(0, '127.0.0.1', () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => resolve(port));
    });
  });
}

/** Preloaded into a server process: switches its in-process lock off, so only the event store separates its commands. */
export const WITHOUT_LOCAL_LOCKS = path.join(root, 'tests/hardening/without-local-locks.ts');

/**
 * Starts `src/server.ts` as its own process (the real entry point) and waits until /api/health answers 200.
 * `preload`: modules imported before the server (e.g. WITHOUT_LOCAL_LOCKS).
 */
export async function startServer(env: Record<string, string>, preload: string[] = []): Promise<{ child: ChildProcess; url: string }> {
  const port = await freePort();
  const child = spawn(process.execPath, ['--import', 'tsx', ...preload.flatMap((m) => ['--import', m]), 'src/server.ts'], {
    cwd: root,
    // Fresh test accounts race for the last units by cash on delivery here; the new-account COD caps have their own specs.
    env: {
      ...process.env,
      COD_NEW_ACCOUNT_LIMITS: 'false',
      ...env,
      PORT: String(port),
      HOST: '127.0.0.1',
      LOG_LEVEL: 'error',
      SEED_DEMO: 'false',
      NODE_ENV: 'test',
    },
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  let stderr = '';
  child.stderr?.on('data', (d) => (stderr += String(d)));
  const url = `http://127.0.0.1:${port}`;
  for (let i = 0; i < 600; i++) {
    if (child.exitCode !== null) throw new Error(`server exited: ${stderr}`);
    try {
      if ((await fetch(`${url}/api/health`)).status === 200) return { child, url };
    } catch {
      // not listening yet
    }
    await sleep(100);
  }
  child.kill('SIGKILL');
  throw new Error(`server did not start: ${stderr}`);
}
