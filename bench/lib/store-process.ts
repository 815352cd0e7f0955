/**
 * The store as its own process for bench/catalogue/storefront-scale.ts: the real runtime and app on DATABASE_URL, with the
 * request budgets lifted (the load comes from one address) and one extra route, `POST /bench/memory`, that runs a
 * full garbage collection and answers process.memoryUsage(), so RSS is read without garbage waiting to be collected.
 * Run with `node --expose-gc --import tsx bench/lib/store-process.ts`.
 */
import { existsSync } from 'node:fs';
import { buildApp } from '../../src/app.js';
import { loadEnv } from '../../src/config/env.js';
import { NO_LIMITS } from '../../src/config/limits.js';
import { createRuntime } from '../../src/runtime.js';
import { silent } from './harness.js';

const env = loadEnv();
const runtime = await createRuntime({ env, log: silent, limits: NO_LIMITS });
const app = await buildApp(runtime, { serveFrontends: existsSync('web/dist/index.html') });
app.post('/bench/memory', async () => {
  (globalThis as { gc?: () => void }).gc?.();
  return process.memoryUsage();
});
const stop = async () => {
  await app.close();
  await runtime.close();
  process.exit(0);
};
process.on('SIGTERM', () => void stop());
process.on('SIGINT', () => void stop());
await app.listen({ host: '127.0.0.1', port: env.PORT });
