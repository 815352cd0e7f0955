import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type pg from 'pg';
import { START } from '../src/core/event-store.js';
import { createTestApp, loginAdmin, signUp, type TestContext } from '../tests/helpers/test-runtime.js';
import { MUMBAI_SHIPPING } from '../tests/helpers/test-orders.js';
import type { Projector } from './projector.js';
import { replay, type ReplayOptions } from './replay.js';

/**
 * Replay proves replay: every projector's tables hold rows written through commands (HTTP routes only, no fixture
 * rows), the live read models are snapshotted, then corrupted (a row altered, a row missing, a row that never existed)
 * or emptied, and replay() must give back exactly the live rows, apply exactly the events of the log each projector
 * handles and leave every checkpoint at the end of the log.
 */

/** Every read-model table, written out by hand: a new projector table must be added here (and filled below). */
const READ_MODEL_TABLES = [
  'carousels',
  'catalogue_product_facts',
  'coupon_uses',
  'coupons',
  'customer_addresses',
  'customers',
  'invoices',
  'notify_me_subscriptions',
  'order_items',
  'order_returns',
  'orders',
  'product_reviews',
  'products',
  'wishlist_items',
];

let ctx: TestContext;
let pool: pg.Pool;
const send = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, auth: Record<string, string>, payload?: object) =>
  ctx.app.inject({ method, url, headers: auth, ...(payload ? { payload } : {}) });
async function ok(method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, auth: Record<string, string>, payload?: object) {
  const response = await send(method, url, auth, payload);
  if (response.statusCode >= 300) throw new Error(`${method} ${url} -> ${response.statusCode} ${response.body}`);
  return response.json();
}

