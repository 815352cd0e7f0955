import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { ConflictError, NotFoundError } from '../../core/errors.js';
import { requireAdmin } from '../../plugins/auth.js';
import type { ModuleDeps } from '../module.js';
import type { MessageKind } from './kind.js';
import { findMessage, listMessages, retryMessage } from './queries.js';
import { messageParams, messageResponses, messagesQuery, messagesResponses, retryResponses } from './schemas.js';

/** The admin's Messages view: the outbox paged, one message with its rendered bodies, and Retry for a failed one. */
export function messagesApi(kinds: readonly MessageKind[], transport: () => string, wake: () => void) {
  const labels = new Map(kinds.map((k) => [k.name, k.label]));
  const label = (kind: string) => labels.get(kind) ?? kind;
  return async (app: FastifyInstance, runtime: ModuleDeps): Promise<void> => {
    const api = app.withTypeProvider<ZodTypeProvider>();
    const admin = { onRequest: requireAdmin };

    api.get('/admin/messages', { ...admin, schema: { querystring: messagesQuery, response: messagesResponses } }, async (request, reply) => {
      reply.header('cache-control', 'no-store');
      const page = await listMessages(runtime.pool, request.query);
      return { success: true, ...page, messages: page.messages.map((m) => ({ ...m, label: label(m.kind) })), transport: transport() };
    });

    api.get('/admin/messages/:id', { ...admin, schema: { params: messageParams, response: messageResponses } }, async (request, reply) => {
      reply.header('cache-control', 'no-store');
      const message = await findMessage(runtime.pool, request.params.id);
      if (!message) throw new NotFoundError('Message not found');
      return { success: true, message: { ...message, label: label(message.kind) } };
    });

    api.post('/admin/messages/:id/retry', { ...admin, schema: { params: messageParams, response: retryResponses } }, async (request, reply) => {
      reply.header('cache-control', 'no-store');
      if (!(await retryMessage(runtime.pool, request.params.id))) {
        if (!(await findMessage(runtime.pool, request.params.id))) throw new NotFoundError('Message not found');
        throw new ConflictError('Only a failed message can be retried');
      }
      wake();
      return { success: true, message: 'Message queued again' };
    });
  };
}
