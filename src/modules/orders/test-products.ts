import { randomUUID } from 'node:crypto';
import type { Runtime } from '../../runtime.js';
import { setStockLevel } from '../inventory/index.js';

/**
 * Test fixture: a product the orders module can sell. Until the catalogue's events are used here, it writes the
 * products read-model row directly and sets stock through the inventory module (the one place to switch).
 */
export async function createTestProduct(
  runtime: Runtime,
  options: { price?: number | string; stock?: number; name?: string; category?: string; inStockFlag?: boolean } = {},
): Promise<{ id: string; name: string; price: number }> {
  const id = `test-${randomUUID()}`;
  const name = options.name ?? `Figure ${id.slice(5, 13)}`;
  const price = options.price ?? 1299;
  const now = new Date().toISOString();
  await runtime.pool.query(
    `insert into products (id, name, price, image, category, in_stock, in_stock_flag, stock_quantity, created_at, updated_at)
     values ($1, $2, $3::numeric, $4, $5, $6, $7, $8, $9, $9) on conflict (id) do nothing`,
    [id, name, String(price), `/media/${id}.webp`, options.category ?? 'Anime Figures', (options.stock ?? 20) > 0, options.inStockFlag ?? true, options.stock ?? 20, now],
  );
  await setStockLevel(runtime.store, id, options.stock ?? 20, 'test fixture', {});
  return { id, name, price: Number(price) };
}
