/**
 * Checkout latency on a popular product: its inventory stream already holds N reservations (written straight into
 * the log, as years of orders would), next to a fresh product in the same run. Without snapshots every checkout
 * folded the whole stream (and the fold copied the reservations per event: quadratic); with them it reads the
 * snapshot and the events after it.
 * Usage: npx tsx bench/orders/popular-product.ts [--reservations 20000 --checkouts 60]
 */
import { createProduct, placeOrder } from '../../tests/hardening/fixtures.js';
import { inventoryStream } from '../../src/modules/inventory/index.js';
import { arg, percentile, withBenchStore } from '../lib/harness.js';

const reservations = arg('reservations', 20_000);
const checkouts = arg('checkouts', 60);

await withBenchStore({}, async ({ app, runtime, admin, shopper }) => {
  const fresh = await createProduct(app, runtime, admin.auth, { price: 1499, stock: 1_000_000 });
  const popular = await createProduct(app, runtime, admin.auth, { price: 1499, stock: 1_000_000 });
  const stream = inventoryStream(popular.id);
  const seeded = performance.now();
  await runtime.pool.query(
    `insert into events (stream_id, stream_version, event_id, type, data, metadata)
     select $1, v.base + g, gen_random_uuid(), 'StockReserved', jsonb_build_object('productId', $2::text, 'orderId', gen_random_uuid()::text, 'quantity', 1),
            jsonb_build_object('correlationId', 'seed', 'timestamp', now())
       from (select max(stream_version) as base from events where stream_id = $1) v, generate_series(1, $3::int) g
      order by g`,
    [stream, popular.id, reservations],
  );
  console.log(`seeded ${reservations.toLocaleString('en-IN')} past reservations of one product in ${((performance.now() - seeded) / 1000).toFixed(1)} s`);

  const run = async (productId: string) => {
    const latencies: number[] = [];
    for (let i = 0; i < checkouts; i++) {
      const started = performance.now();
      const response = await placeOrder(app, shopper.auth, productId);
      if (response.statusCode !== 201) throw new Error(`checkout answered ${response.statusCode}: ${response.body}`);
      latencies.push(performance.now() - started);
    }
    return { first: latencies[0]!, p50: percentile(latencies, 50), p99: percentile(latencies, 99) };
  };
  for (let i = 0; i < 20; i++) await placeOrder(app, shopper.auth, fresh.id); // warm-up
  const a = await run(fresh.id);
  const b = await run(popular.id);
  const fmt = (n: number) => `${n.toFixed(1)} ms`;
  console.table([
    { product: 'fresh (baseline)', first: fmt(a.first), p50: fmt(a.p50), p99: fmt(a.p99) },
    { product: `${reservations.toLocaleString('en-IN')} past reservations`, first: fmt(b.first), p50: fmt(b.p50), p99: fmt(b.p99) },
  ]);
  console.log(
    `checkout p50 on the popular product ${(b.p50 / a.p50).toFixed(2)}× the fresh one's (first checkout, which writes the snapshot: ${fmt(b.first)})`,
  );
});
