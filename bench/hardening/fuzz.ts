/**
 * Fuzzes every registered /api route with fast-check-generated requests (malformed JSON, oversized bodies, wrong
 * types, boundary numbers, huge and unicode strings, hostile path parameters) as guest, shopper, admin and a "ghost"
 * (a valid token for a user id that does not exist).
 * Prints the two figures that must be 0: 5xx answers, and refused (4xx) requests that appended to the event log.
 * The image proxy and the Drive-URL uploads fetch from a local fake image host only (tests/hardening/fake-image-host.ts),
 * and get a round of their own aimed at it (--image-requests, default a tenth of --requests).
 * Usage: npx tsx bench/hardening/fuzz.ts [--requests 10000 --seed 42]
 */
import { randomUUID } from 'node:crypto';
import { issueToken } from '../../src/plugins/auth.js';
import { createProduct, orderIdOf, placeOrder } from '../../tests/hardening/fixtures.js';
import fc from 'fast-check';
import { FAKE_PATHS, startFakeImageHost } from '../../tests/hardening/fake-image-host.js';
import { fuzz, imageRouteArbitrary, sendAndCheck, summarise, type FuzzReport, type FuzzSetup } from '../../tests/hardening/fuzz-engine.js';
import { hasRoute } from '../../tests/hardening/routes.js';
import { arg, benchAdmin, benchSignUp, createBenchApp, startBenchDatabase } from '../lib/harness.js';

async function main() {
  const count = arg('requests', 10_000);
  const seed = arg('seed', Date.now() % 1_000_000);
  const imageRequests = arg('image-requests', Math.ceil(count / 10));
  const host = await startFakeImageHost();
  const db = await startBenchDatabase();
  const bench = await createBenchApp({ databaseUrl: await db.createDatabase(), imageFetch: host.rules });
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
      const r = await app.inject({
        method: 'POST',
        url: '/api/user/addresses',
        headers: shopper.auth,
        payload: { name: 'Fuzz', address: '1 Road', city: 'Pune', state: 'Maharashtra', pincode: '411001' },
      });
      const id = (r.json() as { address?: { id?: string } }).address?.id;
      if (id) knownIds.push(id);
    }
    console.log(`fuzz: ${count} requests, seed ${seed}`);
    const setup: FuzzSetup = {
      app,
      pool: runtime.pool,
      auth: {
        guest: {},
        shopper: shopper.auth,
        admin: admin.auth,
        ghost: { authorization: `Bearer ${await issueToken(runtime.jwtSecret, { id: randomUUID(), role: 'customer' }, 1)}` },
      },
      knownIds,
    };
    const report = await fuzz(setup, { count, seed, onProgress: (n) => process.stdout.write(`  ${n} sent\n`) });
    print('every route', report);
    console.log(`\nimage routes against the fake image host ${host.origin}: ${imageRequests} requests, seed ${seed}`);
    const images = await sendAndCheck(
      setup,
      fc.sample(imageRouteArbitrary(setup, { origin: host.origin, port: host.port, paths: FAKE_PATHS }), { numRuns: imageRequests, seed }),
      3,
    );
    print('image routes', images);
    console.log(`requests the fake host served:         ${host.requests.length}`);
    process.exitCode = report.fiveXx + report.refusedButChanged + images.fiveXx + images.refusedButChanged > 0 ? 1 : 0;
  } finally {
    await bench.close();
    await db.stop();
    await host.close();
  }
}

function print(title: string, report: FuzzReport) {
  console.log(`[${title}]`);
  console.log(`routes fuzzed:                         ${report.routes}`);
  console.log(`requests sent:                         ${report.requests} in ${(report.ms / 1000).toFixed(1)} s`);
  console.log(`answers by class:                      ${JSON.stringify(report.byStatus)}`);
  console.log(`5xx answers:                           ${report.fiveXx}`);
  console.log(`502 from the image host's failures:    ${report.upstream502}`);
  console.log(`refused requests that changed the log: ${report.refusedButChanged}`);
  console.log(`4xx without {success:false,error}:     ${report.badErrorShape}`);
  for (const line of summarise(report.failures)) console.log(`  FAIL ${line}`);
  for (const line of report.badShapes) console.log(`  SHAPE ${line}`);
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
