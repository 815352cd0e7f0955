import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { currentUser, requireAdmin, SESSION_ENDED } from '../../plugins/auth.js';
import type { ModuleDeps } from '../module.js';
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
export function ticketRoute(app: FastifyInstance, runtime: ModuleDeps): void {
  app.post('/admin/live/ticket', { onRequest: requireAdmin, schema: { response: liveTicketResponses } }, async (request) => {
    const user = currentUser(request);
    if (!user.session) throw new Error('an admin request without a session');
    const ticket = await issueTicket(runtime.pool, { customerId: user.id, sessionId: user.session.id, sessionVersion: user.session.version });
    return { success: true, ticket, expiresIn: TICKET_TTL_SECONDS };
  });
}

/**
 * Whether a websocket's Origin is the shop's own: PUBLIC_URL's origin when set, else the origin of the host the request
 * was sent to (http or https). A browser always sends Origin on a websocket, so a page of another site that got hold
 * of a ticket (or rides an admin's browser) is refused; clients that are not browsers send none and are let through to
 * the ticket and token checks.
 */
export function isShopOrigin(origin: string | undefined, publicUrl: string | undefined, host: string | undefined): boolean {
  if (origin === undefined) return true;
  if (publicUrl) return origin === new URL(publicUrl).origin;
  return host !== undefined && (origin === `http://${host}` || origin === `https://${host}`);
}

/** preValidation of the websocket route: a ticket (used up here) or a bearer token whose session is an admin's now. */
export async function authoriseLive(request: FastifyRequest, reply: FastifyReply, runtime: ModuleDeps): Promise<void> {
  // Before the ticket is used up: a refused origin leaves it to its own page.
  if (!isShopOrigin(request.headers.origin, runtime.env.PUBLIC_URL, request.headers.host)) {
    return reply.code(403).send({ success: false, error: 'Origin not allowed' });
  }
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
