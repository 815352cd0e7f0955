import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { codHoldSchema } from '../../contract/admin.js';
import { answers, ok, pagingQueryFields } from '../../contract/wire.js';
import { currentUser, requireAdmin } from '../../plugins/auth.js';
import type { ModuleDeps } from '../module.js';
import { codHoldsList, orderSchema, releaseCodHoldOf } from '../orders/index.js';
import { idParams } from './schemas.js';

const codHoldsQuery = z.object({
  ...pagingQueryFields,
  productId: z.string().trim().min(1).max(100, 'Invalid productId').optional(),
});

const codHoldsResponses = answers(
  ok({
    holds: z.array(codHoldSchema),
    units: z.number().int(),
    total: z.number().int(),
    page: z.number().int(),
    limit: z.number().int(),
    totalPages: z.number().int(),
  }),
);

export const releaseReasonMessage = 'Please give a reason (the shopper is told it)';
const releaseBody = z.object({
  reason: z.string({ error: releaseReasonMessage }).trim().min(3, releaseReasonMessage).max(500, 'The reason can be at most 500 characters'),
});
const releaseResponses = answers(ok({ message: z.string(), order: orderSchema }));

/**
 * Stock held by cash-on-delivery orders not yet shipped, and its release (docs/decisions/0018-cod-holds.md): the
 * admin sees who holds how many units of a product since when, and cancels a hold with a reason.
 */
export async function codHoldsApi(app: FastifyInstance, runtime: ModuleDeps): Promise<void> {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const admin = { onRequest: requireAdmin };

  api.get('/admin/cod-holds', { ...admin, schema: { querystring: codHoldsQuery, response: codHoldsResponses } }, async (request) => ({
    success: true,
    ...(await codHoldsList(runtime.pool, request.query)),
  }));

  api.post('/admin/cod-holds/:id/release', { ...admin, schema: { params: idParams, body: releaseBody, response: releaseResponses } }, async (request) => {
    const order = await releaseCodHoldOf(runtime, request.params.id, request.body.reason, currentUser(request), request.id);
    return { success: true, message: 'Hold released: the order is cancelled and its stock is back on sale', order };
  });
}
