import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, signUp, type TestContext } from '../../../tests/helpers/test-runtime.js';
import { loadInventory } from '../inventory/index.js';
import { createTestProduct } from '../../../tests/helpers/test-products.js';

const address = { shipping_address: '9 Brigade Road', shipping_city: 'Bengaluru', shipping_state: 'Karnataka', shipping_pincode: '560001', shipping_phone: '' };

describe('placing orders concurrently', () => {
  let a: TestContext;
  let b: TestContext;
  let unlocked: TestContext;
  beforeAll(async () => {
    const env = { JWT_SECRET: 'shared-secret-of-both-instances-0123456789' };
    a = await createTestApp({ env });
    // A second instance on the same database: each runtime has its own in-process lock, only the event store decides.
    b = await createTestApp({ env, databaseUrl: a.databaseUrl });
    // A third without any in-process lock: its own concurrent commands race each other on the store too.
    unlocked = await createTestApp({ env, databaseUrl: a.databaseUrl, localLocks: false });
  });
  afterAll(async () => {
    await unlocked?.close();
    await b?.close();
    await a?.close();
  });

  it('200 concurrent orders for the last 5 units: exactly 5 succeed, the rest get 409 Insufficient Stock', () => lastFiveUnits(a, b));

  it('the same race on an instance without its in-process lock beside one with it: still exactly 5', () => lastFiveUnits(a, unlocked));

  async function lastFiveUnits(a: TestContext, b: TestContext) {
    const product = await createTestProduct(a.runtime, { price: 1500, stock: 5 });
    const shoppers = await Promise.all(Array.from({ length: 10 }, () => signUp(a.app)));
    const responses = await Promise.all(
      Array.from({ length: 200 }, (_, i) =>
        (i % 2 === 0 ? a : b).app.inject({
          method: 'POST',
          url: '/api/orders',
          headers: shoppers[i % shoppers.length]!.auth,
          payload: { ...address, payment_method: 'cod', items: [{ id: product.id, quantity: 1 }] },
        }),
      ),
    );
    const codes = responses.map((r) => r.statusCode);
    expect(codes.filter((c) => c !== 201 && c !== 409)).toEqual([]);
    expect(codes.filter((c) => c === 201)).toHaveLength(5);
    expect(codes.filter((c) => c === 409)).toHaveLength(195);
    for (const r of responses.filter((x) => x.statusCode === 409)) expect(r.json().error).toMatch(/^(Insufficient Stock|Out of Stock)/);
    expect((await loadInventory(a.runtime.store, product.id)).available).toBe(0);
    const placed = await a.runtime.pool.query<{ n: number }>(
      "select count(*)::int as n from events where type = 'OrderPlaced' and data->'items'->0->>'productId' = $1",
      [product.id],
    );
    expect(placed.rows[0]!.n).toBe(5);
  }

  it('order numbers stay unique, gap-free and matched to their orders when two instances place orders at once', async () => {
    // Different products, so each instance can commit several orders in one append (group commit).
    const products = await Promise.all(Array.from({ length: 12 }, () => createTestProduct(a.runtime, { price: 1200, stock: 1000 })));
    const shopper = await signUp(a.app);
    const responses = await Promise.all(
      Array.from({ length: 60 }, (_, i) =>
        (i % 2 === 0 ? a : b).app.inject({
          method: 'POST',
          url: '/api/orders',
          headers: shopper.auth,
          payload: { ...address, payment_method: 'cod', items: [{ id: products[i % 12]!.id, quantity: 1 }] },
        }),
      ),
    );
    expect(responses.map((r) => r.statusCode).every((c) => c === 201)).toBe(true);
    const { rows } = await a.runtime.pool.query<{ n: number; order_id: string }>(
      "select (data->>'number')::int as n, data->>'orderId' as order_id from events where type = 'OrderNumberAssigned' order by 1",
    );
    const numbers = rows.map((r) => r.n);
    expect(numbers).toEqual(Array.from({ length: numbers.length }, (_, i) => i + 1));
    const placed = await a.runtime.pool.query<{ order_id: string; order_number: string }>(
      "select data->>'orderId' as order_id, data->>'orderNumber' as order_number from events where type = 'OrderPlaced'",
    );
    expect(placed.rows).toHaveLength(rows.length);
    const claimed = new Map(rows.map((r) => [r.order_id, `AC-${new Date().getUTCFullYear()}-${String(r.n).padStart(6, '0')}`]));
    for (const order of placed.rows) expect(order.order_number).toBe(claimed.get(order.order_id));
    const answered = responses.map((r) => r.json().order.orderNumber as string);
    expect(new Set(answered).size).toBe(60);
    // every stock reservation belongs to exactly one placed order
    const reservations = await a.runtime.pool.query<{ n: number }>(
      "select count(*)::int as n from events r where r.type = 'StockReserved' and not exists (select 1 from events o where o.type = 'OrderPlaced' and o.data->>'orderId' = r.data->>'orderId')",
    );
    expect(reservations.rows[0]!.n).toBe(0);
  });
});
