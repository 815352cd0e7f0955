import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, loginAdmin, signUp, type TestContext } from '../../../tests/helpers/test-runtime.js';
import { codOrderBody } from '../../../tests/helpers/test-orders.js';
import { createTestProduct } from '../../../tests/helpers/test-products.js';
import { toNewEvents } from '../../core/command-handler.js';
import { START } from '../../core/event-store.js';
import { replay } from '../../../projections/replay.js';
import { inventoryStream, loadInventory } from '../inventory/index.js';
import { DEFAULT_COD_HOLD_CAPS, NO_COD_HOLDS } from './cod-holds.js';
import { codAccountLedger, codShareLedger } from './cod-ledgers.js';
import { decideOrder } from './decide.js';
import { DEFAULT_HOLD_CAPS, NO_HOLDS } from './holds.js';
import { initialOrderState, orderStream } from './order.js';

/**
 * New accounts' COD caps under concurrent checkouts: a hoarder who sends many checkouts at the same instant, spread over
 * instances (each with its own in-process lock, or none), still holds no more than the caps allow.
 */
let a: TestContext;
let b: TestContext;
let unlocked: TestContext;
let admin: Record<string, string>;
beforeAll(async () => {
  const env = { JWT_SECRET: 'shared-secret-of-all-instances-0123456789', COD_NEW_ACCOUNT_LIMITS: 'true' } as const;
  a = await createTestApp({ env });
  b = await createTestApp({ env, databaseUrl: a.databaseUrl });
  unlocked = await createTestApp({ env, databaseUrl: a.databaseUrl, localLocks: false });
  admin = (await loginAdmin(a.app)).auth;
});
afterAll(async () => {
  await unlocked?.close();
  await b?.close();
  await a?.close();
});

const RULE = 'New accounts (e-mail address not verified, or opened less than 7 days ago) can hold at most';
const instances = () => [a, b, unlocked, unlocked];
const stockOf = async (id: string) => (await loadInventory(a.runtime.store, id)).available;

/** Sends every checkout at once, spread over the instances. */
async function allAtOnce(checkouts: { auth: Record<string, string>; productId: string; quantity: number }[]) {
  const responses = await Promise.all(
    checkouts.map((c, i) =>
      instances()[i % 4]!.app.inject({ method: 'POST', url: '/api/orders', headers: c.auth, payload: codOrderBody(c.productId, c.quantity) }),
    ),
  );
  const codes = responses.map((r) => r.statusCode);
  expect(codes.filter((c) => c !== 201 && c !== 409)).toEqual([]);
  return { placed: responses.filter((r) => r.statusCode === 201), refused: responses.filter((r) => r.statusCode === 409).map((r) => r.json().error as string) };
}

