import type { CouponEvent } from '../../src/modules/promotions/events.js';
import type { Projector } from '../projector.js';

/** coupons read model: each coupon's terms, state and use count, and its uses (for the admin). */
export const couponsProjector: Projector = {
  name: 'coupons',
  handles: ['CouponCreated', 'CouponEdited', 'CouponPaused', 'CouponResumed', 'CouponRedeemed', 'CouponUseReturned'],
  tables: ['coupons', 'coupon_uses'],
  async apply(client, recorded) {
    const event = recorded as unknown as CouponEvent;
    switch (event.type) {
      case 'CouponCreated':
      case 'CouponEdited': {
        const d = event.data;
        await client.query(
          `insert into coupons (code, kind, value, min_order_paise, starts_at, ends_at, max_uses, max_uses_per_customer, categories,
                                product_ids, first_order_only, created_at, updated_at)
           values ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $12)
           on conflict (code) do update set kind = excluded.kind, value = excluded.value, min_order_paise = excluded.min_order_paise,
             starts_at = excluded.starts_at, ends_at = excluded.ends_at, max_uses = excluded.max_uses,
             max_uses_per_customer = excluded.max_uses_per_customer, categories = excluded.categories, product_ids = excluded.product_ids,
             first_order_only = excluded.first_order_only, updated_at = excluded.updated_at`,
          [
            d.code,
            d.kind,
            d.value,
            d.minOrderPaise,
            d.startsAt,
            d.endsAt,
            d.maxUses,
            d.maxUsesPerCustomer,
            JSON.stringify(d.categories),
            JSON.stringify(d.productIds),
            d.firstOrderOnly,
            d.at,
          ],
        );
        return;
      }
      case 'CouponPaused':
      case 'CouponResumed':
        await client.query('update coupons set paused = $2, updated_at = $3 where code = $1', [event.data.code, event.type === 'CouponPaused', event.data.at]);
        return;
      case 'CouponRedeemed': {
        const d = event.data;
        const inserted = await client.query(
          `insert into coupon_uses (code, order_id, customer_id, discount_paise, used_at) values ($1, $2, $3, $4, $5)
           on conflict (code, order_id) do nothing`,
          [d.code, d.orderId, d.customerId, d.discountPaise, d.at],
        );
        if (inserted.rowCount === 1) {
          await client.query('update coupons set uses = uses + 1, discount_paise = discount_paise + $2 where code = $1', [d.code, d.discountPaise]);
        }
        return;
      }
      case 'CouponUseReturned': {
        const removed = await client.query<{ discount_paise: number }>('delete from coupon_uses where code = $1 and order_id = $2 returning discount_paise', [
          event.data.code,
          event.data.orderId,
        ]);
        if (removed.rowCount === 1) {
          await client.query('update coupons set uses = uses - 1, discount_paise = discount_paise - $2 where code = $1', [
            event.data.code,
            removed.rows[0]!.discount_paise,
          ]);
        }
        return;
      }
      default: {
        const exhaustive: never = event;
        return exhaustive;
      }
    }
  },
};
