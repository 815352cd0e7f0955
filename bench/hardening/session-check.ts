/**
 * What the per-request session check costs (revocable sessions, src/modules/sessions/session-registry.ts): the same
 * routes with the same token, same process, same run, with the check on and with it replaced by a stub that admits
 * every token (what the store did before: signature and expiry only), rounds alternating; plus the check alone.
 *
 *   npx tsx bench/hardening/session-check.ts [--seconds 5] [--connections 10] [--rounds 2]
 */
import autocannon from 'autocannon';
import { arg, benchSignUp, createBenchApp, startBenchDatabase } from '../lib/harness.js';

const seconds = arg('seconds', 5);
const connections = arg('connections', 10);
const rounds = arg('rounds', 2);

function run(url: string, headers: Record<string, string>) {
  return new Promise<autocannon.Result>((resolve, reject) => {
    autocannon({ url, connections, duration: seconds, headers }, (error, result) => (error ? reject(error) : resolve(result)));
  });
}

const database = await startBenchDatabase();
const store = await createBenchApp({ databaseUrl: await database.createDatabase() });
try {
  const base = await store.app.listen({ host: '127.0.0.1', port: 0 });
  const shopper = await benchSignUp(store.app);
  const sessions = store.runtime.sessions;
  const realCheck = sessions.check.bind(sessions);
  const stub = async () => 'customer' as const;
  const claims = JSON.parse(Buffer.from(shopper.token.split('.')[1]!, 'base64url').toString()) as { sub: string; sid: string; sv: number };

  // The check alone, on a session the registry knows.
  await realCheck({ customerId: claims.sub, sessionId: claims.sid, sessionVersion: claims.sv });
  const calls = 200_000;
  const started = process.hrtime.bigint();
  for (let i = 0; i < calls; i++) await realCheck({ customerId: claims.sub, sessionId: claims.sid, sessionVersion: claims.sv });
  const nsPerCheck = Number(process.hrtime.bigint() - started) / calls;
  console.log(`session check alone: ${nsPerCheck.toFixed(0)} ns per call (${calls} calls, known session)`);

  const routes = ['/api/auth/profile', '/api/products?limit=1'];
  const results = new Map<string, { rps: number[]; p99: number[]; non2xx: number }>();
  for (let round = 0; round < rounds; round++) {
    for (const route of routes) {
      for (const mode of round % 2 === 0 ? ['check', 'no check'] : ['no check', 'check']) {
        sessions.check = mode === 'check' ? realCheck : stub;
        const r = await run(`${base}${route}`, shopper.auth);
        const key = `${route} | ${mode}`;
        const entry = results.get(key) ?? { rps: [], p99: [], non2xx: 0 };
        entry.rps.push(r.requests.average);
        entry.p99.push(r.latency.p99);
        entry.non2xx += r.non2xx + r.errors;
        results.set(key, entry);
      }
    }
  }
  sessions.check = realCheck;
  const mean = (values: number[]) => values.reduce((a, b) => a + b, 0) / values.length;
  console.log(`\n${connections} connections, ${rounds} rounds of ${seconds} s per route and mode (alternating order)`);
  for (const route of routes) {
    const on = results.get(`${route} | check`)!;
    const off = results.get(`${route} | no check`)!;
    console.log(
      `${route.padEnd(24)} check ${mean(on.rps).toFixed(0).padStart(6)} req/s p99 ${mean(on.p99).toFixed(1)} ms | no check ${mean(off.rps).toFixed(0).padStart(6)} req/s p99 ${mean(off.p99).toFixed(1)} ms | ratio ${(mean(on.rps) / mean(off.rps)).toFixed(3)} | non-2xx/errors ${on.non2xx + off.non2xx}`,
    );
  }
} finally {
  await store.close();
  await database.stop();
}
