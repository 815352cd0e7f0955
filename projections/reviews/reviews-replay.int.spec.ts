import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { START } from '../../src/core/event-store.js';
import { insertDeliveredOrderRows, insertProductRow } from '../../src/modules/reviews/delivered-order.fixture.js';
import { createTestApp, signUp, type TestContext } from '../../tests/helpers/test-runtime.js';
import { replay } from '../runner.js';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestApp();
});
afterAll(async () => ctx?.close());

const snapshot = async () => (await ctx.runtime.pool.query('select * from product_reviews order by id')).rows;

describe('reviews projection', () => {
  it('a replay rebuilds exactly the live product_reviews rows', async () => {
    const products = [await insertProductRow(ctx.runtime.pool), await insertProductRow(ctx.runtime.pool)];
    for (let s = 0; s < 3; s++) {
      const shopper = await signUp(ctx.app, { full_name: `Reviewer ${s}` });
      const orderId = await insertDeliveredOrderRows(ctx.runtime.pool, shopper.user.id, products);
      await ctx.app.inject({
        method: 'POST',
        url: `/api/user/orders/${orderId}/review`,
        headers: shopper.auth,
        payload: { productId: products[0], rating: s + 2, comment: `From order ${s}` },
      });
      await ctx.app.inject({
        method: 'POST',
        url: `/api/products/${products[1]}/reviews`,
        headers: shopper.auth,
        payload: { rating: 5 - s, comment: `From page ${s}` },
      });
      await new Promise((resolve) => setTimeout(resolve, 5));
    }
    const last = (await ctx.runtime.store.readAll(START, 100_000)).at(-1)!;
    await ctx.runtime.projections.waitFor(last.position);
    const live = await snapshot();
    expect(live).toHaveLength(6);
    await ctx.runtime.projections.stop();
    await replay(ctx.runtime.store, ctx.runtime.pool, ctx.runtime.projections.projectors, ['reviews']);
    expect(await snapshot()).toEqual(live);
  });
});
