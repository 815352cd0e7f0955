/**
 * What a flood of storefront URLs with throw-away parameters (`/products?utm=<random>`, as a crawler or an attacker
 * sends them) costs the server: its CPU per request (process.cpuUsage of the store's process, the client runs in its
 * own), next to the same number of plain `/products` requests, and the latency of `/api/health/live` asked every
 * 20 ms while the flood runs. The demo catalogue (80 products), budgets off (so only the render cache is measured).
 * Usage: npx tsx bench/storefront/tagged-urls.ts [--requests 200] [--connections 4]   (builds web/ first if missing)
 */
import { execFile, execFileSync } from 'node:child_process';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { promisify } from 'node:util';
import { buildApp } from '../../src/app.js';
import { NO_LIMITS } from '../../src/config/limits.js';
import { createRuntime } from '../../src/runtime.js';
import { arg, benchEnv, loadAverage, percentile, silent, startBenchDatabase } from '../lib/harness.js';

const requests = arg('requests', 200);
const connections = arg('connections', 4);

execFileSync(process.execPath, ['scripts/build-frontends.mjs', '--if-missing'], { stdio: 'inherit' });
const db = await startBenchDatabase();
const env = benchEnv(path.join(db.dir, 'data'), { SEED_DEMO: 'true' });
const runtime = await createRuntime({ env, log: silent, connectionString: await db.createDatabase(), limits: NO_LIMITS });
const app = await buildApp(runtime, { serveFrontends: true });
await app.listen({ host: '127.0.0.1', port: 0 });
const base = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;

/** The client: `connections` loops sharing `requests` GETs of the URL (`{r}` becomes a fresh random word), in a child process. */
const client = (url: string) => `
  let left = ${requests};
  const one = async () => { while (left-- > 0) { const r = await fetch(${JSON.stringify(base)} + ${JSON.stringify(url)}.replace('{r}', Math.random().toString(36).slice(2)), { headers: { 'accept-encoding': 'br' } }); await r.arrayBuffer(); } };
  await Promise.all(Array.from({ length: ${connections} }, one));`;

async function measure(name: string, url: string) {
  // Warm: the plain page is in the render cache, the code paths are compiled.
  for (let i = 0; i < 20; i++) await (await fetch(`${base}${url.replace('{r}', `warm${i}`)}`)).arrayBuffer();
  const health: number[] = [];
  let flooding = true;
  const probe = (async () => {
    while (flooding) {
      const started = performance.now();
      await (await fetch(`${base}/api/health/live`)).arrayBuffer();
      health.push(performance.now() - started);
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
  })();
  const cpu = process.cpuUsage();
  const started = performance.now();
  await promisify(execFile)(process.execPath, ['--input-type=module', '-e', client(url)]);
  const elapsed = performance.now() - started;
  const used = process.cpuUsage(cpu);
  flooding = false;
  await probe;
  const perRequest = (used.user + used.system) / 1000 / requests;
  console.log(
    `| ${name} | ${perRequest.toFixed(2)} | ${Math.round(elapsed)} | ${percentile(health, 50).toFixed(1)} | ${percentile(health, 99).toFixed(1)} | ${Math.max(...health).toFixed(1)} |`,
  );
}

console.log(`${requests} requests on ${connections} connections each; ${loadAverage()}`);
console.log('| URLs | server CPU ms / request | wall ms | /api/health/live p50 ms | p99 ms | max ms |');
console.log('|---|---|---|---|---|---|');
await measure('/products (plain)', '/products');
await measure('/products?utm=<random>', '/products?utm={r}');
await measure('/products?utm_source=<random>&fbclid=<random>', '/products?utm_source={r}&fbclid=x{r}');
console.log(`after: ${loadAverage()}`);
await app.close();
await runtime.close();
await db.stop();
