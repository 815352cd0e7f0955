import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { returnSchema } from '../../contract/returns.js';
import { errors, ok } from '../../contract/wire.js';
import { NotFoundError, ValidationError } from '../../core/errors.js';
import { currentUser, requireAdmin } from '../../plugins/auth.js';
import type { ModuleDeps } from '../module.js';
import { findReturn } from '../orders/index.js';
import { signaturesMatch, webhookSignature } from './signature.js';
import { retryUpiPayout, reverseUpiPayout } from './upi-payouts.js';

const returnIdParams = z.object({ returnId: z.string().trim().min(1, 'Return id is required').max(100, 'Invalid return id') });
const retryResponses = { 202: ok({ message: z.string(), return: returnSchema }), ...errors } as const;

/** RazorpayX's payout webhook, as far as it is read: the event and the payout's id, state, reference and reason. */
const payoutWebhook = z.object({
  event: z.string(),
  payload: z.object({
    payout: z.object({
      entity: z
        .object({
          id: z.string().min(1),
          status: z.string().optional(),
          reference_id: z.string().nullable().optional(),
          failure_reason: z.string().nullable().optional(),
          status_details: z.object({ description: z.string().nullable().optional() }).passthrough().nullable().optional(),
        })
        .passthrough(),
    }),
  }),
});
const payoutWebhookResponses = { 200: ok({ status: z.enum(['processed', 'ignored']) }), ...errors } as const;
/** The payout events that mean the money did not arrive after all. */
const UNPAID_EVENTS = new Set(['payout.failed', 'payout.reversed', 'payout.rejected']);

/**
 * Admin: a failed UPI payout is sent again. RazorpayX: its webhook reports a payout failed or reversed after it was
 * issued (docs/after-sale.md, UPI refunds).
 */
export async function payoutsApi(app: FastifyInstance, runtime: ModuleDeps): Promise<void> {
  // The signature covers the exact bytes RazorpayX sent, so this scope keeps the raw body.
  await app.register(async (scope) => {
    scope.addContentTypeParser('application/json', { parseAs: 'string' }, (_request, body, done) => done(null, body));
    scope.post('/razorpayx/webhook', { config: { rateLimit: false }, schema: { response: payoutWebhookResponses } }, async (request) => {
      const secret = runtime.env.RAZORPAYX_WEBHOOK_SECRET;
      const raw = typeof request.body === 'string' ? request.body : '';
      const given = request.headers['x-razorpay-signature'];
      if (!secret) throw new ValidationError('Webhook secret is not configured');
      if (typeof given !== 'string' || !signaturesMatch(webhookSignature(raw, secret), given)) throw new ValidationError('Invalid webhook signature');
      let parsed;
      try {
        parsed = payoutWebhook.safeParse(JSON.parse(raw));
      } catch {
        throw new ValidationError('Invalid JSON body');
      }
      if (!parsed.success) throw new ValidationError('Unrecognised webhook payload');
      const payout = parsed.data.payload.payout.entity;
      if (!UNPAID_EVENTS.has(parsed.data.event) || !payout.reference_id) return { success: true, status: 'ignored' as const };
      const reason = payout.status_details?.description || payout.failure_reason || `RazorpayX reports the payout ${parsed.data.event.slice(7)}`;
      const result = await reverseUpiPayout(runtime, payout.reference_id, payout.id, reason);
      if (result) await runtime.projections.waitFor(result.position, ['returns']).catch(() => undefined);
      return { success: true, status: result ? ('processed' as const) : ('ignored' as const) };
    });
  });

  await app.register(async (scope) => {
    scope.addHook('onRequest', requireAdmin);
    const admin = scope.withTypeProvider<ZodTypeProvider>();
    admin.post('/admin/returns/:returnId/payout/retry', { schema: { params: returnIdParams, response: retryResponses } }, async (request, reply) => {
      const { returnId } = request.params;
      const result = await retryUpiPayout(runtime, returnId, currentUser(request), request.id);
      if (result) await runtime.projections.waitFor(result.position, ['returns']).catch(() => undefined);
      const found = await findReturn(runtime.pool, returnId);
      if (!found) throw new NotFoundError('Return not found');
      return reply.code(202).send({ success: true, message: 'Payout retry requested', return: found });
    });
  });
}
