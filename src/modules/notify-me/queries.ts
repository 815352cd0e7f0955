import type pg from 'pg';

type Queryable = Pick<pg.Pool, 'query'>;

/** The products a shopper waits for, oldest request first. */
export async function waitingProductsOf(pool: Queryable, customerId: string): Promise<string[]> {
  const { rows } = await pool.query<{ product_id: string }>(
    `select product_id from notify_me_subscriptions where customer_id = $1 and state = 'waiting' order by subscribed_at, product_id`,
    [customerId],
  );
  return rows.map((r) => r.product_id);
}

/** How many shoppers wait for each of `productIds` (products nobody waits for are left out). */
export async function waitingCounts(pool: Queryable, productIds: readonly string[]): Promise<Record<string, number>> {
  if (productIds.length === 0) return {};
  const { rows } = await pool.query<{ product_id: string; n: number }>(
    `select product_id, count(*)::int as n from notify_me_subscriptions where product_id = any($1::text[]) and state = 'waiting' group by product_id`,
    [productIds],
  );
  return Object.fromEntries(rows.map((r) => [r.product_id, r.n]));
}

/** Of `productIds`, those somebody waits for (all such products when `productIds` is null), at most `limit`. */
export async function productsWithWaiting(pool: Queryable, productIds: readonly string[] | null, limit: number): Promise<string[]> {
  const { rows } = productIds
    ? await pool.query<{ product_id: string }>(
        `select distinct product_id from notify_me_subscriptions where product_id = any($1::text[]) and state = 'waiting' limit $2`,
        [productIds, limit],
      )
    : await pool.query<{ product_id: string }>(`select distinct product_id from notify_me_subscriptions where state = 'waiting' limit $1`, [limit]);
  return rows.map((r) => r.product_id);
}
