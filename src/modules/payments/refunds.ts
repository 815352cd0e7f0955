import { randomUUID } from 'node:crypto';
import { WrongExpectedVersionError } from '../../core/errors.js';
import { START, type RecordedEvent, type Subscription } from '../../core/event-store.js';
import type { ModuleDeps } from '../module.js';
import type { PaymentProvider } from './provider.js';

/** One stream per refunded payment: claiming it with no_stream makes exactly one instance call the refund API. */
export const refundStream = (paymentId: string) => `razorpay-refund-${paymentId}`;
/** A return refunds part of a payment: one stream per return, so each return's refund is carried out once. */
const returnRefundStream = (paymentId: string, returnId: string) => `razorpay-refund-${paymentId}-return-${returnId}`;

const meta = () => ({ correlationId: randomUUID(), userId: null, timestamp: new Date().toISOString() });

/**
 * With real Razorpay keys, a PaymentRefunded (an admin cancelled a paid order) is carried out through Razorpay's
 * refund API. It follows the whole log, so refunds decided while no instance ran are issued at the next start.
 */
export function startRefunds(runtime: ModuleDeps, provider: PaymentProvider): Subscription {
  return runtime.store.subscribe({
    from: START,
    onEvents: async (events: RecordedEvent[]) => {
      for (const event of events) {
        // A return refunded to the original payment is a partial refund of it; a UPI refund is paid out by the shop.
        const isReturn = event.type === 'ReturnRefunded' && typeof (event.data as { paymentId?: string }).paymentId === 'string';
        if (event.type !== 'PaymentRefunded' && !isReturn) continue;
        const d = event.data as { orderId: string; paymentId: string; amountPaise: number };
        const stream = isReturn ? returnRefundStream(d.paymentId, (event.data as { returnId: string }).returnId) : refundStream(d.paymentId);
        const at = new Date().toISOString();
        try {
          await runtime.store.append(stream, [{ type: 'RazorpayRefundRequested', data: { ...d, at }, metadata: meta() }], {
            expectedVersion: 'no_stream',
          });
        } catch (error) {
          if (error instanceof WrongExpectedVersionError) continue; // already handled (here or by another instance)
          throw error;
        }
        try {
          const refund = await provider.refund({ paymentId: d.paymentId, amountPaise: d.amountPaise, orderId: d.orderId });
          await runtime.store.append(
            stream,
            [
              {
                type: 'RazorpayRefundIssued',
                data: { orderId: d.orderId, paymentId: d.paymentId, refundId: refund?.id ?? 'unknown', at: new Date().toISOString() },
                metadata: meta(),
              },
            ],
            { expectedVersion: 0 },
          );
        } catch (error) {
          runtime.log.error({ err: error, orderId: d.orderId }, 'Razorpay refund failed');
          await runtime.store
            .append(
              stream,
              [
                {
                  type: 'RazorpayRefundFailed',
                  data: { orderId: d.orderId, paymentId: d.paymentId, reason: (error as Error).message ?? 'refund failed', at: new Date().toISOString() },
                  metadata: meta(),
                },
              ],
              { expectedVersion: 0 },
            )
            .catch(() => undefined);
        }
      }
    },
    onError: (error) => runtime.log.warn({ err: error }, 'refund subscription error'),
  });
}