describe('new accounts’ COD caps under concurrent checkouts', () => {
  it('one account sending 8 checkouts of one product at once holds 2 units, no more', async () => {
    const product = await createTestProduct(a.runtime, { price: 1299, stock: 100 });
    const hoarder = await signUp(a.app);
    const { placed, refused } = await allAtOnce(Array.from({ length: 8 }, () => ({ auth: hoarder.auth, productId: product.id, quantity: 1 })));
    expect(placed).toHaveLength(2);
    expect(refused).toHaveLength(6);
    for (const error of refused) {
      expect([
        `${RULE} 2 open cash-on-delivery orders; you have 2. Please pay online, or wait until one is delivered.`,
        `${RULE} 2 of ${product.name} in cash-on-delivery orders; you already have 2. Please pay online for more.`,
      ]).toContain(error);
    }
    expect(await stockOf(product.id)).toBe(98);
  });

  it('one account sending checkouts of 6 different products at once has 2 open COD orders, no more', async () => {
    const products = await Promise.all(Array.from({ length: 6 }, () => createTestProduct(a.runtime, { price: 1299, stock: 100 })));
    const hoarder = await signUp(a.app);
    const { placed, refused } = await allAtOnce(products.map((p) => ({ auth: hoarder.auth, productId: p.id, quantity: 1 })));
    expect(placed).toHaveLength(2);
    expect(refused).toEqual(Array(4).fill(`${RULE} 2 open cash-on-delivery orders; you have 2. Please pay online, or wait until one is delivered.`));
    const left = await Promise.all(products.map((p) => stockOf(p.id)));
    expect(left.filter((n) => n === 99)).toHaveLength(2);
  });

  it('8 new accounts sending a checkout each at once hold the new accounts’ share (3 of 15 units), no more', async () => {
    const product = await createTestProduct(a.runtime, { price: 6999, stock: 15 });
    const shoppers = await Promise.all(Array.from({ length: 8 }, () => signUp(a.app)));
    const { placed, refused } = await allAtOnce(shoppers.map((s) => ({ auth: s.auth, productId: product.id, quantity: 1 })));
    expect(placed).toHaveLength(3);
    expect(refused).toEqual(
      Array(5).fill(`${product.name} is in high demand: new accounts together can hold only 3 of it in cash-on-delivery orders right now. Please pay online.`),
    );
    expect(await stockOf(product.id)).toBe(12);
  });

  it('a hold ended by cancelling frees its place at once, even while checkouts race for it', async () => {
    const product = await createTestProduct(a.runtime, { price: 1299, stock: 100 });
    const shopper = await signUp(a.app);
    const first = (await allAtOnce([1, 2].map(() => ({ auth: shopper.auth, productId: product.id, quantity: 1 })))).placed;
    expect(first).toHaveLength(2);
    const released = await a.app.inject({
      method: 'POST',
      url: `/api/admin/cod-holds/${first[0]!.json().order.id}/release`,
      headers: admin,
      payload: { reason: 'Scripted checkouts' },
    });
    expect(released.statusCode).toBe(200);
    const again = await allAtOnce(Array.from({ length: 4 }, () => ({ auth: shopper.auth, productId: product.id, quantity: 1 })));
    expect(again.placed).toHaveLength(1);
    expect(await stockOf(product.id)).toBe(98);
  });

  it('holds placed before the ledgers were kept are carried over into them and still count', async () => {
    const product = await createTestProduct(a.runtime, { price: 1299, stock: 100 });
    const shopper = await signUp(a.app);
    // An open COD order of a new account with no ledger entry, as every such order placed before the ledgers was.
    const orderId = randomUUID();
    const now = new Date().toISOString();
    const placed = decideOrder(
      {
        type: 'PlaceOrder',
        data: {
          orderId,
          orderNumber: 'AC-2020-000001',
          customer: { id: shopper.user.id, name: 'Test Shopper', email: shopper.email, emailVerified: false, registeredAt: now },
          items: [{ lineNo: 1, productId: product.id, name: product.name, image: '', category: 'Anime Figures', unitPricePaise: 1299_00, quantity: 1 }],
          paymentMethod: 'cod',
          shippingAddress: { name: 'T', address: '1 Marine Drive', addressLine2: '', city: 'Mumbai', state: 'Maharashtra', pincode: '400001', phone: '' },
          holds: NO_HOLDS,
          caps: DEFAULT_HOLD_CAPS,
          codCaps: DEFAULT_COD_HOLD_CAPS,
          codHolds: NO_COD_HOLDS,
          at: now,
        },
      },
      initialOrderState(),
    );
    const before = await a.runtime.store.streamVersion(inventoryStream(product.id));
    const result = await a.runtime.store.appendMany([
      {
        streamId: inventoryStream(product.id),
        events: toNewEvents([{ type: 'StockReserved', data: { productId: product.id, orderId, quantity: 1 } }], {}),
        expectedVersion: before,
      },
      { streamId: orderStream(orderId), events: toNewEvents(placed, {}), expectedVersion: 'no_stream' },
    ]);
    await a.runtime.projections.waitFor(result.position, ['orders']);

    const { placed: placedNow } = await allAtOnce(Array.from({ length: 4 }, () => ({ auth: shopper.auth, productId: product.id, quantity: 1 })));
    expect(placedNow).toHaveLength(1);
    const account = await a.runtime.store.readStream(codAccountLedger(shopper.user.id));
    expect(account.map((e) => e.type)).toEqual(['CodHoldsCarriedOver', 'CodHoldOpened']);
    expect((account[0]!.data as { orders: { orderId: string }[] }).orders.map((o) => o.orderId)).toEqual([orderId]);
    const share = await a.runtime.store.readStream(codShareLedger(product.id));
    expect(share.map((e) => e.type)).toEqual(['CodShareCarriedOver', 'CodShareTaken']);
  });

  it('replay rebuilds the same read models from a log with the ledgers in it', async () => {
    const end = (await a.runtime.store.readAll(START, 1_000_000)).at(-1)!.position;
    await Promise.all([a, b, unlocked].map((c) => c.runtime.projections.waitFor(end, undefined, 20_000)));
    await Promise.all([a, b, unlocked].map((c) => c.runtime.projections.stop()));
    const ledgerEvents = await a.runtime.pool.query<{ n: number }>(`select count(*)::int as n from events where type like 'Cod%'`);
    expect(ledgerEvents.rows[0]!.n).toBeGreaterThan(10);
    const tables = a.runtime.projections.projectors.flatMap((p) => p.tables).sort();
    const rows = async () => {
      const out: Record<string, unknown[]> = {};
      for (const table of tables) out[table] = (await a.runtime.pool.query(`select to_jsonb(t) as r from "${table}" t order by 1`)).rows;
      return out;
    };
    const live = await rows();
    await replay(a.runtime.store, a.runtime.pool, a.runtime.projections.projectors);
    expect(await rows()).toEqual(live);
  });
});