/** Fills every read model through the store's own routes. */
async function fillEveryReadModel() {
  const admin = await loginAdmin(ctx.app);
  const products: string[] = [];
  for (const [i, name] of ['Luffy Gear 5 Figure', 'Zoro Enma Figure', 'Naruto Keychain', 'Gojo Satoru Figure'].entries()) {
    const created = await ok('POST', '/api/admin/products', admin.auth, {
      name,
      price: 1200 + i * 100,
      category: i === 2 ? 'Keychains' : 'Anime Figures',
      stock_quantity: 40,
      description: `Replay ${i}`,
    });
    products.push(created.product.id as string);
  }
  await ok('PUT', `/api/admin/products/${products[1]}`, admin.auth, {
    name: 'Zoro Enma Figure (restock)',
    price: 1350,
    category: 'Anime Figures',
    stock_quantity: 55,
  });
  await ok('DELETE', `/api/admin/products/${products[3]}`, admin.auth);
  const soldOut = (
    await ok('POST', '/api/admin/products', admin.auth, {
      name: 'Rem Figure',
      price: 2400,
      category: 'Anime Figures',
      stock_quantity: 0,
      description: 'Sold out',
    })
  ).product.id as string;

  const carousel = (await ok('POST', '/api/carousels/admin', admin.auth, { name: 'replay-hero', title: 'Replay sale' })).carousel;
  const slide = await ok('POST', `/api/carousels/admin/${carousel.id}/slides`, admin.auth, { image: '/media/a.webp', title: 'First' });
  await ok('POST', `/api/carousels/admin/${carousel.id}/slides`, admin.auth, { image: '/media/b.webp', title: 'Second' });
  const slideId = (slide.slide?.id ?? slide.carousel?.slides?.[0]?.id) as string;
  await ok('PUT', `/api/carousels/admin/${carousel.id}/slides/${slideId}`, admin.auth, { title: 'First, renamed' });
  await ok('PUT', `/api/carousels/admin/${carousel.id}`, admin.auth, { title: 'Replay sale, week 2' });
  const promo = (await ok('POST', '/api/carousels/admin', admin.auth, { name: 'replay-promo', title: 'Keychains', isActive: false })).carousel;
  const gone = await ok('POST', `/api/carousels/admin/${promo.id}/slides`, admin.auth, { image: '/media/c.webp' });
  await ok('DELETE', `/api/carousels/admin/${promo.id}/slides/${gone.slide.id}`, admin.auth);

  await ok('POST', '/api/admin/coupons', admin.auth, { code: 'replay10', kind: 'percent', value: 10, maxUses: 50 });
  await ok('POST', '/api/admin/coupons', admin.auth, { code: 'REPLAY-FLAT', kind: 'amount', value: 99.5, endsAt: '2030-01-01' });
  await ok('PUT', '/api/admin/coupons/replay-flat', admin.auth, { minOrder: 500, categories: ['Keychains'] });
  await ok('POST', '/api/admin/coupons/REPLAY-FLAT/pause', admin.auth);
  await ok('POST', '/api/admin/coupons/REPLAY-FLAT/resume', admin.auth);

  for (let s = 0; s < 3; s++) {
    const shopper = await signUp(ctx.app, { full_name: `Replay Shopper ${s}` });
    await ok('PUT', '/api/auth/profile', shopper.auth, { city: `Pune ${s}` });
    const home = await ok('POST', '/api/user/addresses', shopper.auth, {
      name: `Home ${s}`,
      address: `${s} FC Road`,
      city: 'Pune',
      state: 'Maharashtra',
      pincode: '411004',
      phone: '9876543210',
      is_default: true,
    });
    await ok('POST', '/api/user/addresses', shopper.auth, {
      name: `Work ${s}`,
      address: `${s} Baner Road`,
      city: 'Pune',
      state: 'Maharashtra',
      pincode: '411045',
      phone: '9876543210',
    });
    const homeId = (home.address?.id ?? home.addresses?.[0]?.id) as string;
    if (s === 1) await ok('DELETE', `/api/user/addresses/${homeId}`, shopper.auth);
    await ok('POST', '/api/user/wishlist', shopper.auth, { productId: products[0] });
    await ok('POST', '/api/user/wishlist', shopper.auth, { productId: products[2] });
    if (s === 2) await ok('DELETE', `/api/user/wishlist/${products[2]}`, shopper.auth);
    await ok('POST', '/api/user/notify-me', shopper.auth, { productId: soldOut });
    if (s === 1) await ok('DELETE', `/api/user/notify-me/${soldOut}`, shopper.auth);

    const delivered = (
      await ok('POST', '/api/orders', shopper.auth, {
        ...MUMBAI_SHIPPING,
        payment_method: 'cod',
        items: [
          { productId: products[0], quantity: 1 },
          { productId: products[1], quantity: 2 },
        ],
      })
    ).order;
    for (const status of ['confirmed', 'shipped', 'delivered']) await ok('PUT', `/api/orders/${delivered.id}/status`, admin.auth, { status });
    await ok('POST', `/api/user/orders/${delivered.id}/review`, shopper.auth, { productId: products[0], rating: 3 + (s % 3), comment: `Review ${s}` });
    // A return of one unit: refunded (credit note, a resellable unit back on sale) for most shoppers, left asked for one.
    const asked = (
      await ok('POST', `/api/orders/${delivered.id}/returns`, shopper.auth, {
        items: [{ productId: products[1], quantity: 1 }],
        reason: `Return ${s}`,
        upiId: `shopper.${s}@okaxis`,
      })
    ).return;
    if (s !== 2) {
      await ok('POST', `/api/admin/returns/${asked.id}/approve`, admin.auth);
      await ok('POST', `/api/admin/returns/${asked.id}/receive`, admin.auth, { items: [{ productId: products[1], resellable: 1 }] });
    }
    const cancelled = (
      await ok('POST', '/api/orders', shopper.auth, {
        ...MUMBAI_SHIPPING,
        payment_method: 'cod',
        items: [
          { productId: products[2], quantity: 1 },
          { productId: products[1], quantity: 1 },
        ],
      })
    ).order;
    await ok('PUT', `/api/admin/orders/${cancelled.id}/status`, admin.auth, { status: 'cancelled' });
    const online = (
      await ok('POST', '/api/orders', shopper.auth, {
        ...MUMBAI_SHIPPING,
        payment_method: 'razorpay',
        items: [{ productId: products[1], quantity: 1 }],
        coupon_code: 'Replay10',
      })
    ).order;
    const providerOrderId = (await ok('POST', '/api/razorpay/create-order', shopper.auth, { amount: online.totalAmount, currency: 'INR', orderId: online.id }))
      .order_id;
    const { success: _s, ...proof } = await ok('POST', '/api/payments/simulator/pay', shopper.auth, { razorpay_order_id: providerOrderId, outcome: 'success' });
    await ok('POST', '/api/razorpay/verify-payment', shopper.auth, proof);
  }
  const deleted = (await ok('POST', '/api/orders', admin.auth, { ...MUMBAI_SHIPPING, payment_method: 'cod', items: [{ productId: products[2], quantity: 2 }] }))
    .order;
  await ok('DELETE', `/api/admin/orders/${deleted.id}`, admin.auth);
}

async function logEnd() {
  const last = (await ctx.runtime.store.readAll(START, 1_000_000)).at(-1)!;
  return last.position;
}

/** Every row of every read-model table, in a stable order. */
async function readModels(): Promise<Record<string, unknown[]>> {
  const out: Record<string, unknown[]> = {};
  for (const table of READ_MODEL_TABLES) {
    const columns = (await pool.query<{ n: number }>(`select count(*)::int as n from information_schema.columns where table_name = $1`, [table])).rows[0]!.n;
    const order = Array.from({ length: columns }, (_, i) => i + 1).join(', ');
    out[table] = (await pool.query(`select * from "${table}" order by ${order}`)).rows;
  }
  return out;
}

