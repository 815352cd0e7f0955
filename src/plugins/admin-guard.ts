import type { FastifyInstance, onRequestHookHandler } from 'fastify';
import { requireAdmin } from './auth.js';

/** URL prefixes whose every HTTP route is admin-only (spec: admin dashboard calls, uploads, carousel management). */
export const ADMIN_PREFIXES = ['/api/admin', '/api/cloudinary', '/api/carousels/admin'] as const;

export function isAdminUrl(url: string): boolean {
  return ADMIN_PREFIXES.some((prefix) => url === prefix || url.startsWith(`${prefix}/`));
}

/**
 * Defence in depth: every HTTP route under an admin prefix checks the role in `onRequest`, i.e. before its body is
 * read or validated. A guest gets 401 and a shopper 403 even when the body is malformed or a large upload, and a
 * route that forgot its own preHandler is still closed. Websocket routes authenticate themselves (browsers cannot
 * send headers on a websocket) and are left alone. Register before the routes.
 */
export function registerAdminGuard(app: FastifyInstance): void {
  app.addHook('onRoute', (route) => {
    if (!isAdminUrl(route.url) || (route as { websocket?: boolean }).websocket) return;
    const guard: onRequestHookHandler = async (request, reply) => requireAdmin(request, reply);
    const existing = route.onRequest ? (Array.isArray(route.onRequest) ? route.onRequest : [route.onRequest]) : [];
    route.onRequest = [...existing, guard];
  });
}
