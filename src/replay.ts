import pino from 'pino';
import { loadEnv } from './config/env.js';
import { replay } from '../projections/runner.js';
import { createRuntime } from './runtime.js';

/** npm run replay [-- name ...]: drops the named read models (all by default) and rebuilds them from the log. */
async function main(): Promise<void> {
  const env = { ...loadEnv(), SEED_DEMO: false };
  const log = pino({ level: env.LOG_LEVEL });
  const runtime = await createRuntime({ env, log });
  await runtime.projections.stop();
  try {
    const names = process.argv.slice(2).filter((a) => a !== '--');
    const report = await replay(runtime.store, runtime.pool, runtime.projections.projectors, names);
    for (const line of report) log.info(line, 'rebuilt');
  } finally {
    await runtime.close();
  }
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
