/**
 * Server-rendered shopper pages under load: latency of the whole HTML response (autocannon in its own process,
 * 20 connections, brotli accepted as a browser does) for home, a category page, a product page and a search page,
 * next to the plain JSON read of the same product (/api/products/{id}) and the bare shell of a client-rendered
 * page (/cart) in the same run. The store runs the demo catalogue (80 products); `--products N` imports more.
 * Usage: npx tsx bench/storefront/shop-pages-ttfb.ts [--seconds 5] [--products 0]   (builds web/ first if missing)
 */
import { execFile, execFileSync } from 'node:child_process';
import { promisify } from 'node:util';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { buildApp } from '../../src/app.js';
import { DEMO_ADMIN } from '../../src/config/env.js';
import { NO_LIMITS } from '../../src/config/limits.js';
import { createRuntime } from '../../src/runtime.js';
import { arg, benchAdmin, benchEnv, silent, startBenchDatabase } from '../lib/harness.js';

const seconds = arg('seconds', 5);
const extra = arg('products', 0);

execFileSync(process.execPath, ['scripts/build-frontends.mjs', '--if-missing'], { stdio: 'inherit' });
const db = await startBenchDatabase();
// Production as shoppers get it; production refuses the public demo admin and the payment simulator, so the bench names
// an admin (the demo one's credentials, benchAdmin signs in with them) and placeholder Razorpay keys no page here uses.
const env = benchEnv(path.join(db.dir, 'data'), {
  NODE_ENV: 'production',
  SEED_DEMO: 'true',
  ADMIN_EMAIL: DEMO_ADMIN.email,
  ADMIN_PASSWORD: DEMO_ADMIN.password,
  RAZORPAY_KEY_ID: 'rzp_test_bench00000000',
  RAZORPAY_KEY_SECRET: 'bench-razorpay-secret',
});
const runtime = await createRuntime({ env, log: silent, connectionString: await db.createDatabase(), limits: NO_LIMITS });
const app = await buildApp(runtime, { serveFrontends: true });
await app.listen({ host: '127.0.0.1', port: 0 });
const base = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;

if (extra > 0) {
  const admin = await benchAdmin(app);
  const header = 'name,category,price,originalPrice,discount,isOnSale,isNew,image,description,inStock,rating,reviews,stockQuantity';
  const rows = Array.from(
    { length: extra },
    (_, i) =>
      `Bench Figure ${i},${i % 2 ? 'Keychains' : 'Anime Figures'},${199 + (i % 3000)},,,false,${i % 7 === 0},,Bench product ${i},true,4.${i % 10},${i % 5},${i % 50}`,
  );
  const boundary = '----bench' + Date.now();
  const payload = Buffer.from(
    `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="p.csv"\r\nContent-Type: text/csv\r\n\r\n${[header, ...rows].join('\n')}\r\n--${boundary}--\r\n`,
  );
  const res = await app.inject({
    method: 'POST',
    url: '/api/admin/products/bulk',
    headers: { ...admin.auth, 'content-type': `multipart/form-data; boundary=${boundary}` },
    payload,
  });
  if (res.statusCode !== 200) throw new Error(res.body);
}

const list = (await (await fetch(`${base}/api/products?limit=1`)).json()) as { products: { id: string }[]; total: number };
const id = list.products[0]!.id;
const pages: [string, string][] = [
  ['home /', '/'],
  ['category /anime-figures', '/anime-figures'],
  [`product /product/{id}`, `/product/${id}`],
  ['search /search?q=naruto', '/search?q=naruto'],
  ['baseline: JSON /api/products/{id}', `/api/products/${id}`],
  ['baseline: shell /cart', '/cart'],
];

console.log(`${list.total} products; 20 connections, ${seconds} s each, accept-encoding br`);
console.log('| Page | req/s | p50 ms | p99 ms | max ms | non-2xx |');
console.log('|---|---|---|---|---|---|');
for (const [name, url] of pages) {
  // Asynchronously: the store answers from this very process.
  const { stdout: out } = await promisify(execFile)(
    process.execPath,
    ['node_modules/autocannon/autocannon.js', '-c', '20', '-d', String(seconds), '-j', '-H', 'accept-encoding=br', `${base}${url}`],
    { maxBuffer: 64 * 1024 * 1024 },
  );
  const r = JSON.parse(out) as { requests: { average: number }; latency: { p50: number; p99: number; max: number }; non2xx: number };
  console.log(`| ${name} | ${Math.round(r.requests.average)} | ${r.latency.p50} | ${r.latency.p99} | ${r.latency.max} | ${r.non2xx} |`);
}
await app.close();
await runtime.close();
await db.stop();
