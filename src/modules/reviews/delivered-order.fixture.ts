import { randomUUID } from 'node:crypto';
import type pg from 'pg';

/**
 * TEST ONLY. The review rule reads the orders read model (migrations/030: `orders`, `order_items`), so these helpers
 * write those rows directly instead of driving the orders module's API (built in parallel). They do the same for a
 * catalogue row in `products`.
 */
export async function insertProductRow(pool: pg.Pool, name = 'Luffy Gear 5 Figure') {
  const id = `rv-${randomUUID()}`;
  await pool.query(
    `insert into products (id, name, price, image, category, in_stock, stock_quantity, created_at, updated_at)
     values ($1, $2, 1999, '/media/luffy.webp', 'Anime Figures', true, 5, '2026-01-01T00:00:00Z', '2026-01-01T00:00:00Z')`,
    [id, name],
  );
  return id;
}

export async function insertOrderRows(
  pool: pg.Pool,
  customerId: string,
  productIds: string[],
  status: 'pending' | 'confirmed' | 'shipped' | 'delivered' | 'cancelled' = 'delivered',
): Promise<string> {
  const orderId = randomUUID();
  await pool.query(
    `insert into orders (id, order_number, customer_id, status, payment_status, payment_method, subtotal, shipping, total_amount,
       shipping_address, actual_delivery, created_at, updated_at)
     values ($1, $2, $3, $4, 'completed', 'cod', 1999, 0, 1999, '{}'::jsonb, $5, '2026-02-01T00:00:00Z', '2026-02-02T00:00:00Z')`,
    [
      orderId,
      `AC-2026-${String(Math.floor(Math.random() * 1e6)).padStart(6, '0')}`,
      customerId,
      status,
      status === 'delivered' ? '2026-02-02T00:00:00Z' : null,
    ],
  );
  for (const [index, productId] of productIds.entries()) {
    await pool.query(`insert into order_items (order_id, line_no, product_id, name, price, quantity) values ($1, $2, $3, 'Item', 1999, 1)`, [
      orderId,
      index + 1,
      productId,
    ]);
  }
  return orderId;
}

export const insertDeliveredOrderRows = (pool: pg.Pool, customerId: string, productIds: string[]) => insertOrderRows(pool, customerId, productIds, 'delivered');