/** Columns of the table's primary key and unique indexes (changed in a junk row so that it can be inserted). */
async function keyColumns(table: string): Promise<Set<string>> {
  const { rows } = await pool.query<{ name: string }>(
    `select distinct a.attname as name from pg_index i join pg_attribute a on a.attrelid = i.indrelid and a.attnum = any(i.indkey)
      where i.indrelid = $1::regclass and i.indisunique`,
    [table],
  );
  return new Set(rows.map((r) => r.name));
}

function junkValue(value: unknown): unknown {
  if (typeof value === 'string') return /^[0-9a-f]{8}-[0-9a-f]{4}-/.test(value) ? `ffffffff${value.slice(8)}` : `${value}-junk`;
  if (typeof value === 'number') return value + 100_000;
  if (typeof value === 'boolean') return false;
  return value;
}

/**
 * Corrupts every table: one row altered in a column outside its keys, one row deleted, and one row that no event
 * produced (a copy of a live row with its keys changed the same way in every table, so an order's junk items point at the
 * junk order). Tables go parents first, so foreign keys hold.
 */
async function corruptEveryReadModel(): Promise<void> {
  for (const table of ['orders', ...READ_MODEL_TABLES.filter((t) => t !== 'orders')]) {
    const keys = await keyColumns(table);
    // By order id (an order's id, an item's order id): the junk item then copies an item of the junk order's
    // original, whatever order updates left the rows in on disk.
    const { rows } = await pool.query<Record<string, unknown>>(
      `select to_jsonb(t) as row from "${table}" t order by coalesce(to_jsonb(t)->>'order_id', to_jsonb(t)->>'id') limit 3`,
    );
    expect(rows.length, `${table} has rows to corrupt`).toBeGreaterThanOrEqual(2);
    const [first, second] = rows.map((r) => r.row as Record<string, unknown>) as [Record<string, unknown>, Record<string, unknown>];
    const where = (row: Record<string, unknown>) => {
      const cols = [...keys].filter((k) => k in row && row[k] !== null);
      return { sql: cols.map((c, i) => `"${c}"::text = $${i + 1}`).join(' and '), values: cols.map((c) => String(row[c])) };
    };
    const junk = Object.fromEntries(Object.entries(first).map(([k, v]) => [k, keys.has(k) ? junkValue(v) : v]));
    await pool.query(`insert into "${table}" select * from jsonb_populate_record(null::"${table}", $1)`, [junk]);
    const alterable = Object.entries(first).filter(([k]) => !keys.has(k) && !/_at$|_id$/.test(k));
    const altered = ['string', 'boolean', 'number'].map((type) => alterable.find(([, v]) => typeof v === type)).find(Boolean);
    expect(altered, `${table} has a column to alter`).toBeDefined();
    const [column, value] = altered!;
    const w = where(first);
    await pool.query(`update "${table}" set "${column}" = $${w.values.length + 1} where ${w.sql}`, [
      ...w.values,
      typeof value === 'boolean' ? !value : typeof value === 'number' ? value + 7 : `${value} (corrupted)`,
    ]);
    const d = where(second);
    await pool.query(`delete from "${table}" where ${d.sql}`, d.values);
  }
}

/** Wraps each projector to count the events it is given. */
function counting(projectors: readonly Projector[]) {
  const applied = new Map<string, number>(projectors.map((p) => [p.name, 0]));
  const wrapped = projectors.map((p): Projector => ({
    ...p,
    apply: (client, event) => (applied.set(p.name, applied.get(p.name)! + 1), p.apply(client, event)),
    ...(p.applyMany
      ? {
          applyMany: (client: pg.PoolClient, events: Parameters<NonNullable<Projector['applyMany']>>[1]) => (
            applied.set(p.name, applied.get(p.name)! + events.length),
            p.applyMany!(client, events)
          ),
        }
      : {}),
  }));
  return { wrapped, applied };
}

