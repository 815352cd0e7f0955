import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { START } from '../../src/core/event-store.js';
import { insertCatalogueRow } from '../../src/modules/profile/catalogue-rows.fixture.js';
import { createTestApp, signUp, type TestContext } from '../../tests/helpers/test-runtime.js';
import { replay } from '../runner.js';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestApp();
});
afterAll(async () => ctx?.close());

const rows = async (sql: string) => (await ctx.runtime.pool.query(sql)).rows;
const snapshot = async () => ({
  addresses: await rows('select * from customer_addresses order by id'),
  wishlist: await rows('select * from wishlist_items order by customer_id, product_id'),
});

describe('addresses and wishlists projections', () => {
  it('a replay rebuilds exactly the live rows (time comes from the events)', async () => {
    const products = [];
    for (let i = 0; i < 4; i++) products.push(await insertCatalogueRow(ctx.runtime.pool));
    const address = { name: 'Asha', address: '12 MG Road', city: 'Bengaluru', state: 'Karnataka', pincode: '560001' };
    for (let s = 0; s < 3; s++) {
      const { auth } = await signUp(ctx.app);
      const send = (method: 'POST' | 'PUT' | 'DELETE', url: string, payload?: object) =>
        ctx.app.inject({ method, url, headers: auth, ...(payload ? { payload } : {}) });
      const ids: string[] = [];
      for (let i = 0; i < 3; i++) ids.push((await send('POST', '/api/user/addresses', { ...address, name: `A${s}${i}` })).json().address.id);
      await send('PUT', `/api/user/addresses/${ids[1]}`, { city: 'Mysuru', is_default: true });
      await send('DELETE', `/api/user/addresses/${ids[1]}`);
      await send('POST', '/api/user/wishlist/merge', { productIds: products.map((p) => p.id) });
      await send('DELETE', `/api/user/wishlist/${products[s]!.id}`);
      // Let the wall clock move so that live rows could not match a replay by accident.
      await new Promise((resolve) => setTimeout(resolve, 5));
    }
    const last = (await ctx.runtime.store.readAll(START, 100_000)).at(-1)!;
    await ctx.runtime.projections.waitFor(last.position);
    const live = await snapshot();
    expect(live.addresses).toHaveLength(6);
    expect(live.addresses.filter((a) => a.is_default)).toHaveLength(3);
    expect(live.wishlist).toHaveLength(9);

    await ctx.runtime.projections.stop();
    await replay(ctx.runtime.store, ctx.runtime.pool, ctx.runtime.projections.projectors, ['addresses', 'wishlists']);
    expect(await snapshot()).toEqual(live);
  });
});
