import { randomUUID } from 'node:crypto';
import { ValidationError, WrongExpectedVersionError } from '../../core/errors.js';
import type { StreamWrite } from '../../core/event-store.js';
import type { ModuleDeps } from '../module.js';
import { loadOrder, orderIdOfProviderOrder, runOrderCommand, settled, toPaise } from '../orders/index.js';
import type { PaymentProvider } from './provider.js';
import { paymentSignature, signaturesMatch } from './signature.js';

/** One stream per webhook delivery id: claiming it with no_stream in the same append as its effect de-duplicates. */
export const webhookStream = (eventId: string) => `razorpay-webhook-${eventId}`;

const FAILED = 'Payment verification failed';

export function orderIdForProviderOrder(runtime: ModuleDeps, providerOrderId: string): Promise<string | null> {
  return orderIdOfProviderOrder(runtime.pool, providerOrderId);
}

/** Opens (or reopens, on a retry) the provider order for the order's own total. */
export async function createPaymentOrder(
  runtime: ModuleDeps,
  provider: PaymentProvider,
  input: { orderId: string; amount?: number; userId: string; correlationId: string },
) {
  const { state } = await loadOrder(runtime.store, input.orderId);
  // runOrderCommand re-checks everything (owner, method, paid, amount) against the latest stream.
  const order = state.status === 'active' ? state.order : null;
  const amountPaise = input.amount === undefined ? (order?.totalPaise ?? 0) : toPaise(input.amount);
  let providerOrderId = order?.providerOrderId ?? null;
  if (!providerOrderId && order && order.customerId === input.userId && amountPaise === order.totalPaise && order.paymentMethod === 'razorpay') {
    providerOrderId = (await provider.createOrder({ amountPaise, receipt: input.orderId })).id;
  }
  const now = new Date();
  const { state: after, result } = await runOrderCommand(
    runtime.store,
    input.orderId,
    {
      type: 'RecordPaymentOrder',
      data: { providerOrderId: providerOrderId ?? 'none', amountPaise, provider: provider.kind, by: input.userId, at: now.toISOString() },
    },
    { userId: input.userId, correlationId: input.correlationId, now },
  );
  await settled(runtime, result);
  if (after.status !== 'active' || !after.order.providerOrderId) throw new ValidationError('Failed to create payment order');
  return { providerOrderId: after.order.providerOrderId, amountPaise: after.order.totalPaise };
}

/**
 * verify-payment: the signature is checked against the provider order id stored with the order (never the echoed
 * one); success confirms the payment once per payment id; a bad signature changes nothing.
 */
export async function verifyPayment(
  runtime: ModuleDeps,
  provider: PaymentProvider,
  input: { providerOrderId: string; paymentId: string; signature: string; orderId?: string; user: { id: string; role: string }; correlationId: string },
) {
  const orderId = input.orderId || (await orderIdForProviderOrder(runtime, input.providerOrderId));
  if (!orderId) throw new ValidationError(FAILED);
  const { state } = await loadOrder(runtime.store, orderId);
  if (state.status !== 'active') throw new ValidationError(FAILED);
  const order = state.order;
  if (order.customerId !== input.user.id && input.user.role !== 'admin') throw new ValidationError(FAILED);
  const stored = order.providerOrderId;
  if (!stored || stored !== input.providerOrderId) throw new ValidationError(FAILED);
  if (!signaturesMatch(paymentSignature(stored, input.paymentId, provider.keySecret), input.signature)) throw new ValidationError(FAILED);
  const now = new Date();
  const { result, state: after } = await runOrderCommand(
    runtime.store,
    orderId,
    {
      type: 'ConfirmPayment',
      data: { providerOrderId: stored, paymentId: input.paymentId, amountPaise: order.totalPaise, via: 'verify', by: input.user.id, at: now.toISOString() },
    },
    { userId: input.user.id, correlationId: input.correlationId, now },
  );
  await settled(runtime, result);
  return { orderId, paymentStatus: after.status === 'active' ? after.order.paymentStatus : 'pending' };
}

