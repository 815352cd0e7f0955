import { randomUUID } from 'node:crypto';
import { WrongExpectedVersionError } from '../../core/errors.js';
import { START, type RecordedEvent, type Subscription } from '../../core/event-store.js';
import type { ModuleDeps } from '../module.js';
import type { PaymentProvider } from './provider.js';

/** One stream per refunded payment: claiming it with no_stream makes exactly one instance call the refund API. */
export const refundStream = (paymentId: string) => `razorpay-refund-${paymentId}`;

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
        if (event.type !== 'PaymentRefunded') continue;
        const d = event.data as { orderId: string; paymentId: string; amountPaise: number };
        const at = new Date().toISOString();
        try {
          await runtime.store.append(refundStream(d.paymentId), [{ type: 'RazorpayRefundRequested', data: { ...d, at }, metadata: meta() }], {
            expectedVersion: 'no_stream',
          });
        } catch (error) {
          if (error instanceof WrongExpectedVersionError) continue; // already handled (here or by another instance)
          throw error;
        }
        try {
          const refund = await provider.refund({ paymentId: d.paymentId, amountPaise: d.amountPaise, orderId: d.orderId });
          await runtime.store.append(
            refundStream(d.paymentId),
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
              refundStream(d.paymentId),
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
