import path from 'node:path';
import pino from 'pino';
import { buildApp } from './app.js';
import { DEMO_ADMIN, loadEnv } from './config/env.js';
import { backupSettings } from './modules/backup/settings.js';
import { parseEvery, startBackupSchedule, type BackupSchedule } from './operations/backup/schedule.js';
import { checkAnchorWebhook, startAnchorSchedule, type AnchorSchedule } from './modules/audit/anchor-schedule.js';
import { createRuntime } from './runtime.js';
import { loggerOptions } from './plugins/log-redaction.js';

/** How long a shutdown may take in all before the process exits anyway. */
const SHUTDOWN_LIMIT_MS = 25_000;

/** Starts the store: database (embedded unless DATABASE_URL), projections, API and both SPAs; stops cleanly. */
async function main(): Promise<void> {
  const env = loadEnv();
  const log = pino(loggerOptions(env.LOG_LEVEL));
  const backupEveryMs = env.BACKUP_DIR ? parseEvery(env.BACKUP_EVERY) : 0;
  const anchorEveryMs = env.ANCHOR_DIR ? parseEvery(env.ANCHOR_EVERY) : 0;
  if (env.ANCHOR_WEBHOOK_URL) checkAnchorWebhook(env.ANCHOR_WEBHOOK_URL);
  const runtime = await createRuntime({ env, log });
  const app = await buildApp(runtime, { logger: log, serveFrontends: true });
  let backups: BackupSchedule | null = null;
  let anchors: AnchorSchedule | null = null;
  let stopping = false;
  const stop = async (signal: string, exitCode = 0) => {
    if (stopping) return;
    stopping = true;
    log.info({ signal }, 'shutting down');
    runtime.beginShutdown();
    // Every step below is bounded; this is the last resort. Exiting still tells the embedded PostgreSQL to stop (runtime.ts).
    const force = setTimeout(() => {
      log.error({ signal, afterMs: SHUTDOWN_LIMIT_MS }, 'shutdown did not finish in time: exiting, embedded PostgreSQL told to stop');
      process.exit(1);
    }, SHUTDOWN_LIMIT_MS);
    force.unref();
    try {
      // Requests under way get a few seconds to finish; connections still open after that are cut.
      const drained = await Promise.race([app.close().then(() => true), new Promise<false>((resolve) => setTimeout(() => resolve(false), 5_000).unref())]);
      if (!drained) {
        log.warn({ signal }, 'requests still open after 5 s: closing their connections');
        app.server.closeAllConnections();
      }
      await backups?.stop();
      await anchors?.stop();
      await runtime.close();
      log.info({ signal }, 'stopped');
      process.exit(exitCode);
    } catch (error) {
      log.error({ err: error }, 'error during shutdown');
      process.exit(1);
    }
  };
  process.on('SIGINT', () => void stop('SIGINT'));
  process.on('SIGTERM', () => void stop('SIGTERM'));
  // A crash still stops the embedded PostgreSQL, so the next start finds its data folder free.
  process.on('uncaughtException', (error) => {
    log.fatal({ err: error }, 'uncaught exception');
    void stop('uncaughtException', 1);
  });
  process.on('unhandledRejection', (error) => {
    log.fatal({ err: error }, 'unhandled rejection');
    void stop('unhandledRejection', 1);
  });
  await app.listen({ host: env.HOST, port: env.PORT });
  if (env.ANCHOR_DIR) {
    anchors = startAnchorSchedule({
      pool: runtime.pool,
      store: runtime.store,
      dir: path.resolve(env.ANCHOR_DIR),
      everyMs: anchorEveryMs,
      webhookUrl: env.ANCHOR_WEBHOOK_URL,
      log,
    });
    log.info({ dir: path.resolve(env.ANCHOR_DIR), every: env.ANCHOR_EVERY, webhook: Boolean(env.ANCHOR_WEBHOOK_URL) }, 'scheduled audit anchors on');
  }
  if (env.BACKUP_DIR && runtime.store.kind === 'postgres') {
    backups = startBackupSchedule({
      pool: runtime.pool,
      dir: path.resolve(env.BACKUP_DIR),
      everyMs: backupEveryMs,
      keep: env.BACKUP_KEEP,
      mediaDir: env.CLOUDINARY_URL ? null : path.resolve(env.DATA_DIR, 'media'),
      settings: backupSettings(env),
      log,
    });
    log.info({ dir: path.resolve(env.BACKUP_DIR), every: env.BACKUP_EVERY, keep: env.BACKUP_KEEP }, 'scheduled backups on');
  }
  log.info(
    {
      url: `http://localhost:${env.PORT}`,
      // The e-mail only: the demo password is in the README, a configured one is never logged.
      admin: env.ADMIN_EMAIL ?? (env.DATABASE_URL ? null : DEMO_ADMIN.email),
      database: env.DATABASE_URL ? 'DATABASE_URL' : `embedded PostgreSQL (${path.join(env.DATA_DIR, 'pg')})`,
      eventStore: runtime.store.kind,
    },
    'Anime Collectibles store is running',
  );
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
