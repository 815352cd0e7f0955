import type pg from 'pg';

/**
 * Stock hoarding: what one customer may hold without paying. Unpaid orders reserve stock, so without a cap
 * one shopper could place unpaid orders for every unit and take a product off sale for everyone.
 * - `openUnpaidOrders`: online orders not yet paid and COD orders not yet confirmed (both `pending`/`placed`); the
 *   storefront confirms a COD order right after placing it, and online ones expire after 30 minutes, so an honest
 *   shopper rarely has more than one.
 * - `unitsPerProduct`: units of one product in the customer's unpaid orders, the new one included: the unconfirmed and
 *   unpaid ones above plus COD orders not yet shipped (COD is paid on delivery). Ten, the spec's per-line maximum:
 *   a second order cannot double a hold.
 */
export interface HoldCaps {
  openUnpaidOrders: number;
  unitsPerProduct: number;
}
export const DEFAULT_HOLD_CAPS: HoldCaps = { openUnpaidOrders: 3, unitsPerProduct: 10 };

/** What a customer holds now, read from the orders read model and handed to the decider with PlaceOrder. */
export interface CustomerHolds {
  openUnpaidOrders: number;
  unitsHeld: Record<string, number>;
}
/** Tests and benchmarks that place many orders from one account on purpose (the rule has its own specs). */
export const UNCAPPED_HOLDS: HoldCaps = { openUnpaidOrders: 1_000_000, unitsPerProduct: 1_000_000 };

export const NO_HOLDS: CustomerHolds = { openUnpaidOrders: 0, unitsHeld: {} };

/** One query (a checkout already waits on several): the customer's open unpaid orders and units per product. */
export async function customerHolds(pool: pg.Pool, customerId: string, productIds: string[]): Promise<CustomerHolds> {
  const { rows } = await pool.query<{ product_id: string | null; n: string }>(
    `with unpaid as (
       select id, status, payment_method from orders
        where customer_id = $1 and payment_status not in ('completed', 'refunded')
          and (status in ('pending', 'placed') or (payment_method = 'cod' and status in ('confirmed', 'processing'))))
     select null as product_id, count(*) filter (where status in ('pending', 'placed')) as n from unpaid
     union all
     select i.product_id, sum(i.quantity) from unpaid u join order_items i on i.order_id = u.id
      where i.product_id = any($2::text[]) group by i.product_id`,
    [customerId, productIds],
  );
  const unitsHeld: Record<string, number> = {};
  let openUnpaidOrders = 0;
  for (const row of rows) {
    if (row.product_id === null) openUnpaidOrders = Number(row.n);
    else unitsHeld[row.product_id] = Number(row.n);
  }
  return { openUnpaidOrders, unitsHeld };
}
