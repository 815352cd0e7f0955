/**
 * Load: autocannon (in-process) against a listening store with the demo catalogue seeded, on loopback.
 *   1. baseline: an empty Fastify route in the same process;
 *   2. catalogue reads: list, category, product detail, search;
 *   3. a mixed shopper workload: browse, search, product detail, wishlist, signup, cash-on-delivery checkout.
 * Prints throughput, p50/p99, errors and the process RSS, then checks that no accepted order was lost: every order
 * answered 201 is in the orders read model and its OrderPlaced is in the log exactly once.
 * Usage: npx tsx bench/hardening/load.ts [--seconds 10 --connections 20]
 */
import Fastify from 'fastify';
import { createRequire } from 'node:module';
import type { AddressInfo } from 'node:net';
import { caughtUp, consistency, settled } from '../../tests/hardening/consistency.js';
import { createProduct, orderIdOf, SHIPPING } from '../../tests/hardening/fixtures.js';
import { hasRoute } from '../../tests/hardening/routes.js';
import { arg, benchAdmin, benchSignUp, createBenchApp, startBenchDatabase } from '../lib/harness.js';

interface CannonRequest {
  method?: string;
  path?: string;
  headers?: Record<string, string>;
  body?: string;
  setupRequest?: (request: CannonRequest) => CannonRequest;
  onResponse?: (status: number, body: string) => void;
}
interface CannonResult {
  requests: { average: number; total: number };
  latency: { p50: number; p99: number; average: number };
  non2xx: number;
  errors: number;
  timeouts: number;
  statusCodeStats?: Record<string, { count: number }>;
}
type Cannon = (
  options: { url: string; connections: number; duration: number; requests?: CannonRequest[] },
  cb: (error: Error | null, result: CannonResult) => void,
) => unknown;
const autocannon = createRequire(import.meta.url)('autocannon') as Cannon;

const seconds = arg('seconds', 10);
const connections = arg('connections', 20);
const mb = (n: number) => `${(n / 1024 / 1024).toFixed(0)} MB`;

function run(url: string, requests?: CannonRequest[]): Promise<CannonResult> {
  return new Promise((resolve, reject) =>
    autocannon({ url, connections, duration: seconds, ...(requests ? { requests } : {}) }, (e, r) => (e ? reject(e) : resolve(r))),
  );
}

function line(label: string, r: CannonResult, baseline?: CannonResult): void {
  const codes = r.statusCodeStats
    ? Object.entries(r.statusCodeStats)
        .map(([c, s]) => `${c}:${s.count}`)
        .join(' ')
    : '';
  console.log(
    `${label.padEnd(40)} ${r.requests.average.toFixed(0).padStart(6)} req/s  p50 ${String(r.latency.p50).padStart(3)} ms  p99 ${String(r.latency.p99).padStart(4)} ms` +
      `${baseline ? `  ${(r.requests.average / baseline.requests.average).toFixed(2)} x empty` : ''}  errors ${r.errors + r.timeouts}  non-2xx ${r.non2xx}  [${codes}]  rss ${mb(process.memoryUsage().rss)}`,
  );
}

const pick = <T>(list: readonly T[]): T => list[Math.floor(Math.random() * list.length)]!;