export type WebhookOutcome = { status: 'processed' | 'duplicate' | 'ignored'; orderId: string | null; reason?: string };

/** Applies one verified webhook delivery: payment.captured / order.paid confirm, payment.failed fails; once per event id. */
export async function applyWebhook(
  runtime: ModuleDeps,
  delivery: {
    eventId: string | null;
    event: string;
    providerOrderId: string | null;
    receipt: string | null;
    paymentId: string | null;
    amountPaise: number | null;
    reason: string | null;
  },
): Promise<WebhookOutcome> {
  const now = new Date();
  const at = now.toISOString();
  if (delivery.eventId && (await runtime.store.readStream(webhookStream(delivery.eventId))).length > 0) return { status: 'duplicate', orderId: null };
  let orderId = delivery.receipt && (await loadOrder(runtime.store, delivery.receipt)).state.status !== 'none' ? delivery.receipt : null;
  if (!orderId && delivery.providerOrderId) orderId = await orderIdForProviderOrder(runtime, delivery.providerOrderId);
  const dedup: StreamWrite[] = delivery.eventId
    ? [
        {
          streamId: webhookStream(delivery.eventId),
          expectedVersion: 'no_stream',
          events: [
            {
              type: 'RazorpayWebhookProcessed',
              data: { eventId: delivery.eventId, event: delivery.event, orderId, at },
              metadata: { correlationId: randomUUID(), userId: null, timestamp: at },
            },
          ],
        },
      ]
    : [];
  const context = { userId: null, correlationId: delivery.eventId ?? randomUUID(), now };
  /** Runs the delivery's order command in one append with its de-duplication claim and waits for the read models. */
  const apply = async (id: string, command: Parameters<typeof runOrderCommand>[2], unchanged: string): Promise<WebhookOutcome> => {
    const { events, result } = await runOrderCommand(runtime.store, id, command, context, dedup);
    await settled(runtime, result);
    return events.length > 0 ? { status: 'processed', orderId: id } : { status: 'ignored', orderId: id, reason: unchanged };
  };
  let outcome: WebhookOutcome = { status: 'ignored', orderId, reason: 'event not handled' };
  try {
    if (orderId && delivery.providerOrderId && delivery.paymentId && ['payment.captured', 'order.paid'].includes(delivery.event)) {
      outcome = await apply(
        orderId,
        {
          type: 'ConfirmPayment',
          data: {
            providerOrderId: delivery.providerOrderId,
            paymentId: delivery.paymentId,
            amountPaise: delivery.amountPaise ?? -1,
            via: 'webhook',
            by: 'razorpay',
            at,
          },
        },
        'already paid',
      );
      if (outcome.status === 'processed') return outcome;
    } else if (orderId && delivery.event === 'payment.failed') {
      outcome = await apply(
        orderId,
        {
          type: 'FailPayment',
          data: {
            ...(delivery.providerOrderId ? { providerOrderId: delivery.providerOrderId } : {}),
            ...(delivery.paymentId ? { paymentId: delivery.paymentId } : {}),
            reason: delivery.reason ?? 'Payment failed',
            via: 'webhook',
            by: 'razorpay',
            at,
          },
        },
        'payment already settled',
      );
      if (outcome.status === 'processed') return outcome;
    } else if (!orderId) {
      outcome = { status: 'ignored', orderId: null, reason: 'unknown order' };
    }
  } catch (error) {
    if (error instanceof WrongExpectedVersionError && delivery.eventId && error.streamId === webhookStream(delivery.eventId))
      return { status: 'duplicate', orderId };
    // A delivery the order refuses (wrong amount, unknown provider order) is acknowledged so Razorpay stops retrying.
    if (!(error instanceof ValidationError) && (error as { statusCode?: number }).statusCode !== 404) throw error;
    outcome = { status: 'ignored', orderId, reason: (error as Error).message };
  }
  if (dedup.length > 0) {
    try {
      await runtime.store.appendMany(dedup);
    } catch (error) {
      if (error instanceof WrongExpectedVersionError) return { status: 'duplicate', orderId };
      throw error;
    }
  }
  return outcome;
}
