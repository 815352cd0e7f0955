/**
 * What new accounts' COD ledgers add to a checkout: the same cash-on-delivery checkouts by fresh accounts (one unit
 * each, all of one product, one after another) in a store with the caps off (the baseline: no ledger read or written)
 * and in one with them on (each checkout reads the account's ledger, the product's share ledger and its stock, and
 * appends to both ledgers with the order). All on one product, so its share ledger grows by one event per checkout:
 * the last checkouts show what reading it whole costs.
 * Usage: npx tsx bench/orders/cod-ledgers.ts [--checkouts 300]
 */
import { createProduct, placeOrder } from '../../tests/hardening/fixtures.js';
import { arg, benchSignUp, loadAverage, percentile, withBenchStore } from '../lib/harness.js';

const checkouts = arg('checkouts', 300);
const WARM_UP = 20;

interface Run {
  label: string;
  all: number[];
}

async function run(label: string, limits: 'true' | 'false'): Promise<Run> {
  let all: number[] = [];
  await withBenchStore({ env: { COD_NEW_ACCOUNT_LIMITS: limits } }, async ({ app, runtime, admin }) => {
    // Stock large enough that the new accounts' share (a fifth of what is on sale) never runs out.
    const product = await createProduct(app, runtime, admin.auth, { price: 1499, stock: 1_000_000 });
    const shoppers = [];
    for (let i = 0; i < checkouts + WARM_UP; i++) shoppers.push(await benchSignUp(app));
    const latencies: number[] = [];
    for (const [i, shopper] of shoppers.entries()) {
      const started = performance.now();
      const response = await placeOrder(app, shopper.auth, product.id);
      if (response.statusCode !== 201) throw new Error(`checkout answered ${response.statusCode}: ${response.body}`);
      if (i >= WARM_UP) latencies.push(performance.now() - started);
    }
    all = latencies;
  });
  return { label, all };
}

console.log(`COD checkouts by new accounts, ${checkouts} (after ${WARM_UP} warm-up), one unit of one product each; ${loadAverage()}`);
const off = await run('caps off (baseline)', 'false');
const on = await run('caps on (ledgers)', 'true');
const fmt = (n: number) => `${n.toFixed(1)} ms`;
const tenth = Math.max(1, Math.floor(checkouts / 10));
console.table(
  [off, on].map((r) => ({
    store: r.label,
    p50: fmt(percentile(r.all, 50)),
    p99: fmt(percentile(r.all, 99)),
    [`first ${tenth} p50`]: fmt(percentile(r.all.slice(0, tenth), 50)),
    [`last ${tenth} p50`]: fmt(percentile(r.all.slice(-tenth), 50)),
  })),
);
console.log(
  `checkout p50 with the ledgers ${(percentile(on.all, 50) / percentile(off.all, 50)).toFixed(2)}× without; ` +
    `the share ledger's last ${tenth} checkouts (it holds ${WARM_UP + checkouts - tenth}+ events) p50 ` +
    `${(percentile(on.all.slice(-tenth), 50) / percentile(on.all.slice(0, tenth), 50)).toFixed(2)}× its first ${tenth}'; ${loadAverage()}`,
);
