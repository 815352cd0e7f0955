import type pg from 'pg';
import type { CouponDto } from './schemas.js';

interface CouponRow {
  code: string;
  kind: 'percent' | 'amount';
  value: number;
  min_order_paise: string;
  starts_at: Date | null;
  ends_at: Date | null;
  max_uses: number | null;
  max_uses_per_customer: number | null;
  categories: string[];
  product_ids: string[];
  first_order_only: boolean;
  paused: boolean;
  uses: number;
  discount_paise: string;
  created_at: Date;
  updated_at: Date;
}

const rupees = (paise: number) => Number((paise / 100).toFixed(2));

/** What the admin sees a coupon as now (`now` decides scheduled and expired). */
export function toCouponDto(row: CouponRow, now: Date): CouponDto {
  const minOrder = Number(row.min_order_paise);
  const status = row.paused
    ? 'paused'
    : row.ends_at && now >= row.ends_at
      ? 'expired'
      : row.max_uses !== null && row.uses >= row.max_uses
        ? 'used up'
        : row.starts_at && now < row.starts_at
          ? 'scheduled'
          : 'active';
  return {
    code: row.code,
    kind: row.kind,
    value: row.kind === 'percent' ? row.value / 100 : rupees(row.value),
    minOrder: minOrder > 0 ? rupees(minOrder) : null,
    startsAt: row.starts_at?.toISOString() ?? null,
    endsAt: row.ends_at?.toISOString() ?? null,
    maxUses: row.max_uses,
    maxUsesPerCustomer: row.max_uses_per_customer,
    categories: row.categories,
    productIds: row.product_ids,
    firstOrderOnly: row.first_order_only,
    paused: row.paused,
    uses: row.uses,
    discountTotal: rupees(Number(row.discount_paise)),
    status,
    created_at: row.created_at.toISOString(),
    updated_at: row.updated_at.toISOString(),
  };
}

export async function findCoupon(pool: pg.Pool, code: string, now: Date): Promise<CouponDto | null> {
  const row = (await pool.query<CouponRow>('select * from coupons where code = $1', [code])).rows[0];
  return row ? toCouponDto(row, now) : null;
}

/** Newest first, paged; `search` matches a part of the code. */
export async function listCoupons(pool: pg.Pool, page: { page: number; limit: number; search?: string }, now: Date) {
  const pattern = page.search ? `%${page.search.toUpperCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%` : '%';
  const [rows, count] = await Promise.all([
    pool.query<CouponRow>('select * from coupons where code like $1 order by created_at desc, code limit $2 offset $3', [
      pattern,
      page.limit,
      (page.page - 1) * page.limit,
    ]),
    pool.query<{ n: number }>('select count(*)::int as n from coupons where code like $1', [pattern]),
  ]);
  const total = count.rows[0]!.n;
  return { coupons: rows.rows.map((r) => toCouponDto(r, now)), total, totalPages: Math.max(1, Math.ceil(total / page.limit)) };
}

/** A coupon's uses, newest first, paged. */
export async function couponUses(pool: pg.Pool, code: string, page: { page: number; limit: number }) {
  const [rows, count] = await Promise.all([
    pool.query<{ order_id: string; customer_id: string; discount_paise: string; used_at: Date }>(
      'select order_id, customer_id, discount_paise, used_at from coupon_uses where code = $1 order by used_at desc, order_id limit $2 offset $3',
      [code, page.limit, (page.page - 1) * page.limit],
    ),
    pool.query<{ n: number }>('select count(*)::int as n from coupon_uses where code = $1', [code]),
  ]);
  const total = count.rows[0]!.n;
  return {
    uses: rows.rows.map((r) => ({
      orderId: r.order_id,
      customerId: r.customer_id,
      discount: rupees(Number(r.discount_paise)),
      usedAt: r.used_at.toISOString(),
    })),
    total,
    totalPages: Math.max(1, Math.ceil(total / page.limit)),
  };
}
