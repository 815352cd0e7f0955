import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { CommandContext } from '../../core/command-handler.js';
import { currentUser, requireAdmin, requireUser } from '../../plugins/auth.js';
import type { ModuleDeps } from '../module.js';
import { changeSessions } from '../customers/index.js';
import { roleBody, roleResponses, signOutResponses, userParams } from './schemas.js';

const context = (request: FastifyRequest): CommandContext => ({ userId: currentUser(request).id, correlationId: request.id });

/**
 * Signing out ends the token on the server (SignedOut), "sign out everywhere" every token so far (SessionsRevoked);
 * an admin can do the latter for any account and change its role (RoleChanged). Each answers only once this instance
 * refuses the ended tokens; other instances refuse them as soon as their subscription sees the event.
 */
export async function sessionsApi(app: FastifyInstance, runtime: ModuleDeps): Promise<void> {
  const api = app.withTypeProvider<ZodTypeProvider>();

  api.post('/auth/logout', { preHandler: requireUser, schema: { response: signOutResponses } }, async (request) => {
    const user = currentUser(request);
    if (user.session) {
      const data = { sessionId: user.session.id, expiresAt: user.session.expiresAt.toISOString(), by: user.id };
      await changeSessions(runtime.store, user.id, { type: 'SignOut', data }, context(request));
      await runtime.sessions.refresh(user.id);
    }
    return { success: true, message: 'Signed out successfully' };
  });

  api.post('/auth/logout-all', { preHandler: requireUser, schema: { response: signOutResponses } }, async (request) => {
    const user = currentUser(request);
    await changeSessions(runtime.store, user.id, { type: 'RevokeSessions', data: { reason: 'sign-out-everywhere', by: user.id } }, context(request));
    await runtime.sessions.refresh(user.id);
    return { success: true, message: 'Signed out on every device' };
  });

  api.post('/admin/users/:id/sign-out', { onRequest: requireAdmin, schema: { params: userParams, response: signOutResponses } }, async (request) => {
    const { id } = request.params;
    await changeSessions(runtime.store, id, { type: 'RevokeSessions', data: { reason: 'admin', by: currentUser(request).id } }, context(request));
    await runtime.sessions.refresh(id);
    return { success: true, message: 'User signed out on every device' };
  });

  api.put('/admin/users/:id/role', { onRequest: requireAdmin, schema: { params: userParams, body: roleBody, response: roleResponses } }, async (request) => {
    const { id } = request.params;
    const result = await changeSessions(
      runtime.store,
      id,
      { type: 'ChangeRole', data: { role: request.body.role, by: currentUser(request).id } },
      context(request),
    );
    await runtime.sessions.refresh(id);
    if (result) await runtime.projections.waitFor(result.position, ['customers']).catch(() => undefined);
    return { success: true, message: 'Role updated', role: request.body.role };
  });
}
