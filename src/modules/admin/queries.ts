import type pg from 'pg';
import { countsAsRevenueSql, revenueAmountSql, ORDER_SELECT, REVENUE_STATUSES, withDetails, type OrderRow } from '../orders/index.js';

export { REVENUE_STATUSES };
export const PENDING_STATUSES = ['pending', 'placed'];
export const LOW_STOCK_BELOW = 10;

export async function dashboardStats(pool: pg.Pool) {
  const { rows } = await pool.query<{ products: number; low: number; orders: number; revenue: string; pending: number; customers: number }>(
    `select (select count(*)::int from products) as products,
            (select count(*)::int from products where stock_quantity < $2) as low,
            (select count(*)::int from orders) as orders,
            (select coalesce(sum(${revenueAmountSql('o')}), 0)::text from orders o where ${countsAsRevenueSql('o')}) as revenue,
            (select count(*)::int from orders where status = any($1::text[])) as pending,
            (select count(*)::int from customers where role = 'customer') as customers`,
    [PENDING_STATUSES, LOW_STOCK_BELOW],
  );
  const r = rows[0]!;
  return {
    totalProducts: r.products,
    totalOrders: r.orders,
    totalRevenue: Number(r.revenue),
    totalCustomers: r.customers,
    pendingOrders: r.pending,
    lowStockProducts: r.low,
  };
}

export async function adminOrders(pool: pg.Pool, q: { page: number; limit: number; status?: string; search?: string; customerId?: string }) {
  const where: string[] = [];
  const values: unknown[] = [];
  if (q.status) where.push(`o.status = $${values.push(q.status)}`);
  if (q.customerId) where.push(`o.customer_id = $${values.push(q.customerId)}::uuid`);
  if (q.search) {
    const like = `%${q.search.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
    const p = values.push(like);
    where.push(
      `(o.order_number ilike $${p} or o.id ilike $${p} or coalesce(c.full_name, o.customer_name) ilike $${p} or coalesce(c.email, o.customer_email) ilike $${p})`,
    );
  }
  const filter = where.length ? `where ${where.join(' and ')}` : '';
  const count = await pool.query<{ n: number }>(`select count(*)::int as n from orders o left join customers c on c.id = o.customer_id ${filter}`, values);
  const page = await pool.query<OrderRow>(
    `${ORDER_SELECT} ${filter} order by o.created_at desc, o.id limit $${values.length + 1} offset $${values.length + 2}`,
    [...values, q.limit, (q.page - 1) * q.limit],
  );
  const total = count.rows[0]!.n;
  return { orders: await withDetails(pool, page.rows, false), total, page: q.page, limit: q.limit, totalPages: Math.max(1, Math.ceil(total / q.limit)) };
}

export async function adminCustomers(pool: pg.Pool, q: { page: number; limit: number; search?: string; id?: string }) {
  const where = [`c.role = 'customer'`];
  const values: unknown[] = [];
  if (q.id) where.push(`c.id = $${values.push(q.id)}::uuid`);
  if (q.search) {
    const p = values.push(`%${q.search.replace(/[\\%_]/g, (c) => `\\${c}`)}%`);
    where.push(`(c.full_name ilike $${p} or c.email ilike $${p} or c.city ilike $${p})`);
  }
  const filter = `where ${where.join(' and ')}`;
  const total = (await pool.query<{ n: number }>(`select count(*)::int as n from customers c ${filter}`, values)).rows[0]!.n;
  const n = values.length;
  const { rows } = await pool.query<{
    id: string;
    full_name: string;
    email: string;
    phone: string;
    city: string;
    state: string;
    total_orders: number;
    total_spent: string;
    created_at: Date;
  }>(
    `select c.id, c.full_name, c.email, c.phone, c.city, c.state, c.created_at,
            coalesce(s.total_orders, 0)::int as total_orders, coalesce(s.total_spent, 0)::text as total_spent
       from customers c
       left join (select o.customer_id, count(*) as total_orders, sum(${revenueAmountSql('o')}) filter (where ${countsAsRevenueSql('o')}) as total_spent
                    from orders o group by o.customer_id) s on s.customer_id = c.id
       ${filter}
      order by c.created_at desc, c.id
      limit $${n + 1} offset $${n + 2}`,
    [...values, q.limit, (q.page - 1) * q.limit],
  );
  return {
    customers: rows.map((r) => ({ ...r, name: r.full_name, total_spent: Number(r.total_spent), created_at: r.created_at.toISOString() })),
    total,
    page: q.page,
    limit: q.limit,
    totalPages: Math.max(1, Math.ceil(total / q.limit)),
  };
}

/** Charts of the Analytics tab, from the read models; days are counted in India time. */
export async function analytics(pool: pg.Pool, days: number, now = new Date()) {
  const since = new Date(now.getTime() - days * 86_400_000).toISOString();
  const [byDay, byStatus, byPayment, top] = await Promise.all([
    pool.query<{ date: string; orders: number; revenue: string }>(
      `select d::date::text as date, count(o.id)::int as orders,
              coalesce(sum(${revenueAmountSql('o')}) filter (where ${countsAsRevenueSql('o')}), 0)::text as revenue
         from generate_series(($1::timestamptz at time zone 'Asia/Kolkata')::date, ($2::timestamptz at time zone 'Asia/Kolkata')::date, interval '1 day') d
         left join orders o on (o.created_at at time zone 'Asia/Kolkata')::date = d::date
        group by d order by d`,
      [since, now.toISOString()],
    ),
    pool.query<{ status: string; count: number }>('select status, count(*)::int as count from orders group by status order by status'),
    pool.query<{ method: string; status: string; count: number }>(
      'select payment_method as method, payment_status as status, count(*)::int as count from orders group by 1, 2 order by 1, 2',
    ),
    pool.query<{ productId: string; name: string; quantity: number; revenue: string }>(
      `select i.product_id as "productId", max(i.name) as name, sum(i.quantity)::int as quantity, sum(i.price * i.quantity)::text as revenue
         from order_items i join orders o on o.id = i.order_id
        where o.status <> 'cancelled' and o.created_at >= $1
        group by i.product_id order by sum(i.quantity) desc, i.product_id limit 10`,
      [since],
    ),
  ]);
  return {
    days,
    revenueByDay: byDay.rows.map((r) => ({ date: r.date, orders: r.orders, revenue: Number(r.revenue) })),
    statusBreakdown: byStatus.rows,
    paymentBreakdown: byPayment.rows,
    topProducts: top.rows.map((r) => ({ ...r, revenue: Number(r.revenue) })),
  };
}
