import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { currentUser, requireAdmin, requireUser } from '../../plugins/auth.js';
import type { ModuleDeps } from '../module.js';
import { returnsOfOrder, listReturns } from './returns-queries.js';
import {
  orderReturnsResponses,
  receiveReturnBody,
  rejectReturnBody,
  requestReturnBody,
  returnCreatedResponses,
  returnIdParams,
  returnListResponses,
  returnResponses,
  returnsQuery,
} from './returns-schemas.js';
import { orderIdParams } from './schemas.js';
import { approveReturn, receiveReturn, rejectReturn, requestReturn } from './returns-service.js';
import { visibleOrder } from './service.js';

/** Returns within 7 days of delivery: the shopper asks, the admin approves or rejects, then receives (docs/after-sale.md). */
export async function returnsApi(app: FastifyInstance, runtime: ModuleDeps): Promise<void> {
  const api = app.withTypeProvider<ZodTypeProvider>();

  api.post(
    '/orders/:id/returns',
    { onRequest: requireUser, schema: { params: orderIdParams, body: requestReturnBody, response: returnCreatedResponses } },
    async (request, reply) => {
      const ret = await requestReturn(runtime, request.params.id, request.body, currentUser(request), request.id);
      return reply.code(201).send({ success: true, message: 'Return requested', return: ret });
    },
  );

  api.get('/orders/:id/returns', { onRequest: requireUser, schema: { params: orderIdParams, response: orderReturnsResponses } }, async (request) => {
    const order = await visibleOrder(runtime, request.params.id, currentUser(request));
    return { success: true, returns: await returnsOfOrder(runtime.pool, order.id) };
  });

  await app.register(async (scope) => {
    scope.addHook('onRequest', requireAdmin);
    const admin = scope.withTypeProvider<ZodTypeProvider>();

    admin.get('/admin/returns', { schema: { querystring: returnsQuery, response: returnListResponses } }, async (request) => {
      const { page, limit, status } = request.query;
      return { success: true, ...(await listReturns(runtime.pool, { page, limit, status })), page, limit };
    });

    admin.post('/admin/returns/:returnId/approve', { schema: { params: returnIdParams, response: returnResponses } }, async (request) => ({
      success: true,
      message: 'Return approved: pickup booked',
      return: await approveReturn(runtime, request.params.returnId, currentUser(request), request.id),
    }));

    admin.post(
      '/admin/returns/:returnId/reject',
      { schema: { params: returnIdParams, body: rejectReturnBody, response: returnResponses } },
      async (request) => ({
        success: true,
        message: 'Return rejected',
        return: await rejectReturn(runtime, request.params.returnId, request.body.reason, currentUser(request), request.id),
      }),
    );

    admin.post(
      '/admin/returns/:returnId/receive',
      { schema: { params: returnIdParams, body: receiveReturnBody, response: returnResponses } },
      async (request) => ({
        success: true,
        message: 'Return received and refunded',
        return: await receiveReturn(runtime, request.params.returnId, request.body.items, currentUser(request), request.id),
      }),
    );
  });
}
