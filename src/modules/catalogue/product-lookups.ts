import type pg from 'pg';

/**
 * Product existence for other features (wishlist, reviews), from the catalogue's read model: they ask here and never
 * query the products table themselves.
 */
export async function existingProductIds(pool: pg.Pool, ids: string[]): Promise<Set<string>> {
  if (ids.length === 0) return new Set();
  const result = await pool.query<{ id: string }>('select id from products where id = any($1::text[])', [ids]);
  return new Set(result.rows.map((row) => row.id));
}

export async function productExists(pool: pg.Pool, productId: string): Promise<boolean> {
  return (await existingProductIds(pool, [productId])).has(productId);
}
