import type pg from 'pg';
import type { RecordedEvent } from '../../src/core/event-store.js';
import type { OrderEvent } from '../../src/modules/orders/events.js';
import { layersBy, ofType } from '../layers.js';

type DataOf<K extends OrderEvent['type']> = Extract<OrderEvent, { type: K }>['data'];

/** Sets `assignments` (over u.*) on the orders named in `rows`, one statement; u.id and u.at always exist. */
async function updateOrders(client: pg.PoolClient, rows: Record<string, unknown>[], columns: Record<string, string>, assignments: string): Promise<void> {
  if (rows.length === 0) return;
  const names = Object.keys(columns);
  await client.query(
    `update orders o set ${assignments}
       from unnest(${names.map((n, i) => `$${i + 1}::${columns[n]}[]`).join(', ')}) as u(${names.join(', ')})
      where o.id = u.id`,
    names.map((n) => rows.map((r) => r[n] ?? null)),
  );
}

/**
 * The orders projector's set-based batch: the same rows as `apply` on each event in turn (proved by
 * projections/replay.int.spec.ts), in a few statements per layer instead of one or two per event.
 */
export async function applyOrdersMany(client: pg.PoolClient, events: RecordedEvent[]): Promise<void> {
  for (const layer of layersBy(events, (e) => (e.data as { orderId: string }).orderId)) {
    const placed = ofType<DataOf<'OrderPlaced'>>(layer, 'OrderPlaced');
    if (placed.length > 0) {
      await client.query(
        `with r as (
           select * from jsonb_to_recordset($1::jsonb) as r("orderId" text, "orderNumber" text, "customerId" uuid, "customerName" text,
             "customerEmail" text, "paymentMethod" text, "subtotalPaise" bigint, "shippingPaise" bigint, "totalPaise" bigint,
             "shippingAddress" jsonb, at timestamptz, items jsonb, "discountPaise" bigint, "couponCode" text)),
         inserted as (
           insert into orders (id, order_number, customer_id, customer_name, customer_email, status, payment_status, payment_method,
             subtotal, shipping, total_amount, shipping_address, created_at, updated_at, discount, coupon_code)
           select "orderId", "orderNumber", "customerId", "customerName", "customerEmail", 'pending', 'pending', "paymentMethod",
             "subtotalPaise"::numeric / 100, "shippingPaise"::numeric / 100, "totalPaise"::numeric / 100, "shippingAddress", at, at,
             coalesce("discountPaise", 0)::numeric / 100, "couponCode"
             from r
           on conflict (id) do nothing
           returning id)
         insert into order_items (order_id, line_no, product_id, name, image, category, price, quantity, discount)
         select r."orderId", i."lineNo", i."productId", i.name, i.image, i.category, i."unitPricePaise"::numeric / 100, i.quantity,
                coalesce(i."discountPaise", 0)::numeric / 100
           from r join inserted on inserted.id = r."orderId",
                jsonb_to_recordset(r.items) as i("lineNo" int, "productId" text, name text, image text, category text, "unitPricePaise" bigint,
                  quantity int, "discountPaise" bigint)`,
        // The events' data as they are: jsonb_to_recordset reads the fields it names and passes over the others.
        [JSON.stringify(placed)],
      );
    }
    const byId = { id: 'text', at: 'timestamptz' };
    await updateOrders(
      client,
      ofType<DataOf<'OrderConfirmed'>>(layer, 'OrderConfirmed').map((d) => ({ id: d.orderId, at: d.at })),
      byId,
      `status = 'confirmed', payment_status = case when o.payment_method = 'cod' and o.payment_status = 'refunded' then 'pending' else o.payment_status end, updated_at = u.at`,
    );
    await updateOrders(
      client,
      ofType<DataOf<'OrderStatusChanged'>>(layer, 'OrderStatusChanged').map((d) => ({
        id: d.orderId,
        at: d.at,
        next: d.to,
        tracking: d.trackingNumber,
        estimated: d.estimatedDelivery,
        actual: d.actualDelivery,
      })),
      { ...byId, next: 'text', tracking: 'text', estimated: 'timestamptz', actual: 'timestamptz' },
      `status = u.next, tracking_number = coalesce(u.tracking, o.tracking_number),
       expired_at = case when u.next = 'cancelled' then o.expired_at else null end,
       estimated_delivery = coalesce(u.estimated, o.estimated_delivery), actual_delivery = coalesce(u.actual, o.actual_delivery), updated_at = u.at`,
    );
    await updateOrders(
      client,
      ofType<DataOf<'OrderExpired'>>(layer, 'OrderExpired').map((d) => ({ id: d.orderId, at: d.at })),
      byId,
      `status = 'cancelled', expired_at = u.at, updated_at = u.at`,
    );
    const deleted = ofType<DataOf<'OrderDeleted'>>(layer, 'OrderDeleted').map((d) => d.orderId);
    if (deleted.length > 0) await client.query('delete from orders where id = any($1::text[])', [deleted]);
    await updateOrders(
      client,
      ofType<DataOf<'PaymentOrderCreated'>>(layer, 'PaymentOrderCreated').map((d) => ({ id: d.orderId, at: d.at, provider: d.providerOrderId })),
      { ...byId, provider: 'text' },
      'razorpay_order_id = u.provider, updated_at = u.at',
    );
    await updateOrders(
      client,
      ofType<DataOf<'PaymentConfirmed'>>(layer, 'PaymentConfirmed').map((d) => ({ id: d.orderId, at: d.at, payment: d.paymentId })),
      { ...byId, payment: 'text' },
      `payment_status = 'completed', razorpay_payment_id = u.payment, updated_at = u.at`,
    );
    await updateOrders(
      client,
      ofType<DataOf<'PaymentFailed'>>(layer, 'PaymentFailed').map((d) => ({ id: d.orderId, at: d.at })),
      byId,
      `payment_status = 'failed', updated_at = u.at`,
    );
    await updateOrders(
      client,
      ofType<DataOf<'CashCollected'>>(layer, 'CashCollected').map((d) => ({ id: d.orderId, at: d.at })),
      byId,
      `payment_status = 'completed', updated_at = u.at`,
    );
    await updateOrders(
      client,
      ofType<DataOf<'PaymentRefunded'>>(layer, 'PaymentRefunded').map((d) => ({ id: d.orderId, at: d.at })),
      byId,
      `payment_status = 'refunded', updated_at = u.at`,
    );
    await updateOrders(
      client,
      ofType<DataOf<'ReturnRefunded'>>(layer, 'ReturnRefunded').map((d) => ({ id: d.orderId, at: d.at, amount: d.amountPaise })),
      { ...byId, amount: 'bigint' },
      `returned_amount = o.returned_amount + u.amount::numeric / 100, updated_at = u.at`,
    );
  }
}
