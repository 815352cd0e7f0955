import { timingSafeEqual } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { NotFoundError, UnauthorizedError } from '../../core/errors.js';
import { currentUser, requireAdmin, requireUser } from '../../plugins/auth.js';
import type { ModuleDeps } from '../module.js';
import { loadOrder, visibleOrder } from '../orders/index.js';
import { courierFor } from '../../shared/courier.js';
import {
  advanceAnswer,
  advanceBody,
  orderIdParams,
  serviceabilityAnswer,
  serviceabilityQuery,
  trackingAnswer,
  trackingWebhookBody,
  webhookAnswer,
} from './schemas.js';
import { applyTracking, courierTime, stageOf, trackingTimeline } from './tracking.js';

const sameToken = (given: unknown, expected: string | undefined) => {
  if (!expected || typeof given !== 'string') return false;
  const a = Buffer.from(given);
  const b = Buffer.from(expected);
  return a.length === b.length && timingSafeEqual(a, b);
};

export async function shippingApi(app: FastifyInstance, runtime: ModuleDeps): Promise<void> {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const courier = courierFor(runtime.env);

  // The courier's tracking webhook: a shared token (Shiprocket sends it as x-api-key), no signature.
  api.post('/shipping/webhook', { config: { rateLimit: false }, schema: { body: trackingWebhookBody, response: webhookAnswer } }, async (request) => {
    if (!sameToken(request.headers['x-api-key'], runtime.env.SHIPPING_WEBHOOK_TOKEN)) throw new UnauthorizedError('Invalid webhook token');
    const b = request.body;
    const status = (b.current_status ?? b.shipment_status)!;
    const stage = stageOf(status);
    if (!stage) return { success: true, applied: false, ignored: `status '${status}' does not move an order` };
    const location = b.scans?.at(-1)?.location;
    const { applied } = await applyTracking(
      runtime,
      { trackingNumber: b.awb, stage, courierStatus: status, ...(location ? { location } : {}), at: courierTime(b.current_timestamp, new Date()) },
      request.id,
    );
    return { success: true, applied };
  });

  api.post('/shipping/simulator/advance', { onRequest: requireAdmin, schema: { body: advanceBody, response: advanceAnswer } }, async (request) => {
    if (courier.kind !== 'simulator') throw new NotFoundError('The courier simulator is off (COURIER is not simulator)');
    const { trackingNumber, status } = request.body;
    const { orderId, applied } = await applyTracking(
      runtime,
      { trackingNumber, stage: status, courierStatus: status.replaceAll('_', ' ').toUpperCase(), at: new Date().toISOString() },
      request.id,
    );
    return { success: true, applied, order: await visibleOrder(runtime, orderId, currentUser(request)) };
  });

  // Checkout: can this pincode be delivered, and by when (before paying).
  api.get('/shipping/serviceability', { schema: { querystring: serviceabilityQuery, response: serviceabilityAnswer } }, async (request) => {
    const answer = await courier.serviceability({ pincode: request.query.pincode, cod: request.query.cod === 'true', at: new Date().toISOString() });
    return answer.serviceable
      ? { success: true, serviceable: true, estimatedDelivery: answer.estimatedDelivery, courier: answer.courier }
      : { success: true, serviceable: false, message: answer.reason };
  });

  api.get('/orders/:id/tracking', { onRequest: requireUser, schema: { params: orderIdParams, response: trackingAnswer } }, async (request) => {
    await visibleOrder(runtime, request.params.id, currentUser(request));
    const { events } = await loadOrder(runtime.store, request.params.id);
    return { success: true, tracking: trackingTimeline(events) };
  });
}
