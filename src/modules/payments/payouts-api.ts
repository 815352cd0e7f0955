import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { returnSchema } from '../../contract/returns.js';
import { errors, ok } from '../../contract/wire.js';
import { NotFoundError } from '../../core/errors.js';
import { currentUser, requireAdmin } from '../../plugins/auth.js';
import type { ModuleDeps } from '../module.js';
import { findReturn } from '../orders/index.js';
import { retryUpiPayout } from './upi-payouts.js';

const returnIdParams = z.object({ returnId: z.string().trim().min(1, 'Return id is required').max(100, 'Invalid return id') });
const retryResponses = { 202: ok({ message: z.string(), return: returnSchema }), ...errors } as const;

/** Admin: a failed UPI payout is sent again (docs/after-sale.md, UPI refunds). */
export async function payoutsApi(app: FastifyInstance, runtime: ModuleDeps): Promise<void> {
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
