import type pg from 'pg';

export interface ReviewDto {
  id: string;
  productId: string;
  userId: string;
  userName: string;
  orderId: string | null;
  rating: number;
  comment: string;
  createdAt: string;
  updatedAt: string;
}

/** The most reviews one answer lists (DECISIONS §10: no unbounded list); count and average cover them all. */
export const REVIEWS_PAGE_MAX = 200;

/** Newest first, one page; average to one decimal (spec: "average rating to one decimal") over every review. */
export async function reviewsOfProduct(pool: pg.Pool, productId: string, page = 1, limit = REVIEWS_PAGE_MAX) {
  const [result, totals] = await Promise.all([
    pool.query(
      `select id, product_id, user_id, user_name, order_id, rating, comment, created_at, updated_at
         from product_reviews where product_id = $1 order by created_at desc, id desc limit $2 offset $3`,
      [productId, limit, (page - 1) * limit],
    ),
    pool.query<{ count: number; sum: number }>('select count(*)::int as count, coalesce(sum(rating), 0)::float8 as sum from product_reviews where product_id = $1', [productId]),
  ]);
  const reviews: ReviewDto[] = result.rows.map((row) => ({
    id: row.id,
    productId: row.product_id,
    userId: row.user_id,
    userName: row.user_name,
    orderId: row.order_id,
    rating: row.rating,
    comment: row.comment,
    createdAt: (row.created_at as Date).toISOString(),
    updatedAt: (row.updated_at as Date).toISOString(),
  }));
  const { count, sum } = totals.rows[0]!;
  const average = count === 0 ? 0 : Math.round((sum / count) * 10) / 10;
  return { reviews, average, count, page, limit, nextPage: page * limit < count ? page + 1 : null };
}

export async function productExists(pool: pg.Pool, productId: string): Promise<boolean> {
  return (await pool.query('select 1 from products where id = $1', [productId])).rowCount === 1;
}
