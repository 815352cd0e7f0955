import pino from 'pino';
import { loadEnv } from './config/env.js';
import { embeddedConnectionString } from './db/embedded-postgres.js';
import { createRuntime } from './runtime.js';
import { loggerOptions } from './plugins/log-redaction.js';

/**
 * npm run projector: the projection runner as a process of its own, for API instances started with
 * RUN_PROJECTORS=false (or as a standby beside them). It stands for election on the projection leader lock: while
 * another runner leads, it waits and takes over when that one goes away. Without DATABASE_URL it connects to the
 * embedded PostgreSQL of a store started by `npm start` on this machine.
 */
async function main(): Promise<void> {
  const env = { ...loadEnv(), SEED_DEMO: false };
  const log = pino(loggerOptions(env.LOG_LEVEL));
  const connectionString = env.DATABASE_URL ?? embeddedConnectionString(env.EMBEDDED_PG_PORT);
  const runtime = await createRuntime({ env, log, connectionString, startModules: false, projections: { lead: true } });
  log.info({ role: runtime.projections.role, projectors: runtime.projections.projectors.map((p) => p.name) }, 'projector started');
  let lastRole = runtime.projections.role;
  const watch = setInterval(() => {
    const role = runtime.projections.role;
    if (role !== lastRole) log.info({ role }, 'projector role changed');
    lastRole = role;
  }, 1000);
  let closing = false;
  const shutdown = async (signal: string) => {
    if (closing) return;
    closing = true;
    clearInterval(watch);
    log.info({ signal }, 'projector stopping');
    await runtime.close();
    process.exit(0);
  };
  process.on('SIGINT', () => void shutdown('SIGINT'));
  process.on('SIGTERM', () => void shutdown('SIGTERM'));
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
