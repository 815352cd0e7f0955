/**
 * Fuzzes every registered /api route with fast-check-generated requests (malformed JSON, oversized bodies, wrong
 * types, boundary numbers, huge and unicode strings, hostile path parameters) as guest, shopper, admin and a "ghost"
 * (a valid token for a user id that does not exist).
 * Prints the two figures that must be 0: 5xx answers, and refused (4xx) requests that appended to the event log.
 * Usage: npx tsx bench/fuzz.ts [--requests 10000 --seed 42]
 */
import { randomUUID } from 'node:crypto';
import { issueToken } from '../src/plugins/auth.js';
import { createProduct, orderIdOf, placeOrder } from '../tests/hardening/fixtures.js';
import { fuzz, summarise } from '../tests/hardening/fuzz-engine.js';
import { hasRoute } from '../tests/hardening/routes.js';
import { arg, benchAdmin, benchSignUp, createBenchApp, startBenchDatabase } from './harness.js';

async function main() {
  const count = arg('requests', 10_000);
  const seed = arg('seed', Date.now() % 1_000_000);
  const db = await startBenchDatabase();
  const bench = await createBenchApp({ databaseUrl: await db.createDatabase() });
  try {
    const { app, runtime } = bench;
    const shopper = await benchSignUp(app);
    const admin = await benchAdmin(app);
    const knownIds = [shopper.user.id];
    if (hasRoute(app, 'POST', '/api/orders')) {
      const product = await createProduct(app, runtime, admin.auth, { stock: 1_000_000 });
      knownIds.push(product.id);
      const id = orderIdOf((await placeOrder(app, shopper.auth, product.id)).json());
      if (id) knownIds.push(id);
    }
    if (hasRoute(app, 'POST', '/api/user/addresses')) {
      const r = await app.inject({ method: 'POST', url: '/api/user/addresses', headers: shopper.auth, payload: { name: 'Fuzz', address: '1 Road', city: 'Pune', state: 'Maharashtra', pincode: '411001' } });
      const id = (r.json() as { address?: { id?: string } }).address?.id;
      if (id) knownIds.push(id);
    }
    console.log(`fuzz: ${count} requests, seed ${seed}`);
    const report = await fuzz(
      { app, pool: runtime.pool, auth: { guest: {}, shopper: shopper.auth, admin: admin.auth, ghost: { authorization: `Bearer ${await issueToken(runtime.jwtSecret, { id: randomUUID(), role: 'customer' }, 1)}` } }, knownIds },
      { count, seed, onProgress: (n) => process.stdout.write(`  ${n} sent\n`) },
    );
    console.log(`routes fuzzed:                         ${report.routes}`);
    console.log(`requests sent:                         ${report.requests} in ${(report.ms / 1000).toFixed(1)} s`);
    console.log(`answers by class:                      ${JSON.stringify(report.byStatus)}`);
    console.log(`5xx answers:                           ${report.fiveXx}`);
    console.log(`502 from remote image fetches (offline): ${report.upstream502}`);
    console.log(`refused requests that changed the log: ${report.refusedButChanged}`);
    console.log(`4xx without {success:false,error}:     ${report.badErrorShape}`);
    for (const line of summarise(report.failures)) console.log(`  FAIL ${line}`);
    for (const line of report.badShapes) console.log(`  SHAPE ${line}`);
    process.exitCode = report.fiveXx + report.refusedButChanged > 0 ? 1 : 0;
  } finally {
    await bench.close();
    await db.stop();
  }
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
