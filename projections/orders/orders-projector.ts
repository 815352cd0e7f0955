import type { OrderEvent } from '../../src/modules/orders/events.js';
import { ORDER_EVENT_TYPES } from '../../src/modules/orders/events.js';
import { applyOrdersMany } from './orders-apply-many.js';
import { eraseFrom, holdingPersonalData } from '../personal-data-erased.js';

/**
 * orders + order_items: one row per live order (deleted orders leave it; the log keeps them). Amounts arrive in
 * paise and are stored as numeric rupees (exact division); every time comes from the event, so a replay is identical.
 */
export const ordersProjector = holdingPersonalData(eraseFrom.orders, {
  name: 'orders',
  handles: ORDER_EVENT_TYPES,
  tables: ['order_items', 'orders'],
  applyMany: applyOrdersMany,
  async apply(client, recorded) {
    const event = recorded as unknown as OrderEvent;
    switch (event.type) {
      case 'OrderPlaced': {
        const d = event.data;
        const inserted = await client.query(
          `insert into orders (id, order_number, customer_id, customer_name, customer_email, status, payment_status, payment_method,
             subtotal, shipping, total_amount, shipping_address, created_at, updated_at, discount, coupon_code)
           values ($1, $2, $3, $4, $5, 'pending', 'pending', $6, $7::numeric / 100, $8::numeric / 100, $9::numeric / 100, $10, $11, $11,
             $12::numeric / 100, $13)
           on conflict (id) do nothing`,
          [
            d.orderId,
            d.orderNumber,
            d.customerId,
            d.customerName,
            d.customerEmail,
            d.paymentMethod,
            d.subtotalPaise,
            d.shippingPaise,
            d.totalPaise,
            JSON.stringify(d.shippingAddress),
            d.at,
            d.discountPaise ?? 0,
            d.couponCode ?? null,
          ],
        );
        if (inserted.rowCount === 0) return;
        await client.query(
          `insert into order_items (order_id, line_no, product_id, name, image, category, price, quantity, discount)
           select $1, u.line_no, u.product_id, u.name, u.image, u.category, u.price::numeric / 100, u.quantity, u.discount::numeric / 100
             from unnest($2::int[], $3::text[], $4::text[], $5::text[], $6::text[], $7::bigint[], $8::int[], $9::bigint[])
               as u(line_no, product_id, name, image, category, price, quantity, discount)`,
          [
            d.orderId,
            d.items.map((i) => i.lineNo),
            d.items.map((i) => i.productId),
            d.items.map((i) => i.name),
            d.items.map((i) => i.image),
            d.items.map((i) => i.category),
            d.items.map((i) => i.unitPricePaise),
            d.items.map((i) => i.quantity),
            d.items.map((i) => i.discountPaise ?? 0),
          ],
        );
        return;
      }
      case 'OrderConfirmed':
        // A refunded cash-on-delivery order confirmed again is owed afresh (as the write side folds it).
        await client.query(
          `update orders set status = 'confirmed', updated_at = $2,
             payment_status = case when payment_method = 'cod' and payment_status = 'refunded' then 'pending' else payment_status end
           where id = $1`,
          [event.data.orderId, event.data.at],
        );
        return;
      case 'OrderStatusChanged': {
        const d = event.data;
        await client.query(
          `update orders set status = $2, tracking_number = coalesce($3, tracking_number),
             expired_at = case when $2 = 'cancelled' then expired_at else null end,
             estimated_delivery = coalesce($4::timestamptz, estimated_delivery), actual_delivery = coalesce($5::timestamptz, actual_delivery),
             updated_at = $6 where id = $1`,
          [d.orderId, d.to, d.trackingNumber ?? null, d.estimatedDelivery ?? null, d.actualDelivery ?? null, d.at],
        );
        return;
      }
      case 'OrderExpired':
        await client.query(`update orders set status = 'cancelled', expired_at = $2, updated_at = $2 where id = $1`, [event.data.orderId, event.data.at]);
        return;
      case 'ShipmentTracked':
        return; // the timeline is read from the order's own events; delivery and return come as OrderStatusChanged
      case 'OrderDeleted':
        await client.query('delete from orders where id = $1', [event.data.orderId]);
        return;
      case 'PaymentOrderCreated':
        await client.query('update orders set razorpay_order_id = $2, updated_at = $3 where id = $1', [
          event.data.orderId,
          event.data.providerOrderId,
          event.data.at,
        ]);
        return;
      case 'PaymentConfirmed':
        await client.query(`update orders set payment_status = 'completed', razorpay_payment_id = $2, updated_at = $3 where id = $1`, [
          event.data.orderId,
          event.data.paymentId,
          event.data.at,
        ]);
        return;
      case 'PaymentFailed':
        await client.query(`update orders set payment_status = 'failed', updated_at = $2 where id = $1`, [event.data.orderId, event.data.at]);
        return;
      case 'CashCollected':
        await client.query(`update orders set payment_status = 'completed', updated_at = $2 where id = $1`, [event.data.orderId, event.data.at]);
        return;
      case 'PaymentRefunded':
        await client.query(`update orders set payment_status = 'refunded', updated_at = $2 where id = $1`, [event.data.orderId, event.data.at]);
        return;
      case 'ReturnRefunded':
        // The order keeps counting, less what its returns refunded (the returns read model keeps the rest).
        await client.query(`update orders set returned_amount = returned_amount + $2::numeric / 100, updated_at = $3 where id = $1`, [
          event.data.orderId,
          event.data.amountPaise,
          event.data.at,
        ]);
        return;
      case 'ReturnRequested':
      case 'ReturnApproved':
      case 'ReturnRejected':
      case 'ReturnReceived':
        return; // projections/returns
      default: {
        const exhaustive: never = event;
        return exhaustive;
      }
    }
  },
});
