import type pg from 'pg';

/**
 * What other features may ask about orders (their only way in: they never query the orders tables themselves).
 * Answered from the orders read model (migrations/030).
 */

/** The order paid through this provider order (Razorpay `order_…`), if any. */
export async function orderIdOfProviderOrder(pool: pg.Pool, providerOrderId: string): Promise<string | null> {
  const { rows } = await pool.query<{ id: string }>('select id from orders where razorpay_order_id = $1 limit 1', [providerOrderId]);
  return rows[0]?.id ?? null;
}

/** One of the shopper's orders as far as a product is concerned: its status and whether it holds the product. */
export async function shopperOrderWithProduct(
  pool: pg.Pool,
  customerId: string,
  orderId: string,
  productId: string,
): Promise<{ status: string; hasProduct: boolean } | null> {
  const { rows } = await pool.query<{ status: string; has_product: boolean }>(
    `select o.status, exists (select 1 from order_items i where i.order_id = o.id and i.product_id = $3) as has_product
       from orders o where o.id = $1 and o.customer_id = $2`,
    [orderId, customerId, productId],
  );
  return rows[0] ? { status: rows[0].status, hasProduct: rows[0].has_product } : null;
}

/** The shopper's latest delivered order holding the product (by delivery time), if any. */
export async function latestDeliveredOrderWith(pool: pg.Pool, customerId: string, productId: string): Promise<string | null> {
  const { rows } = await pool.query<{ id: string }>(
    `select o.id from orders o join order_items i on i.order_id = o.id
      where o.customer_id = $1 and o.status = 'delivered' and i.product_id = $2
      order by coalesce(o.actual_delivery, o.updated_at) desc, o.id limit 1`,
    [customerId, productId],
  );
  return rows[0]?.id ?? null;
}
