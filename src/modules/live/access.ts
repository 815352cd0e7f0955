import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { currentUser, requireAdmin, SESSION_ENDED } from '../../plugins/auth.js';
import type { Runtime } from '../../runtime.js';
import { liveTicketResponses } from './schemas.js';
import { consumeTicket, issueTicket, TICKET_TTL_SECONDS, type TicketSession } from './tickets.js';

const admitted = new WeakMap<FastifyRequest, TicketSession>();

/** The session an admitted websocket request stands for. */
export const liveSessionOf = (request: FastifyRequest): TicketSession | undefined => admitted.get(request);

/**
 * Browsers cannot set headers on a websocket, and a token in the URL lands in access logs: the dashboard first asks
 * `POST /api/admin/live/ticket` (bearer token, admin only) for a single-use ticket valid ~30 s, then opens
 * `/api/admin/live?ticket=…`. Other clients may send the usual bearer header instead. A `?token=` is not read.
 */
export function ticketRoute(app: FastifyInstance, runtime: Runtime): void {
  app.post('/admin/live/ticket', { onRequest: requireAdmin, schema: { response: liveTicketResponses } }, async (request) => {
    const user = currentUser(request);
    if (!user.session) throw new Error('an admin request without a session');
    const ticket = await issueTicket(runtime.pool, { customerId: user.id, sessionId: user.session.id, sessionVersion: user.session.version });
    return { success: true, ticket, expiresIn: TICKET_TTL_SECONDS };
  });
}

/** preValidation of the websocket route: a ticket (used up here) or a bearer token whose session is an admin's now. */
export async function authoriseLive(request: FastifyRequest, reply: FastifyReply, runtime: Runtime): Promise<void> {
  const ticket = (request.query as { ticket?: unknown } | undefined)?.ticket;
  let session: TicketSession | null = null;
  if (typeof ticket === 'string' && ticket !== '') {
    session = await consumeTicket(runtime.pool, ticket);
    if (!session) return reply.code(401).send({ success: false, error: 'Invalid or expired ticket' });
  } else if (request.user?.session) {
    session = { customerId: request.user.id, sessionId: request.user.session.id, sessionVersion: request.user.session.version };
  }
  if (!session) return reply.code(401).send({ success: false, error: request.authError ?? 'Please log in' });
  const role = await runtime.sessions.check(session);
  if (!role) return reply.code(401).send({ success: false, error: SESSION_ENDED });
  if (role !== 'admin') return reply.code(403).send({ success: false, error: 'Admin access required' });
  admitted.set(request, session);
}