/** Runs replay() and checks its report, each projector's applied events and its checkpoint against the log. */
async function replayAndCheck(live: Record<string, unknown[]>, options: ReplayOptions = {}) {
  const projectors = ctx.runtime.projections.projectors;
  const { wrapped, applied } = counting(projectors);
  const end = await logEnd();
  const logSize = Number((await pool.query<{ n: string }>('select count(*) as n from events')).rows[0]!.n);
  const report = await replay(ctx.runtime.store, pool, wrapped, undefined, options);
  expect(await readModels()).toEqual(live);
  expect(report.map((r) => r.name).sort()).toEqual(projectors.map((p) => p.name).sort());
  for (const projector of projectors) {
    const handled = Number((await pool.query<{ n: string }>('select count(*) as n from events where type = any($1)', [projector.handles])).rows[0]!.n);
    expect(handled, `${projector.name} handles events of the log`).toBeGreaterThan(0);
    expect(applied.get(projector.name), `${projector.name} applied every event it handles, once`).toBe(handled);
    expect(report.find((r) => r.name === projector.name)!.events, `${projector.name} read the whole log`).toBe(logSize);
    const checkpoint = (
      await pool.query<{ c: string; p: string }>('select commit_pos::text as c, prepare_pos::text as p from projection_checkpoints where name = $1', [
        projector.name,
      ])
    ).rows[0];
    expect(checkpoint, `${projector.name} checkpoint at the end of the log`).toEqual({ c: end.commit.toString(), p: end.prepare.toString() });
  }
}

describe('replay rebuilds every read model from the log', () => {
  let live: Record<string, unknown[]>;
  beforeAll(async () => {
    ctx = await createTestApp();
    pool = ctx.runtime.pool;
    await fillEveryReadModel();
    // UPI refunds are paid out in the background: the log is complete once each has its payout's outcome.
    for (const deadline = Date.now() + 20_000; ; await new Promise((resolve) => setTimeout(resolve, 50))) {
      const { rows } = await pool.query<{ refunds: number; outcomes: number }>(
        `select count(*) filter (where type = 'ReturnRefunded' and data->>'to' = 'upi')::int as refunds,
                count(*) filter (where type in ('UpiPayoutIssued', 'UpiPayoutFailed'))::int as outcomes from events`,
      );
      if (rows[0]!.refunds > 0 && rows[0]!.outcomes >= rows[0]!.refunds) break;
      if (Date.now() > deadline) throw new Error(`UPI payouts unsettled: ${JSON.stringify(rows[0])}`);
    }
    await ctx.runtime.projections.waitFor(await logEnd(), undefined, 20_000);
    await ctx.runtime.projections.stop();
    live = await readModels();
  }, 120_000);
  afterAll(async () => ctx?.close());

  it('the test covers every projector table, and each holds at least two rows made through commands', () => {
    expect(ctx.runtime.projections.projectors.flatMap((p) => p.tables).sort()).toEqual(READ_MODEL_TABLES);
    for (const table of READ_MODEL_TABLES) expect(live[table]!.length, table).toBeGreaterThanOrEqual(2);
  });

  it('after every table is corrupted (a row altered, one missing, one invented), replay gives back the live rows exactly', async () => {
    await corruptEveryReadModel();
    expect(await readModels()).not.toEqual(live);
    await replayAndCheck(live);
  });

  it('from empty tables and checkpoints moved back to the start, replay gives back the live rows exactly', async () => {
    await pool.query(`truncate ${READ_MODEL_TABLES.map((t) => `"${t}"`).join(', ')}`);
    await pool.query('update projection_checkpoints set commit_pos = 0, prepare_pos = 0');
    await replayAndCheck(live);
  });

  it('in batches of 3 events (most batches hold nothing for most projectors, which are then not called), every checkpoint still ends at the log end', async () => {
    await pool.query('update projection_checkpoints set commit_pos = 0, prepare_pos = 0');
    await replayAndCheck(live, { batchSize: 3 });
  });

  it("each projector's set-based applyMany over the whole log in one batch writes the rows apply writes one event at a time", async () => {
    const events = await ctx.runtime.store.readAll(START, 1_000_000);
    const rebuilt = async (projector: Projector, write: (client: pg.PoolClient) => Promise<void>) => {
      const client = await pool.connect();
      try {
        await client.query(`truncate ${projector.tables.map((t) => `"${t}"`).join(', ')}`);
        await write(client);
      } finally {
        client.release();
      }
      return Object.fromEntries(Object.entries(await readModels()).filter(([table]) => projector.tables.includes(table)));
    };
    const setBased = ctx.runtime.projections.projectors.filter((p) => p.applyMany);
    expect(setBased.map((p) => p.name).sort()).toEqual(['catalogue', 'customers', 'orders', 'wishlists']);
    for (const projector of setBased) {
      const handled = events.filter((e) => projector.handles.includes(e.type));
      const oneByOne = await rebuilt(projector, async (client) => {
        for (const event of handled) await projector.apply(client, event);
      });
      expect(oneByOne, projector.name).toEqual(Object.fromEntries(Object.entries(live).filter(([table]) => projector.tables.includes(table))));
      expect(await rebuilt(projector, (client) => projector.applyMany!(client, handled)), projector.name).toEqual(oneByOne);
    }
  });
});
