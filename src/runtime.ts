import path from 'node:path';
import pg from 'pg';
import type { Env } from './config/env.js';
import { loadJwtSecret } from './config/jwt-secret.js';
import { DEFAULT_LIMITS, type Limits } from './config/limits.js';
import { disableLocalLocks } from './core/command-handler.js';
import type { EventStore } from './core/event-store.js';
import type { Logger } from './core/logger.js';
import { startEmbeddedPostgres, type EmbeddedDatabase } from './db/embedded-postgres.js';
import { runBoundedSteps } from './core/bounded-steps.js';
import { migrate } from './db/migrate.js';
import { PostgresSnapshotStore } from './event-store/postgres-snapshots.js';
import { EventStoreDbEventStore } from './event-store/eventstoredb.js';
import { PostgresEventStore } from './event-store/postgres.js';
import { PROJECTORS } from '../projections/index.js';
import { ProjectionRunner, type RunnerOptions } from '../projections/runner.js';
import { createModules, type StoreModule } from './modules/index.js';
import type { ModuleDeps } from './modules/module.js';
import type { ImageFetchRules } from './modules/media/index.js';
import { SessionRegistry } from './modules/sessions/session-registry.js';
import { DEFAULT_HOLD_CAPS, type HoldCaps } from './modules/orders/holds.js';
import { openPersonalData, type PersonalData } from './modules/privacy/personal-data.js';
import { encryptExistingLog } from './modules/privacy/encrypt-log.js';

export type { Logger } from './core/logger.js';

export interface RuntimeOptions {
  env: Env;
  log: Logger;
  /** Overrides DATABASE_URL (tests give each file its own database). */
  connectionString?: string;
  /** Limits; tests raise or lower them. */
  limits?: Partial<Limits>;
  /** The wall clock in ms (sign-in throttling reads it); tests inject one instead of sleeping. */
  now?: () => number;
  /** Stock-hoarding caps per customer (src/modules/orders/holds.ts); tests and benches raise them. */
  holdCaps?: Partial<HoldCaps>;
  /** Projection runner options; `lead` defaults to RUN_PROJECTORS. */
  projections?: RunnerOptions;
  /** false: build the modules (for their projectors) without starting them (no seeding, timers or feeds). */
  startModules?: boolean;
  /** Tests: false runs without the in-process lock (src/core/command-handler.ts), leaving races to the event store. */
  localLocks?: boolean;
  /** Tests: the fetch policy and name resolution of the routes that fetch remote images (a local fake image host). */
  imageFetch?: ImageFetchRules;
}

export type { Limits } from './config/limits.js';

/** What the app runs on: the deps every module is given, plus the projection runner, the modules and shutdown. */
export interface Runtime extends ModuleDeps {
  projections: ProjectionRunner;
  modules: StoreModule[];
  /**
   * Marks the start of a shutdown. On Ctrl-C the terminal signals the embedded PostgreSQL too (same process group),
   * so it closes our connections while we drain; those expected disconnects are then logged at info, not as errors.
   */
  beginShutdown(): void;
  close(): Promise<void>;
}

function eventStoreDb(url: string, pool: pg.Pool, codec: PersonalData['codec']): EventStore {
  const store = new EventStoreDbEventStore(url, { codec });
  store.snapshots = new PostgresSnapshotStore(pool);
  return store;
}

