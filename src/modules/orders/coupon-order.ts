import type pg from 'pg';
import { ValidationError } from '../../core/errors.js';
import { INVALID_CODE, normaliseCode } from '../promotions/index.js';

/**
 * What order placement needs to decide a coupon's use: the code as it is stored (a code that cannot be one, with
 * invisible or look-alike characters, is simply not a valid code for the shopper), and how many earlier orders the
 * shopper has that were not cancelled (first-order coupons).
 */
export async function couponForOrder(pool: pg.Pool, customerId: string, typed: string): Promise<{ code: string; priorOrders: number }> {
  const normalised = normaliseCode(typed);
  if (!normalised.ok) throw new ValidationError(INVALID_CODE);
  const { rows } = await pool.query<{ n: number }>(`select count(*)::int as n from orders where customer_id = $1 and status <> 'cancelled'`, [customerId]);
  return { code: normalised.code, priorOrders: rows[0]?.n ?? 0 };
}
