import type { FastifyReply, FastifyRequest } from 'fastify';
import { jwtVerify, SignJWT } from 'jose';
import { ForbiddenError, UnauthorizedError } from '../core/errors.js';

export interface AuthUser {
  id: string;
  role: 'customer' | 'admin';
}

declare module 'fastify' {
  interface FastifyRequest {
    user: AuthUser | null;
    /** Why a presented token was not accepted; protected routes answer 401 with it. */
    authError: string | null;
  }
}

export async function issueToken(secret: Uint8Array, user: AuthUser, ttlHours: number): Promise<string> {
  return new SignJWT({ role: user.role })
    .setProtectedHeader({ alg: 'HS256' })
    .setSubject(user.id)
    .setIssuedAt()
    .setExpirationTime(`${Math.round(ttlHours * 3600)}s`)
    .sign(secret);
}

/** Reads the bearer token; an absent token means a guest, a bad or expired one is a 401. */
export async function readUser(request: FastifyRequest, secret: Uint8Array): Promise<AuthUser | null> {
  const header = request.headers.authorization;
  if (!header) return null;
  const match = /^Bearer\s+(\S+)$/i.exec(header);
  if (!match) throw new UnauthorizedError('Invalid authorization header');
  try {
    const { payload } = await jwtVerify(match[1]!, secret, { algorithms: ['HS256'] });
    if (typeof payload.sub !== 'string') throw new Error('no subject');
    return { id: payload.sub, role: payload.role === 'admin' ? 'admin' : 'customer' };
  } catch {
    throw new UnauthorizedError('Invalid or expired token');
  }
}

/** preHandler: the route needs a signed-in user. */
export async function requireUser(request: FastifyRequest, _reply: FastifyReply): Promise<void> {
  if (!request.user) throw new UnauthorizedError(request.authError ?? 'Please log in');
}

/** preHandler: the route needs an admin (401 for guests, 403 for shoppers). */
export async function requireAdmin(request: FastifyRequest, _reply: FastifyReply): Promise<void> {
  if (!request.user) throw new UnauthorizedError(request.authError ?? 'Please log in');
  if (request.user.role !== 'admin') throw new ForbiddenError('Admin access required');
}

export function currentUser(request: FastifyRequest): AuthUser {
  if (!request.user) throw new UnauthorizedError(request.authError ?? 'Please log in');
  return request.user;
}
