import type pg from 'pg';
import { EXPIRY_MINUTES } from './decide.js';
import type { OrderStatus } from './order.js';

/** Read side of orders: rows of the orders read model shaped as the storefront and admin specs read them. */
export interface OrderRow {
  id: string;
  order_number: string;
  customer_id: string;
  customer_name: string;
  customer_email: string;
  /** The projector writes only the statuses the order events carry. */
  status: OrderStatus;
  payment_status: string;
  payment_method: string;
  subtotal: string;
  discount: string;
  coupon_code: string | null;
  shipping: string;
  total_amount: string;
  shipping_address: { name: string; address: string; addressLine2: string; city: string; state: string; pincode: string; phone: string };
  razorpay_order_id: string | null;
  razorpay_payment_id: string | null;
  tracking_number: string | null;
  estimated_delivery: Date | null;
  actual_delivery: Date | null;
  expired_at: Date | null;
  created_at: Date;
  updated_at: Date;
}

interface ItemRow {
  order_id: string;
  line_no: number;
  product_id: string;
  name: string;
  image: string;
  category: string;
  price: string;
  quantity: number;
  discount: string;
}

interface ReviewRow {
  id: string;
  product_id: string;
  user_id: string;
  rating: number;
  comment: string;
  created_at: Date;
}

const iso = (d: Date | null) => (d ? d.toISOString() : null);

/** An online order not yet paid can be paid (again) until this moment; then the expiry timer cancels it. */
function paymentDeadline(row: OrderRow): string | null {
  const awaiting =
    row.payment_method === 'razorpay' &&
    (row.status === 'pending' || row.status === 'placed') &&
    (row.payment_status === 'pending' || row.payment_status === 'failed');
  return awaiting ? new Date(row.created_at.getTime() + EXPIRY_MINUTES * 60_000).toISOString() : null;
}

export function toOrderDto(row: OrderRow, items: ItemRow[], reviews: ReviewRow[]) {
  const a = row.shipping_address;
  const total = Number(row.total_amount);
  return {
    id: row.id,
    orderNumber: row.order_number,
    status: row.status,
    paymentStatus: row.payment_status,
    paymentMethod: row.payment_method,
    payment_method: row.payment_method,
    subtotal: Number(row.subtotal),
    discount: Number(row.discount),
    couponCode: row.coupon_code,
    shipping: Number(row.shipping),
    totalAmount: total,
    total_amount: total,
    created_at: row.created_at.toISOString(),
    updated_at: row.updated_at.toISOString(),
    customer_id: row.customer_id,
    customer_name: row.customer_name,
    customer_email: row.customer_email,
    items: items.map((i) => ({
      id: `${i.order_id}-${i.line_no}`,
      productId: i.product_id,
      name: i.name,
      image: i.image,
      category: i.category,
      price: Number(i.price),
      quantity: i.quantity,
      discount: Number(i.discount),
    })),
    shippingAddress: {
      name: a.name,
      address: a.address,
      addressLine1: a.address,
      addressLine2: a.addressLine2,
      city: a.city,
      state: a.state,
      pincode: a.pincode,
      phone: a.phone,
    },
    razorpayOrderId: row.razorpay_order_id,
    razorpayPaymentId: row.razorpay_payment_id,
    trackingNumber: row.tracking_number,
    estimatedDelivery: iso(row.estimated_delivery),
    actualDelivery: iso(row.actual_delivery),
    /** Unpaid online order: "Pay now" until then. */
    paymentExpiresAt: paymentDeadline(row),
    /** The order was cancelled because its payment did not arrive in time. */
    expiredAt: iso(row.expired_at),
    reviews: reviews.map((r) => ({ id: r.id, productId: r.product_id, rating: r.rating, comment: r.comment, createdAt: r.created_at.toISOString() })),
  };
}
export type OrderDto = ReturnType<typeof toOrderDto>;

const ORDER_COLUMNS = `o.id, o.order_number, o.customer_id, coalesce(nullif(c.full_name, ''), o.customer_name) as customer_name,
  coalesce(nullif(c.email, ''), o.customer_email) as customer_email, o.status, o.payment_status, o.payment_method,
  o.subtotal::text, o.discount::text, o.coupon_code, o.shipping::text, o.total_amount::text, o.shipping_address, o.razorpay_order_id, o.razorpay_payment_id,
  o.tracking_number, o.estimated_delivery, o.actual_delivery, o.expired_at, o.created_at, o.updated_at`;
export const ORDER_SELECT = `select ${ORDER_COLUMNS} from orders o left join customers c on c.id = o.customer_id`;

/** Orders with their items and (the owner's) reviews of their products, in the order of `rows`. */
export async function withDetails(db: pg.Pool | pg.PoolClient, rows: OrderRow[], includeReviews = true) {
  if (rows.length === 0) return [];
  const ids = rows.map((r) => r.id);
  const items = await db.query<ItemRow>(
    'select order_id, line_no, product_id, name, image, category, price::text, quantity, discount::text from order_items where order_id = any($1::text[]) order by order_id, line_no',
    [ids],
  );
  const itemsByOrder = new Map<string, ItemRow[]>();
  for (const item of items.rows) itemsByOrder.set(item.order_id, [...(itemsByOrder.get(item.order_id) ?? []), item]);
  let reviews: ReviewRow[] = [];
  if (includeReviews) {
    const customers = [...new Set(rows.map((r) => r.customer_id))];
    const products = [...new Set(items.rows.map((i) => i.product_id))];
    reviews = (
      await db.query<ReviewRow>(
        'select id, product_id, user_id, rating, comment, created_at from product_reviews where user_id = any($1::uuid[]) and product_id = any($2::text[])',
        [customers, products],
      )
    ).rows;
  }
  return rows.map((row) => {
    const lines = itemsByOrder.get(row.id) ?? [];
    const productIds = new Set(lines.map((l) => l.product_id));
    return toOrderDto(
      row,
      lines,
      reviews.filter((r) => r.user_id === row.customer_id && productIds.has(r.product_id)),
    );
  });
}

export async function findOrder(db: pg.Pool, orderId: string): Promise<OrderDto | null> {
  const { rows } = await db.query<OrderRow>(`${ORDER_SELECT} where o.id = $1`, [orderId]);
  const [dto] = await withDetails(db, rows);
  return dto ?? null;
}

export async function ordersOfCustomer(db: pg.Pool, customerId: string, limit = 200): Promise<OrderDto[]> {
  const { rows } = await db.query<OrderRow>(`${ORDER_SELECT} where o.customer_id = $1 order by o.created_at desc, o.id limit $2`, [customerId, limit]);
  return withDetails(db, rows);
}
