import rateLimit, { normalizeIP } from '@fastify/rate-limit';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Limits } from '../config/limits.js';

/** Which budget a route draws on (docs/operations-and-configuration.md, "Limits"). */
export type Budget = 'catalogue' | 'reads' | 'writes' | 'uploads' | 'unlimited';

/** Public catalogue reads: what the storefront's pages load. Served from memory, so they are cheap. */
const CATALOGUE_READS = /^\/api\/(products(\/|$)|carousels\/(?!admin(\/|$))|pincode\/)/;
/** Multipart uploads and imports: the heaviest requests. */
const UPLOADS = /^\/api\/(cloudinary\/|admin\/products\/bulk$)/;

export function budgetOf(method: string, routeUrl: string): Budget {
  // Health checks (load balancers, orchestrators) are never limited.
  if (routeUrl === '/api/health' || routeUrl === '/api/health/live' || routeUrl === '/api/health/ready') return 'unlimited';
  if (UPLOADS.test(routeUrl)) return 'uploads';
  if (method === 'GET' || method === 'HEAD') return CATALOGUE_READS.test(routeUrl) ? 'catalogue' : 'reads';
  return 'writes';
}

const budgetOfRequest = (request: FastifyRequest) => budgetOf(request.method, request.routeOptions.url ?? request.url);

/**
 * Who is counted: the signed-in user (request.user, from a verified token in the app's onRequest hook) wherever there
 * is one, so shoppers behind one carrier-NAT address each have their own budget; the client address otherwise (an
 * IPv6 client by its /64, which one subscriber usually holds whole). The address is the socket's unless TRUST_PROXY
 * names the proxy in front.
 */
export const clientKey = (request: FastifyRequest) => (request.user ? `user:${request.user.id}` : `address:${clientAddress(request)}`);
export const clientAddress = (request: Pick<FastifyRequest, 'ip'>) => normalizeIP(request.ip);

/** 429 with the spec's words; the plugin adds Retry-After (seconds). */
const tooManyRequests = (_request: FastifyRequest, context: { statusCode: number }) => {
  const error = new Error('Too many requests') as Error & { statusCode: number };
  error.statusCode = context.statusCode;
  return error;
};

/**
 * Per-minute budgets on every /api route, counted in this instance's memory (with N instances behind a balancer a
 * client may get up to N times the budget; sign-in throttling, which matters more, is shared through PostgreSQL).
 * A route may still set its own `config.rateLimit` (sign-in routes) or `false` (the signed payment webhook).
 */
export async function registerRateLimits(api: FastifyInstance, limits: Limits): Promise<void> {
  const perMinute: Record<Exclude<Budget, 'unlimited'>, number> = {
    catalogue: limits.cataloguePerMinute,
    reads: limits.readsPerMinute,
    writes: limits.writesPerMinute,
    uploads: limits.uploadsPerMinute,
  };
  await api.register(rateLimit, {
    timeWindow: '1 minute',
    cache: 50_000,
    allowList: (request) => budgetOfRequest(request) === 'unlimited',
    keyGenerator: (request) => `${budgetOfRequest(request)}:${clientKey(request)}`,
    max: (request) => perMinute[budgetOfRequest(request) as Exclude<Budget, 'unlimited'>],
    addHeaders: { 'retry-after': true, 'x-ratelimit-limit': true, 'x-ratelimit-remaining': true, 'x-ratelimit-reset': true },
    errorResponseBuilder: tooManyRequests,
  });
}

/** Route config for the sign-in routes: their own tight budget per address (per user for a password change). */
export const signInRateLimit = (limits: Limits) => ({
  rateLimit: { max: limits.authPerMinute, timeWindow: '1 minute', keyGenerator: (request: FastifyRequest) => `sign-in:${clientKey(request)}` },
});
