import type pg from 'pg';
import type { ReviewEligibility } from './decide.js';

/** Reads the orders read model (migrations/030): the order must be the shopper's, delivered, and hold the product. */
export async function orderReviewEligibility(
  pool: pg.Pool,
  userId: string,
  orderId: string,
  productId: string,
): Promise<ReviewEligibility | 'order_not_found'> {
  const order = await pool.query<{ status: string; has_product: boolean }>(
    `select o.status, exists (select 1 from order_items i where i.order_id = o.id and i.product_id = $3) as has_product
       from orders o where o.id = $1 and o.customer_id = $2`,
    [orderId, userId, productId],
  );
  const row = order.rows[0];
  if (!row) return 'order_not_found';
  if (row.status !== 'delivered') return { eligible: false, reason: 'not_delivered' };
  if (!row.has_product) return { eligible: false, reason: 'not_in_order' };
  return { eligible: true, orderId };
}

/** The product page's form: any delivered order of the shopper's containing the product (the latest is recorded). */
export async function productReviewEligibility(pool: pg.Pool, userId: string, productId: string): Promise<ReviewEligibility> {
  const result = await pool.query<{ id: string }>(
    `select o.id from orders o join order_items i on i.order_id = o.id
      where o.customer_id = $1 and o.status = 'delivered' and i.product_id = $2
      order by coalesce(o.actual_delivery, o.updated_at) desc, o.id limit 1`,
    [userId, productId],
  );
  const row = result.rows[0];
  return row ? { eligible: true, orderId: row.id } : { eligible: false, reason: 'no_delivered_order' };
}
