/**
 * Checkout latency while the catalogue takes a large import: one shopper places cash-on-delivery orders back to back
 * (each answered only once the orders read model shows it), first on a quiet store (the baseline, same run), then
 * while an admin imports a 10,000-row CSV and the catalogue projector applies it. Prints p50/p99/max of both phases.
 * Usage: npx tsx bench/orders/checkout-during-import.ts [--rows 10000 --baseline-seconds 3]
 */
import { createProduct, placeOrder } from '../../tests/hardening/fixtures.js';
import { arg, percentile, withBenchStore } from '../lib/harness.js';

const rows = arg('rows', 10_000);
const baselineSeconds = arg('baseline-seconds', 3);

function csv(n: number): string {
  const lines = ['name,category,price,description,stockQuantity'];
  for (let i = 0; i < n; i++) lines.push(`Import figure #${i},Anime Figures,${199 + (i % 5000)},"Bench import row ${i}",${1 + (i % 13)}`);
  return lines.join('\n');
}

function summary(label: string, latencies: number[]) {
  return {
    phase: label,
    checkouts: latencies.length,
    p50: percentile(latencies, 50).toFixed(1),
    p99: percentile(latencies, 99).toFixed(1),
    max: percentile(latencies, 100).toFixed(1),
  };
}

await withBenchStore({}, async ({ app, runtime, admin, shopper }) => {
  const product = await createProduct(app, runtime, admin.auth, { price: 1499, stock: 1_000_000 });
  const checkout = async (into: number[]) => {
    const started = performance.now();
    const response = await placeOrder(app, shopper.auth, product.id);
    if (response.statusCode !== 201) throw new Error(`checkout answered ${response.statusCode}: ${response.body}`);
    into.push(performance.now() - started);
  };

  const quiet: number[] = [];
  for (let i = 0; i < 20; i++) await checkout([]); // warm-up
  const quietUntil = performance.now() + baselineSeconds * 1000;
  while (performance.now() < quietUntil) await checkout(quiet);

  const address = await app.listen({ host: '127.0.0.1', port: 0 });
  const form = new FormData();
  form.append('mode', 'add');
  form.append('file', new Blob([csv(rows)], { type: 'text/csv' }), 'bench.csv');
  const { monitorEventLoopDelay } = await import('node:perf_hooks');
  const loop = monitorEventLoopDelay({ resolution: 5 });
  loop.enable();
  let importDone = false;
  const importStarted = performance.now();
  const importing = fetch(`${address}/api/admin/products/bulk`, { method: 'POST', headers: admin.auth, body: form }).then(async (r) => {
    if (r.status !== 200) throw new Error(`import answered ${r.status}: ${await r.text()}`);
    const last = (await runtime.store.readAll({ commit: 0n, prepare: 0n }, 1_000_000)).at(-1)!;
    await runtime.projections.waitFor(last.position, ['catalogue'], 120_000);
    importDone = true;
  });
  const busy: number[] = [];
  while (!importDone) await checkout(busy);
  await importing;
  const importSeconds = (performance.now() - importStarted) / 1000;
  loop.disable();
  const lag = { p50: loop.percentile(50) / 1e6, p99: loop.percentile(99) / 1e6, max: loop.max / 1e6 };

  const a = summary('quiet store (baseline)', quiet);
  const b = summary(`during a ${rows.toLocaleString('en-IN')}-row import`, busy);
  console.table([a, b]);
  console.log(
    `import answered and projected in ${importSeconds.toFixed(2)} s; checkout p99 ${b.p99} ms during the import vs ${a.p99} ms quiet (${(Number(b.p99) / Number(a.p99)).toFixed(1)}×), max ${b.max} ms; event-loop delay during the import p50 ${lag.p50.toFixed(0)} / p99 ${lag.p99.toFixed(0)} / max ${lag.max.toFixed(0)} ms`,
  );
});
