import type { RecordedEvent } from '../../src/core/event-store.js';
import type { OrderEvent } from '../../src/modules/orders/events.js';
import type { UpiPayoutEvent } from '../../src/modules/payments/events.js';
import type { Projector } from '../projector.js';
import { holdingPersonalData } from '../personal-data-erased.js';

export const RETURN_EVENT_TYPES = ['ReturnRequested', 'ReturnApproved', 'ReturnRejected', 'ReturnReceived', 'ReturnRefunded'] as const;
/** A UPI refund's payout (its own stream per return): pending while an attempt is asked for or in flight, then paid or failed. */
export const PAYOUT_EVENT_TYPES = ['UpiPayoutRequested', 'UpiPayoutRetryRequested', 'UpiPayoutIssued', 'UpiPayoutFailed'] as const;

type Client = Parameters<Projector['apply']>[0];

/**
 * order_returns: one row per return, for the shopper's order page and the admin's Returns view. Amounts arrive in
 * paise and are stored as numeric rupees; times come from the events (each return's own), so a replay is identical.
 * An erased shopper's returns keep their amounts and lose the UPI id (the admin list takes the buyer's name from the
 * orders read model, which erases it).
 */
export const returnsProjector = holdingPersonalData(
  async (client: Pick<Client, 'query'>, recorded: RecordedEvent) => {
    await client.query(`update order_returns set upi_id = '' where customer_id = $1 and upi_id is not null`, [
      (recorded.data as { customerId: string }).customerId,
    ]);
  },
  {
    name: 'returns',
    handles: [...RETURN_EVENT_TYPES, ...PAYOUT_EVENT_TYPES],
    tables: ['order_returns'],
    async apply(client, recorded) {
      const event = recorded as unknown as OrderEvent | UpiPayoutEvent;
      switch (event.type) {
        case 'ReturnRequested': {
          const d = event.data;
          const refund = d.items.reduce((s, i) => s + i.refundPaise, 0);
          await client.query(
            `insert into order_returns (return_id, order_id, order_number, customer_id, status, items, reason, refund_to, upi_id, refund_amount,
               requested_at, updated_at)
             values ($1, $2, $3, $4, 'requested', $5, $6, $7, $8, $9::numeric / 100, $10, $10)
             on conflict (return_id) do nothing`,
            [d.returnId, d.orderId, d.orderNumber, d.customerId, JSON.stringify(d.items), d.reason, d.refundTo, d.upiId ?? null, refund, d.at],
          );
          return;
        }
        case 'ReturnApproved':
          await client.query(`update order_returns set status = 'approved', pickup_awb = $2, courier = $3, updated_at = $4 where return_id = $1`, [
            event.data.returnId,
            event.data.pickupAwb,
            event.data.courier,
            event.data.at,
          ]);
          return;
        case 'ReturnRejected':
          await client.query(`update order_returns set status = 'rejected', rejection_reason = $2, updated_at = $3 where return_id = $1`, [
            event.data.returnId,
            event.data.reason,
            event.data.at,
          ]);
          return;
        case 'ReturnReceived':
          await client.query(`update order_returns set status = 'received', received_items = $2, updated_at = $3 where return_id = $1`, [
            event.data.returnId,
            JSON.stringify(event.data.items),
            event.data.at,
          ]);
          return;
        case 'ReturnRefunded':
          // A refund to a UPI id is paid out next: pending until its payout is issued or fails.
          await client.query(
            `update order_returns set status = 'refunded', refunded_amount = $2::numeric / 100, updated_at = $3,
               payout_status = case when $4 = 'upi' then coalesce(payout_status, 'pending') else payout_status end
             where return_id = $1`,
            [event.data.returnId, event.data.amountPaise, event.data.at, event.data.to],
          );
          return;
        case 'UpiPayoutRequested':
        case 'UpiPayoutRetryRequested':
          await client.query(`update order_returns set payout_status = 'pending', payout_reference = null, payout_reason = null where return_id = $1`, [
            event.data.returnId,
          ]);
          return;
        case 'UpiPayoutIssued':
          await client.query(`update order_returns set payout_status = 'paid', payout_reference = $2, payout_reason = null where return_id = $1`, [
            event.data.returnId,
            event.data.payoutId,
          ]);
          return;
        case 'UpiPayoutFailed':
          await client.query(`update order_returns set payout_status = 'failed', payout_reference = null, payout_reason = $2 where return_id = $1`, [
            event.data.returnId,
            event.data.reason,
          ]);
          return;
        default:
          return;
      }
    },
  },
);
