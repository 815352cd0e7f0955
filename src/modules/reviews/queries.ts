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

/** Newest first; average to one decimal (spec: "average rating to one decimal"). */
export async function reviewsOfProduct(pool: pg.Pool, productId: string) {
  const result = await pool.query(
    `select id, product_id, user_id, user_name, order_id, rating, comment, created_at, updated_at
       from product_reviews where product_id = $1 order by created_at desc, id desc`,
    [productId],
  );
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
  const count = reviews.length;
  const sum = reviews.reduce((total, review) => total + review.rating, 0);
  const average = count === 0 ? 0 : Math.round((sum / count) * 10) / 10;
  return { reviews, average, count };
}

export async function productExists(pool: pg.Pool, productId: string): Promise<boolean> {
  return (await pool.query('select 1 from products where id = $1', [productId])).rowCount === 1;
}
