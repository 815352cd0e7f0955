import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type pg from 'pg';
import { z } from 'zod';
import { answers, isoTime, ok, pagingQueryFields } from '../../contract/wire.js';
import { requireAdmin } from '../../plugins/auth.js';
import type { ModuleDeps } from '../module.js';

export const preorderBookParams = z.object({ id: z.string().min(1).max(100) });
export const preorderBookQuery = z.object({ ...pagingQueryFields });

const bookEntry = z.object({
  orderId: z.string(),
  orderNumber: z.string(),
  customerName: z.string(),
  customerEmail: z.string(),
  quantity: z.number().int(),
  /** pending, completed, failed or refunded: the order's payment. */
  paymentStatus: z.string(),
  status: z.string(),
  releaseDate: z.string(),
  placedAt: isoTime,
});

/** A product's pre-order book: who pre-ordered it, how many, whether they paid; the totals leave cancelled orders out. */
export const preorderBookSchema = z.object({
  productId: z.string(),
  orders: z.array(bookEntry).max(200),
  totals: z.object({ orders: z.number().int(), units: z.number().int(), paidUnits: z.number().int() }),
  page: z.number().int(),
  limit: z.number().int(),
  total: z.number().int(),
  totalPages: z.number().int(),
});
export type PreorderBook = z.infer<typeof preorderBookSchema>;

/** The orders' pre-order lines of one product, newest first, one page; from the orders read model. */
export async function preorderBook(pool: pg.Pool, productId: string, page: number, limit: number): Promise<PreorderBook> {
  const [entries, totals] = await Promise.all([
    pool.query<{
      id: string;
      order_number: string;
      customer_name: string;
      customer_email: string;
      quantity: number;
      payment_status: string;
      status: string;
      release_date: string;
      created_at: Date;
    }>(
      `select o.id, o.order_number, coalesce(nullif(c.full_name, ''), o.customer_name) as customer_name,
              coalesce(nullif(c.email, ''), o.customer_email) as customer_email, i.quantity, o.payment_status, o.status,
              i.release_date::text, o.created_at
         from order_items i join orders o on o.id = i.order_id left join customers c on c.id = o.customer_id
        where i.product_id = $1 and i.release_date is not null
        order by o.created_at desc, o.id limit $2 offset $3`,
      [productId, limit, (page - 1) * limit],
    ),
    pool.query<{ entries: number; orders: number; units: number; paid_units: number }>(
      `select count(*)::int as entries,
              count(*) filter (where o.status <> 'cancelled')::int as orders,
              coalesce(sum(i.quantity) filter (where o.status <> 'cancelled'), 0)::int as units,
              coalesce(sum(i.quantity) filter (where o.status <> 'cancelled' and o.payment_status = 'completed'), 0)::int as paid_units
         from order_items i join orders o on o.id = i.order_id
        where i.product_id = $1 and i.release_date is not null`,
      [productId],
    ),
  ]);
  const t = totals.rows[0]!;
  return {
    productId,
    orders: entries.rows.map((r) => ({
      orderId: r.id,
      orderNumber: r.order_number,
      customerName: r.customer_name,
      customerEmail: r.customer_email,
      quantity: r.quantity,
      paymentStatus: r.payment_status,
      status: r.status,
      releaseDate: r.release_date,
      placedAt: r.created_at.toISOString(),
    })),
    totals: { orders: t.orders, units: t.units, paidUnits: t.paid_units },
    page,
    limit,
    total: t.entries,
    totalPages: Math.ceil(t.entries / limit),
  };
}

/** `GET /api/admin/products/{id}/preorders`: the admin's pre-order book of a product. */
export async function preorderBookApi(app: FastifyInstance, runtime: ModuleDeps): Promise<void> {
  app
    .withTypeProvider<ZodTypeProvider>()
    .get(
      '/admin/products/:id/preorders',
      { onRequest: requireAdmin, schema: { params: preorderBookParams, querystring: preorderBookQuery, response: answers(ok(preorderBookSchema.shape)) } },
      async (request) => ({ success: true, ...(await preorderBook(runtime.pool, request.params.id, request.query.page, request.query.limit)) }),
    );
}
