import type pg from 'pg';
import { latestDeliveredOrderWith, shopperOrderWithProduct } from '../orders/index.js';
import type { ReviewEligibility } from './decide.js';

/** The order must be the shopper's, delivered, and hold the product (asked of the orders feature). */
export async function orderReviewEligibility(
  pool: pg.Pool,
  userId: string,
  orderId: string,
  productId: string,
): Promise<ReviewEligibility | 'order_not_found'> {
  const order = await shopperOrderWithProduct(pool, userId, orderId, productId);
  if (!order) return 'order_not_found';
  if (order.status !== 'delivered') return { eligible: false, reason: 'not_delivered' };
  if (!order.hasProduct) return { eligible: false, reason: 'not_in_order' };
  return { eligible: true, orderId };
}

/** The product page's form: any delivered order of the shopper's containing the product (the latest is recorded). */
export async function productReviewEligibility(pool: pg.Pool, userId: string, productId: string): Promise<ReviewEligibility> {
  const orderId = await latestDeliveredOrderWith(pool, userId, productId);
  return orderId ? { eligible: true, orderId } : { eligible: false, reason: 'no_delivered_order' };
}
