import pino from 'pino';
import { loadEnv } from './config/env.js';
import { LeaderLock } from '../projections/leadership.js';
import { replay } from '../projections/runner.js';
import { createRuntime } from './runtime.js';
import { loggerOptions } from './plugins/log-redaction.js';

/**
 * npm run replay [-- name ...]: drops the named read models (all by default) and rebuilds them from the log.
 * It takes the projection leader lock first, so it never rebuilds a table that a running store or `npm run projector`
 * is writing; stop those first.
 */
async function main(): Promise<void> {
  const env = { ...loadEnv(), SEED_DEMO: false };
  const log = pino(loggerOptions(env.LOG_LEVEL));
  const runtime = await createRuntime({ env, log, startModules: false, projections: { lead: false } });
  let lost = false;
  const lock = new LeaderLock(runtime.pool, () => (lost = true));
  try {
    if (!(await lock.tryAcquire())) {
      throw new Error('Another process is projecting these read models (a running store or npm run projector): stop it, then replay.');
    }
    await runtime.projections.stop();
    const names = process.argv.slice(2).filter((a) => a !== '--');
    const report = await replay(runtime.store, runtime.pool, runtime.projections.projectors, names);
    if (lost) throw new Error('Lost the database connection during the replay: run it again.');
    for (const line of report) log.info(line, 'rebuilt');
  } finally {
    lock.release();
    await runtime.close();
  }
}

main().catch((error) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
