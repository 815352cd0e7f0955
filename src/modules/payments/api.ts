import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { NotFoundError, ValidationError } from '../../core/errors.js';
import { currentUser, requireUser } from '../../plugins/auth.js';
import type { ModuleDeps } from '../module.js';
import { findOrder, loadOrder, runOrderCommand, settled, toRupees } from '../orders/index.js';
import { applyWebhook, createPaymentOrder, orderIdForProviderOrder, verifyPayment } from './payments.js';
import { razorpayIdSuffix, type PaymentProvider } from './provider.js';
import {
  createOrderBody,
  createOrderResponses,
  simulatorPayBody,
  simulatorPayResponses,
  verifyPaymentBody,
  verifyPaymentResponses,
  webhookPayload,
  webhookResponses,
} from './schemas.js';
import { paymentSignature, signaturesMatch, webhookSignature } from './signature.js';

export function paymentsApi(provider: PaymentProvider) {
  return async (app: FastifyInstance, runtime: ModuleDeps): Promise<void> => {
    const api = app.withTypeProvider<ZodTypeProvider>();

    api.post('/razorpay/create-order', { onRequest: requireUser, schema: { body: createOrderBody, response: createOrderResponses } }, async (request) => {
      const user = currentUser(request);
      const { providerOrderId, amountPaise } = await createPaymentOrder(runtime, provider, {
        orderId: request.body.orderId,
        amount: request.body.amount,
        userId: user.id,
        correlationId: request.id,
      });
      const order = await findOrder(runtime.pool, request.body.orderId);
      return {
        success: true,
        order_id: providerOrderId,
        amount: amountPaise,
        currency: 'INR',
        key_id: provider.keyId,
        orderId: request.body.orderId,
        orderNumber: order?.orderNumber,
        amountRupees: toRupees(amountPaise),
        simulator: provider.kind === 'simulator',
        prefill: order ? { name: order.customer_name, email: order.customer_email, contact: order.shippingAddress.phone } : undefined,
      };
    });

    api.post('/razorpay/verify-payment', { onRequest: requireUser, schema: { body: verifyPaymentBody, response: verifyPaymentResponses } }, async (request) => {
      const b = request.body;
      const result = await verifyPayment(runtime, provider, {
        providerOrderId: b.razorpay_order_id,
        paymentId: b.razorpay_payment_id,
        signature: b.razorpay_signature,
        orderId: b.orderId,
        user: currentUser(request),
        correlationId: request.id,
      });
      return { success: true, verified: true, message: 'Payment verified successfully', ...result };
    });

    // The webhook's signature covers the exact bytes Razorpay sent, so this scope keeps the raw body.
    await app.register(async (scope) => {
      scope.addContentTypeParser('application/json', { parseAs: 'string' }, (_request, body, done) => done(null, body));
      scope.post('/razorpay/webhook', { config: { rateLimit: false }, schema: { response: webhookResponses } }, async (request, reply) => {
        const raw = typeof request.body === 'string' ? request.body : '';
        const given = request.headers['x-razorpay-signature'];
        if (!provider.webhookSecret) throw new ValidationError('Webhook secret is not configured');
        if (typeof given !== 'string' || !signaturesMatch(webhookSignature(raw, provider.webhookSecret), given))
          throw new ValidationError('Invalid webhook signature');
        let parsed;
        try {
          parsed = webhookPayload.safeParse(JSON.parse(raw));
        } catch {
          throw new ValidationError('Invalid JSON body');
        }
        if (!parsed.success) throw new ValidationError('Unrecognised webhook payload');
        const payment = parsed.data.payload.payment?.entity;
        const providerOrder = parsed.data.payload.order?.entity;
        const eventId = request.headers['x-razorpay-event-id'];
        const outcome = await applyWebhook(runtime, {
          eventId: typeof eventId === 'string' && eventId.length > 0 && eventId.length <= 100 ? eventId : null,
          event: parsed.data.event,
          providerOrderId: payment?.order_id ?? providerOrder?.id ?? null,
          receipt: providerOrder?.receipt ?? null,
          paymentId: payment?.id ?? null,
          amountPaise: payment?.amount ?? providerOrder?.amount ?? null,
          reason: payment?.error_description ?? null,
        });
        return reply.code(200).send({ success: true, ...outcome });
      });
    });

    if (provider.kind !== 'simulator') return;

    /**
     * Local payment simulator, in place of Razorpay's checkout window: 'success' answers the ids and signature the
     * browser then sends to verify-payment, signed exactly like Razorpay; 'failure' records a failed payment as
     * Razorpay's payment.failed would.
     */
    api.post('/payments/simulator/pay', { onRequest: requireUser, schema: { body: simulatorPayBody, response: simulatorPayResponses } }, async (request) => {
      const user = currentUser(request);
      const providerOrderId = request.body.razorpay_order_id;
      const orderId = await orderIdForProviderOrder(runtime, providerOrderId);
      const { state } = orderId ? await loadOrder(runtime.store, orderId) : { state: null };
      if (!orderId || state?.status !== 'active' || state.order.customerId !== user.id || state.order.providerOrderId !== providerOrderId) {
        throw new NotFoundError('Payment order not found');
      }
      const paymentId = `pay_${razorpayIdSuffix()}`;
      if (request.body.outcome === 'failure') {
        const now = new Date();
        const { result } = await runOrderCommand(
          runtime.store,
          orderId,
          {
            type: 'FailPayment',
            data: { providerOrderId, paymentId, reason: 'Payment declined by the simulator', via: 'webhook', by: 'simulator', at: now.toISOString() },
          },
          { userId: user.id, correlationId: request.id, now },
        );
        await settled(runtime, result);
        return { success: false, error: 'Payment was not completed', razorpay_order_id: providerOrderId, razorpay_payment_id: paymentId };
      }
      return {
        success: true,
        razorpay_order_id: providerOrderId,
        razorpay_payment_id: paymentId,
        razorpay_signature: paymentSignature(providerOrderId, paymentId, provider.keySecret),
      };
    });
  };
}
