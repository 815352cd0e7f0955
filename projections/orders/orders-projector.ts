import type pg from 'pg';
import type { RecordedEvent } from '../../src/core/event-store.js';
import { ORDER_EVENT_TYPES, type OrderEvent } from '../../src/modules/orders/events.js';
import { layersBy, ofType } from '../layers.js';
import { eraseFrom, holdingPersonalData } from '../personal-data-erased.js';
import { batchProjector } from '../projector.js';

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
 * The orders projector, set-based: a few statements per layer (each layer holds at most one event per order) instead
 * of one or two per event. A single event is a batch of one.
 */
async function applyOrders(client: pg.PoolClient, events: RecordedEvent[]): Promise<void> {
  for (const layer of layersBy(events, (e) => (e.data as { orderId: string }).orderId)) {
    const placed = ofType<DataOf<'OrderPlaced'>>(layer, 'OrderPlaced');
    if (placed.length > 0) {
      await client.query(
        `with r as (
           select * from jsonb_to_recordset($1::jsonb) as r("orderId" text, "orderNumber" text, "customerId" uuid, "customerName" text,
             "customerEmail" text, "paymentMethod" text, "subtotalPaise" bigint, "shippingPaise" bigint, "totalPaise" bigint,
             "shippingAddress" jsonb, at timestamptz, items jsonb, "discountPaise" bigint, "couponCode" text, "codNewAccount" boolean)),
         inserted as (
           insert into orders (id, order_number, customer_id, customer_name, customer_email, status, payment_status, payment_method,
             subtotal, shipping, total_amount, shipping_address, created_at, updated_at, discount, coupon_code, cod_new_account)
           select "orderId", "orderNumber", "customerId", "customerName", "customerEmail", 'pending', 'pending', "paymentMethod",
             "subtotalPaise"::numeric / 100, "shippingPaise"::numeric / 100, "totalPaise"::numeric / 100, "shippingAddress", at, at,
             coalesce("discountPaise", 0)::numeric / 100, "couponCode", coalesce("codNewAccount", false)
             from r
           on conflict (id) do nothing
           returning id)
         insert into order_items (order_id, line_no, product_id, name, image, category, price, quantity, discount, release_date)
         select r."orderId", i."lineNo", i."productId", i.name, i.image, i.category, i."unitPricePaise"::numeric / 100, i.quantity,
                coalesce(i."discountPaise", 0)::numeric / 100, i."releaseDate"
           from r join inserted on inserted.id = r."orderId",
                jsonb_to_recordset(r.items) as i("lineNo" int, "productId" text, name text, image text, category text, "unitPricePaise" bigint,
                  quantity int, "discountPaise" bigint, "releaseDate" date)`,
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
    // The order keeps counting, less what its returns refunded (projections/returns keeps the returns themselves).
    await updateOrders(
      client,
      ofType<DataOf<'ReturnRefunded'>>(layer, 'ReturnRefunded').map((d) => ({ id: d.orderId, at: d.at, amount: d.amountPaise })),
      { ...byId, amount: 'bigint' },
      `returned_amount = o.returned_amount + u.amount::numeric / 100, updated_at = u.at`,
    );
  }
}

/**
 * orders + order_items: one row per live order (deleted orders leave it; the log keeps them). Amounts arrive in
 * paise and are stored as numeric rupees (exact division); every time comes from the event, so a replay is identical.
 */
export const ordersProjector = holdingPersonalData(
  eraseFrom.orders,
  batchProjector({ name: 'orders', handles: ORDER_EVENT_TYPES, tables: ['order_items', 'orders'], applyMany: applyOrders }),
);
