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

/** What a checkout prices a line with: the product as the catalogue's read model holds it now. */
export interface ProductForSale {
  id: string;
  name: string;
  /** Rupees with paise, as text (numeric in the read model: never a float on the way). */
  price: string;
  image: string;
  category: string;
  /** false when an admin took it off sale (the in-stock flag), whatever the stock. */
  inStockFlag: boolean;
  /** A pre-order's release date (YYYY-MM-DD), null for any other product. */
  releaseDate: string | null;
}

/** The products among `ids` that exist, by id (PlaceOrder prices from here; the browser's prices are never used). */
export async function productsForSale(pool: pg.Pool, ids: readonly string[]): Promise<Map<string, ProductForSale>> {
  if (ids.length === 0) return new Map();
  const { rows } = await pool.query<{
    id: string;
    name: string;
    price: string;
    image: string;
    category: string;
    in_stock_flag: boolean;
    release_date: string | null;
  }>('select id, name, price::text as price, image, category, in_stock_flag, release_date::text from products where id = any($1::text[])', [ids]);
  return new Map(
    rows.map((r) => [
      r.id,
      { id: r.id, name: r.name, price: r.price, image: r.image, category: r.category, inStockFlag: r.in_stock_flag, releaseDate: r.release_date },
    ]),
  );
}

/** Units on sale (not reserved) of the products among `ids` that exist, from the catalogue's read model. */
export async function stockOnSale(pool: pg.Pool, ids: readonly string[]): Promise<Map<string, number>> {
  if (ids.length === 0) return new Map();
  const { rows } = await pool.query<{ id: string; stock_quantity: number }>('select id, stock_quantity from products where id = any($1::text[])', [ids]);
  return new Map(rows.map((r) => [r.id, r.stock_quantity]));
}