export async function createRuntime(options: RuntimeOptions): Promise<Runtime> {
  const { env, log } = options;
  let embedded: EmbeddedDatabase | null = null;
  let connectionString = options.connectionString ?? env.DATABASE_URL;
  if (!connectionString) {
    log.info({ dataDir: path.resolve(env.DATA_DIR, 'pg') }, 'starting embedded PostgreSQL');
    embedded = await startEmbeddedPostgres({ dataDir: path.join(env.DATA_DIR, 'pg'), port: env.EMBEDDED_PG_PORT });
    connectionString = embedded.connectionString;
    // However this process ends (a forced exit after a hung shutdown, a crash), its PostgreSQL is told to stop.
    const started = embedded;
    process.once('exit', () => started.signalStop());
  }
  const pool = new pg.Pool({ connectionString, max: 20, connectionTimeoutMillis: 5000 });
  let shuttingDown = false;
  const disconnected = (message: string, level: 'error' | 'warn') => (error: Error) =>
    shuttingDown ? log.info({ reason: error.message }, `${message} (shutting down)`) : log[level]({ err: error }, message);
  pool.on('error', disconnected('idle database client error', 'error'));
  // A checked-out client whose server goes away between two queries emits 'error' with no listener, which would
  // crash the process; its next query fails instead and the pool discards it on release.
  pool.on('connect', (client) => client.on('error', disconnected('database connection lost', 'warn')));
  try {
    await migrate(pool);
  } catch (error) {
    await pool.end();
    await embedded?.stop();
    throw error;
  }
  let personalData: PersonalData | undefined;
  try {
    personalData = await openPersonalData(pool, env);
    // Another instance's erasure drops this one's cached key at once (docs/personal-data.md).
    await personalData.keys.listen();
    if (!env.EVENTSTORE_URL) {
      // A log written before personal data was encrypted: the one-time, recorded re-encryption (docs/personal-data.md).
      const migrated = await encryptExistingLog(pool, personalData.codec);
      if (migrated) log.warn(migrated, 'personal data of an older log encrypted; chains recomputed and recorded in PersonalDataLogEncrypted');
    }
  } catch (error) {
    await personalData?.keys.close();
    await pool.end();
    await embedded?.stop();
    throw error;
  }
  const store: EventStore = env.EVENTSTORE_URL
    ? eventStoreDb(env.EVENTSTORE_URL, pool, personalData.codec)
    : new PostgresEventStore(pool, { codec: personalData.codec });
  if (options.localLocks === false) disableLocalLocks(store);
  const partial = {
    env,
    log,
    pool,
    store,
    jwtSecret: loadJwtSecret(env),
    personalData,
    sessions: new SessionRegistry(store, log),
    limits: { ...DEFAULT_LIMITS, ...options.limits },
    now: options.now ?? Date.now,
    holdCaps: { ...DEFAULT_HOLD_CAPS, ...options.holdCaps },
    ...(options.imageFetch ? { imageFetch: options.imageFetch } : {}),
  };
  const projections = new ProjectionRunner(store, pool, PROJECTORS, log, {
    lead: env.RUN_PROJECTORS,
    ...options.projections,
  });
  const modules: StoreModule[] = [];
  modules.push(...(await createModules({ ...partial, projections, modules })));
  const runtime: Runtime = {
    ...partial,
    projections,
    modules,
    beginShutdown: () => {
      shuttingDown = true;
    },
    close: async () => {
      shuttingDown = true;
      // Each step within its own time, and the database server stopped whatever happened before it: a hung step
      // (a projection leader that cannot step down, a query that never returns) must not leave PostgreSQL running.
      const failures = await runBoundedSteps([
        ...[...modules].reverse().map((module) => ({ name: `module ${module.name}`, run: () => module.stop?.(), timeoutMs: 5_000 })),
        { name: 'sessions', run: () => partial.sessions.stop(), timeoutMs: 5_000 },
        { name: 'projections (leader step-down)', run: () => projections.stop(), timeoutMs: 5_000 },
        { name: 'event store', run: () => store.close(), timeoutMs: 5_000 },
        { name: 'personal data keys', run: () => personalData.keys.close(), timeoutMs: 2_000 },
        { name: 'database pool', run: () => pool.end(), timeoutMs: 5_000 },
        ...(embedded ? [{ name: 'embedded PostgreSQL', run: () => embedded!.stop(5_000), timeoutMs: 12_000 }] : []),
      ]);
      for (const { step, error } of failures) log.error({ err: error, step }, 'shutdown step failed');
      if (failures.length > 0)
        throw new AggregateError(
          failures.map((f) => f.error),
          `shutdown incomplete: ${failures.map((f) => f.step).join(', ')}`,
        );
    },
  };
  await projections.start();
  if (options.startModules !== false) {
    await runtime.sessions.start();
    for (const module of modules) await module.start?.(runtime);
  }
  return runtime;
}