async function main() {
  const db = await startBenchDatabase();
  const empty = Fastify();
  empty.get('/empty', async () => ({ success: true }));
  const emptyUrl = await empty.listen({ host: '127.0.0.1', port: 0 });
  const bench = await createBenchApp({ databaseUrl: await db.createDatabase(), env: { SEED_DEMO: 'true', NODE_ENV: 'development' } });
  try {
    const { app, runtime } = bench;
    await app.listen({ host: '127.0.0.1', port: 0 });
    const url = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;
    await caughtUp(runtime);
    const listing = (await app.inject({ method: 'GET', url: '/api/products?limit=200' })).json() as { products?: { id: string; name: string }[] };
    const products = listing.products ?? [];
    console.log(`load: ${seconds} s per phase, ${connections} connections, ${products.length} demo products, loopback, autocannon in the server's process`);
    console.log(`rss after start and seed: ${mb(process.memoryUsage().rss)}`);
    if (products.length === 0) console.log('(no demo catalogue: the catalogue module has not landed or SEED_DEMO did nothing)');
    const words = [...new Set(products.flatMap((p) => p.name.split(/\s+/)).filter((w) => w.length > 3))].slice(0, 50);
    const searchTerms = words.length > 0 ? words : ['naruto', 'figure'];
    const ids = products.map((p) => p.id);

    const baseline = await run(`${emptyUrl}/empty`);
    line('baseline: empty Fastify route', baseline);

    if (hasRoute(app, 'GET', '/api/products')) {
      line('GET /api/products', await run(`${url}/api/products`), baseline);
      line('GET /api/products/category/Anime Figures', await run(`${url}/api/products/category/Anime%20Figures`), baseline);
      if (ids.length > 0)
        line(
          'GET /api/products/{id} (random)',
          await run(url, [{ method: 'GET', setupRequest: (r) => ({ ...r, path: `/api/products/${pick(ids)}` }) }]),
          baseline,
        );
      if (hasRoute(app, 'GET', '/api/products/search'))
        line(
          'GET /api/products/search?q= (random word)',
          await run(url, [{ method: 'GET', setupRequest: (r) => ({ ...r, path: `/api/products/search?q=${encodeURIComponent(pick(searchTerms))}` }) }]),
          baseline,
        );
    }

    // Mixed shopper workload.
    const admin = await benchAdmin(app);
    const shoppers = await Promise.all(Array.from({ length: 40 }, () => benchSignUp(app)));
    const withOrders = hasRoute(app, 'POST', '/api/orders');
    const sellable = withOrders
      ? await Promise.all(Array.from({ length: 5 }, () => createProduct(app, runtime, admin.auth, { stock: 1_000_000, price: 1499 })))
      : [];
    const acceptedOrders: string[] = [];
    const counts: Record<string, number> = {};
    let signups = 0;
    const mix: CannonRequest = {
      setupRequest: (r) => {
        const roll = Math.random();
        const shopper = pick(shoppers);
        const json = { 'content-type': 'application/json' };
        let next: CannonRequest;
        if (roll < 0.3 && ids.length > 0) next = { method: 'GET', path: '/api/products' };
        else if (roll < 0.5 && ids.length > 0) next = { method: 'GET', path: `/api/products/${pick(ids)}` };
        else if (roll < 0.65) next = { method: 'GET', path: `/api/products/search?q=${encodeURIComponent(pick(searchTerms))}` };
        else if (roll < 0.72) next = { method: 'GET', path: '/api/auth/profile', headers: shopper.auth };
        else if (roll < 0.78 && hasRoute(app, 'POST', '/api/user/wishlist') && ids.length > 0)
          next = { method: 'POST', path: '/api/user/wishlist', headers: { ...shopper.auth, ...json }, body: JSON.stringify({ productId: pick(ids) }) };
        else if (roll < 0.8) {
          signups++;
          next = {
            method: 'POST',
            path: '/api/auth/signup',
            headers: json,
            body: JSON.stringify({
              email: `load${Date.now()}${Math.random().toString(36).slice(2)}@example.in`,
              password: 'secret123',
              full_name: 'Load Shopper',
              phone: '9876543210',
              pincode: '400001',
              address: '1 Road',
              city: 'Mumbai',
              state: 'Maharashtra',
            }),
          };
        } else if (withOrders)
          next = {
            method: 'POST',
            path: '/api/orders',
            headers: { ...shopper.auth, ...json },
            body: JSON.stringify({
              items: [{ productId: pick(sellable).id, quantity: 1 + Math.floor(Math.random() * 2) }],
              payment_method: 'cod',
              ...SHIPPING,
            }),
          };
        else next = { method: 'GET', path: '/api/health' };
        const key = `${next.method} ${next.path!.split('?')[0]!.replace(/\/[^/]*\d[^/]*$/, '/{id}')}`;
        counts[key] = (counts[key] ?? 0) + 1;
        return { ...r, headers: {}, body: undefined, ...next };
      },
      onResponse: (status, body) => {
        if (status === 201 && body.includes('"order"')) {
          const id = orderIdOf(JSON.parse(body));
          if (id) acceptedOrders.push(id);
        }
      },
    };
    const mixed = await run(url, [mix]);
    line('mixed shopper workload', mixed, baseline);
    console.log(
      `  mix: ${Object.entries(counts)
        .map(([k, v]) => `${k} ${v}`)
        .join(', ')}`,
    );

    await settled(runtime);
    let lost = 0;
    let duplicated = 0;
    for (const id of acceptedOrders) {
      const e = await runtime.pool.query<{ n: number }>(`select count(*)::int as n from events where stream_id = $1 and type = 'OrderPlaced'`, [`order-${id}`]);
      const r = await runtime.pool.query<{ n: number }>('select count(*)::int as n from orders where id = $1', [id]);
      if (e.rows[0]!.n === 0 || r.rows[0]!.n === 0) lost++;
      if (e.rows[0]!.n > 1 || r.rows[0]!.n > 1) duplicated++;
    }
    const c = await consistency(runtime.pool);
    console.log(`orders accepted (201): ${acceptedOrders.length}; lost: ${lost}; duplicated: ${duplicated}; signups attempted: ${signups}`);
    console.log(
      `read model vs log: customers ${c.customers.rows}/${c.customers.events}, orders ${c.orders.rows}/${c.orders.placed - c.orders.deleted}, checkpoints behind the log end: ${c.checkpointsBehind.length ? c.checkpointsBehind.join(', ') : 'none'}`,
    );
    console.log(`server process rss at the end: ${mb(process.memoryUsage().rss)}`);
    process.exitCode = lost + duplicated > 0 ? 1 : 0;
  } finally {
    await bench.close();
    await empty.close();
    await db.stop();
  }
}

main()
  .then(() => process.exit(process.exitCode ?? 0))
  .catch((error) => {
    console.error(error);
    process.exit(1);
  });
