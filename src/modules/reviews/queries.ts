import type pg from 'pg';

/**
 * A review as anyone may see it: the reviewer's display name and a pseudonymous `userId` (reviewer-id.ts), never their
 * account id or the order it came from. `mine` tells the signed-in reader which review is theirs (false for guests).
 */
export interface PublicReviewDto {
  id: string;
  productId: string;
  userId: string;
  userName: string;
  rating: number;
  comment: string;
  createdAt: string;
  updatedAt: string;
  mine: boolean;
}

/** The most reviews one answer lists (no unbounded list); count and average cover them all. */
export const REVIEWS_PAGE_MAX = 200;

/**
 * Newest first, one page; average to one decimal (spec: "average rating to one decimal") over every review. `mine`
 * marks the reader's own review; the public DTO names the reviewer only (no user or order ids).
 */
export async function reviewsOfProduct(
  pool: pg.Pool,
  productId: string,
  reviewerId: (userId: string) => string,
  readerId: string | null = null,
  page = 1,
  limit = REVIEWS_PAGE_MAX,
) {
  const [result, totals] = await Promise.all([
    pool.query(
      `select id, product_id, user_id, user_name, rating, comment, created_at, updated_at
         from product_reviews where product_id = $1 order by created_at desc, id desc limit $2 offset $3`,
      [productId, limit, (page - 1) * limit],
    ),
    pool.query<{ count: number; sum: number }>(
      'select count(*)::int as count, coalesce(sum(rating), 0)::float8 as sum from product_reviews where product_id = $1',
      [productId],
    ),
  ]);
  const reviews: PublicReviewDto[] = result.rows.map((row) => ({
    id: row.id,
    productId: row.product_id,
    userId: reviewerId(row.user_id),
    userName: row.user_name,
    rating: row.rating,
    comment: row.comment,
    createdAt: (row.created_at as Date).toISOString(),
    updatedAt: (row.updated_at as Date).toISOString(),
    mine: readerId !== null && row.user_id === readerId,
  }));
  const { count, sum } = totals.rows[0]!;
  const average = count === 0 ? 0 : Math.round((sum / count) * 10) / 10;
  return { reviews, average, count, page, limit, nextPage: page * limit < count ? page + 1 : null };
}

/** Every review one shopper wrote, newest first (their data export). */
export async function reviewsOfUser(pool: pg.Pool, userId: string) {
  const { rows } = await pool.query<{
    id: string;
    product_id: string;
    user_name: string;
    order_id: string | null;
    rating: number;
    comment: string;
    created_at: Date;
  }>('select id, product_id, user_name, order_id, rating, comment, created_at from product_reviews where user_id = $1 order by created_at desc, id desc', [
    userId,
  ]);
  return rows.map((r) => ({
    id: r.id,
    productId: r.product_id,
    userName: r.user_name,
    orderId: r.order_id,
    rating: r.rating,
    comment: r.comment,
    createdAt: r.created_at.toISOString(),
  }));
}
