import type pg from 'pg';

/**
 * A review as anyone may see it: the reviewer's display name, never their account id or the order it came from
 * (issue 17). `mine` tells the signed-in reader which review is theirs (false for guests).
 */
export interface PublicReviewDto {
  id: string;
  productId: string;
  userName: string;
  rating: number;
  comment: string;
  createdAt: string;
  updatedAt: string;
  mine: boolean;
}

/** Newest first; average to one decimal (spec: "average rating to one decimal"). */
export async function reviewsOfProduct(pool: pg.Pool, productId: string, readerId: string | null = null) {
  const result = await pool.query(
    `select id, product_id, user_id, user_name, rating, comment, created_at, updated_at
       from product_reviews where product_id = $1 order by created_at desc, id desc`,
    [productId],
  );
  const reviews: PublicReviewDto[] = result.rows.map((row) => ({
    id: row.id,
    productId: row.product_id,
    userName: row.user_name,
    rating: row.rating,
    comment: row.comment,
    createdAt: (row.created_at as Date).toISOString(),
    updatedAt: (row.updated_at as Date).toISOString(),
    mine: readerId !== null && row.user_id === readerId,
  }));
  const count = reviews.length;
  const sum = reviews.reduce((total, review) => total + review.rating, 0);
  const average = count === 0 ? 0 : Math.round((sum / count) * 10) / 10;
  return { reviews, average, count };
}

export async function productExists(pool: pg.Pool, productId: string): Promise<boolean> {
  return (await pool.query('select 1 from products where id = $1', [productId])).rowCount === 1;
}
