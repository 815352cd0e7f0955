import { randomUUID } from 'node:crypto';
import type pg from 'pg';

/**
 * TEST ONLY. Writes a row straight into the catalogue read model (`products`, migrations/010), so these specs do not
 * depend on the catalogue module's API. The wishlist reads products only through that table.
 */
export async function insertCatalogueRow(
  pool: pg.Pool,
  overrides: Partial<{ id: string; name: string; price: number; image: string; category: string; stockQuantity: number }> = {},
) {
  const product = {
    id: overrides.id ?? `test-${randomUUID()}`,
    name: overrides.name ?? 'Naruto Uzumaki Figure',
    price: overrides.price ?? 1499,
    image: overrides.image ?? '/media/naruto.webp',
    category: overrides.category ?? 'Anime Figures',
    stockQuantity: overrides.stockQuantity ?? 10,
  };
  await pool.query(
    `insert into products (id, name, price, image, category, in_stock, stock_quantity, created_at, updated_at)
     values ($1, $2, $3, $4, $5, $6 > 0, $6, '2026-01-01T00:00:00Z', '2026-01-01T00:00:00Z')`,
    [product.id, product.name, product.price, product.image, product.category, product.stockQuantity],
  );
  return product;
}
