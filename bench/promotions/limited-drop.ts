/**
 * A limited drop on loopback: one figure with 100 units and a 50-use coupon, raced by 5,000 simulated shoppers
 * (bounded: at most --concurrency requests in flight), while other shoppers keep reading the catalogue.
 *  - every shopper checks out one unit with the coupon; refused for the coupon's limit, they check out without it;
 *    refused for stock, they are done;
 *  - checks: exactly 100 units sold, exactly 50 coupon uses, stock 0, every order's total = price − discount;
 *  - prints checkout p50/p99, and catalogue reads p50/p99 (a page of products and a product by id) during the drop
 *    beside the same reads for the same time without it.
 * Shoppers share --accounts signed-up accounts (signing up 5,000 accounts would measure password hashing).
 * Usage: npx tsx bench/promotions/limited-drop.ts [--shoppers 5000 --units 100 --uses 50 --concurrency 200 --readers 8 --accounts 300]
 */
import { randomUUID } from 'node:crypto';
import { loadInventory } from '../../src/modules/inventory/index.js';
import { createTestProduct } from '../../tests/helpers/test-products.js';
import { arg, benchSignUp, loadAverage, percentile, runBench, withBenchStore } from '../lib/harness.js';

const shoppers = arg('shoppers', 5000);
const units = arg('units', 100);
const uses = arg('uses', 50);
const concurrency = arg('concurrency', 200);
const readers = arg('readers', 8);
const accounts = arg('accounts', 300);

const address = { shipping_address: '9 Brigade Road', shipping_city: 'Bengaluru', shipping_state: 'Karnataka', shipping_pincode: '560001', shipping_phone: '' };
const ms = (values: number[], p: number) => `${percentile(values, p).toFixed(1)} ms`;

/** Runs `task` for 0..count-1 with at most `limit` running at once. */
async function bounded(count: number, limit: number, task: (i: number) => Promise<void>): Promise<void> {
  let next = 0;
  await Promise.all(
    Array.from({ length: Math.min(limit, count) }, async () => {
      while (next < count) await task(next++);
    }),
  );
}

async function main() {
  await withBenchStore({}, async ({ app, runtime, admin }) => {
    await app.listen({ port: 0, host: '127.0.0.1' });
    const base = `http://127.0.0.1:${(app.server.address() as { port: number }).port}`;
    const call = async (method: string, url: string, token?: string, body?: unknown) => {
      const response = await fetch(`${base}${url}`, {
        method,
        headers: { ...(body ? { 'content-type': 'application/json' } : {}), ...(token ? { authorization: `Bearer ${token}` } : {}) },
        ...(body ? { body: JSON.stringify(body) } : {}),
      });
      const text = await response.text();
      return { status: response.status, body: text ? (JSON.parse(text) as Record<string, unknown>) : {} };
    };

    const figure = await createTestProduct(runtime, { price: 1500, stock: units, name: 'Limited Drop Figure' });
    const others = await Promise.all(Array.from({ length: 40 }, (_, i) => createTestProduct(runtime, { price: 500 + i * 10, stock: 100 })));
    const made = await call('POST', '/api/admin/coupons', admin.token, { code: 'DROP100', kind: 'amount', value: 100, maxUses: uses });
    if (made.status !== 201) throw new Error(`coupon: ${JSON.stringify(made.body)}`);
    const tokens: string[] = [];
    await bounded(accounts, 8, async () => {
      tokens.push((await benchSignUp(app)).token);
    });

    /** Catalogue reads by other shoppers until `stop()`: a page of products and a product by id, timed. */
    const readLoop = () => {
      const times: number[] = [];
      let running = true;
      const done = Promise.all(
        Array.from({ length: readers }, async (_, r) => {
          for (let i = 0; running; i++) {
            const url = i % 2 === 0 ? '/api/products?limit=24' : `/api/products/${others[(r + i) % others.length]!.id}`;
            const started = performance.now();
            const { status } = await call('GET', url);
            times.push(performance.now() - started);
            if (status !== 200) throw new Error(`read ${url}: ${status}`);
          }
        }),
      );
      return {
        stop: async () => {
          running = false;
          await done;
          return times;
        },
      };
    };

    const checkout: number[] = [];
    const outcomes = new Map<string, number>();
    const count = (key: string) => outcomes.set(key, (outcomes.get(key) ?? 0) + 1);
    const during = readLoop();
    const started = performance.now();
    await bounded(shoppers, concurrency, async (i) => {
      const token = tokens[i % tokens.length]!;
      const order = (coupon: boolean) =>
        call('POST', '/api/orders', token, {
          ...address,
          payment_method: 'cod',
          checkout_id: randomUUID(),
          items: [{ id: figure.id, quantity: 1 }],
          ...(coupon ? { coupon_code: 'drop100' } : {}),
        });
      const t0 = performance.now();
      let answer = await order(true);
      if (answer.status === 409 && answer.body.error === 'This coupon has reached its usage limit') answer = await order(false);
      checkout.push(performance.now() - t0);
      count(answer.status === 201 ? 'bought' : String(answer.body.error).split(':')[0]!);
    });
    const dropSeconds = (performance.now() - started) / 1000;
    const readsDuring = await during.stop();

    const quiet = readLoop();
    await new Promise((resolve) => setTimeout(resolve, dropSeconds * 1000));
    const readsQuiet = await quiet.stop();

    const { rows } = await runtime.pool.query<{ type: string; n: number }>(
      `select type, count(*)::int as n from events
        where (type = 'OrderPlaced' and data->'items'->0->>'productId' = $1) or (type = 'CouponRedeemed' and data->>'code' = 'DROP100')
        group by type`,
      [figure.id],
    );
    const sold = rows.find((r) => r.type === 'OrderPlaced')?.n ?? 0;
    const couponUses = rows.find((r) => r.type === 'CouponRedeemed')?.n ?? 0;
    const discounted = await runtime.pool.query<{ bad: number }>(
      `select count(*) filter (where (data->>'totalPaise')::int <> 150000 - coalesce((data->>'discountPaise')::int, 0))::int as bad
         from events where type = 'OrderPlaced' and data->'items'->0->>'productId' = $1`,
      [figure.id],
    );
    const available = (await loadInventory(runtime.store, figure.id)).available;

    console.log(
      `limited drop: ${shoppers} shoppers (${accounts} accounts), ${units} units, a ${uses}-use coupon, ${concurrency} in flight, ${readers} catalogue readers`,
    );
    console.log(`  drop took ${dropSeconds.toFixed(1)} s; outcomes ${JSON.stringify(Object.fromEntries(outcomes))}`);
    console.log(
      `  sold ${sold} (expected ${units}), coupon uses ${couponUses} (expected ${uses}), stock left ${available}, wrong totals ${discounted.rows[0]!.bad}`,
    );
    console.log(`  checkout (one shopper, incl. a retry without the coupon): p50 ${ms(checkout, 50)}, p99 ${ms(checkout, 99)}`);
    console.log(`  catalogue reads          during the drop   without it`);
    console.log(`    count                  ${String(readsDuring.length).padEnd(17)} ${readsQuiet.length}`);
    console.log(`    p50                    ${ms(readsDuring, 50).padEnd(17)} ${ms(readsQuiet, 50)}`);
    console.log(`    p99                    ${ms(readsDuring, 99).padEnd(17)} ${ms(readsQuiet, 99)}`);
    console.log(`  ${loadAverage()}`);
    if (sold !== units || couponUses !== uses || available !== 0 || discounted.rows[0]!.bad !== 0) {
      throw new Error('the drop oversold, or the coupon went over its limit');
    }
  });
}

runBench(main);
