import type { FastifyReply, FastifyRequest } from 'fastify';
import { randomUUID } from 'node:crypto';
import { jwtVerify, SignJWT } from 'jose';
import { ForbiddenError, UnauthorizedError } from '../core/errors.js';

export interface AuthUser {
  id: string;
  /** From the account's current state, not from the token: a demoted admin is a shopper at once. */
  role: 'customer' | 'admin';
  /** The token's session: its id, the account's session version it was issued at, and when it expires. */
  session?: { id: string; version: number; expiresAt: Date };
}

/** Checks a token's session against what the server knows now (src/modules/sessions/session-registry.ts). */
export interface SessionCheck {
  /** The session's current role, or null when it has ended. */
  check(claims: { customerId: string; sessionId: string; sessionVersion: number }): Promise<'customer' | 'admin' | null>;
}

export const SESSION_ENDED = 'Your session has ended. Please sign in again.';

declare module 'fastify' {
  interface FastifyRequest {
    user: AuthUser | null;
    /** Why a presented token was not accepted; protected routes answer 401 with it. */
    authError: string | null;
  }
}

/** A token for a new session (`sid`) at the account's current session version (`sv`). */
export async function issueToken(
  secret: Uint8Array,
  user: { id: string; role: 'customer' | 'admin'; sessionVersion?: number },
  ttlHours: number,
  nowMs: number = Date.now(),
): Promise<string> {
  // Issued and expiry times from the runtime's clock (tests inject one), in whole seconds as JWT numeric dates are.
  const issuedAt = Math.floor(nowMs / 1000);
  return new SignJWT({ role: user.role, sid: randomUUID(), sv: user.sessionVersion ?? 0 })
    .setProtectedHeader({ alg: 'HS256' })
    .setSubject(user.id)
    .setIssuedAt(issuedAt)
    .setExpirationTime(issuedAt + Math.round(ttlHours * 3600))
    .sign(secret);
}

/** Verifies a token and its session; an invalid or expired token, or an ended session, is a 401. */
export async function verifyToken(token: string, secret: Uint8Array, sessions: SessionCheck, nowMs: number = Date.now()): Promise<AuthUser> {
  let claims: { customerId: string; sessionId: string; sessionVersion: number; expiresAt: Date };
  try {
    const { payload } = await jwtVerify(token, secret, { algorithms: ['HS256'], currentDate: new Date(nowMs) });
    if (typeof payload.sub !== 'string' || typeof payload.sid !== 'string' || typeof payload.sv !== 'number' || typeof payload.exp !== 'number') {
      throw new Error('not a session token');
    }
    claims = { customerId: payload.sub, sessionId: payload.sid, sessionVersion: payload.sv, expiresAt: new Date(payload.exp * 1000) };
  } catch {
    throw new UnauthorizedError('Invalid or expired token');
  }
  const role = await sessions.check(claims);
  if (!role) throw new UnauthorizedError(SESSION_ENDED);
  return { id: claims.customerId, role, session: { id: claims.sessionId, version: claims.sessionVersion, expiresAt: claims.expiresAt } };
}

/** Reads the bearer token; an absent token means a guest, a bad or expired one (or an ended session) is a 401. */
export async function readUser(request: FastifyRequest, secret: Uint8Array, sessions: SessionCheck, nowMs: number = Date.now()): Promise<AuthUser | null> {
  const header = request.headers.authorization;
  if (!header) return null;
  const match = /^Bearer\s+(\S+)$/i.exec(header);
  if (!match) throw new UnauthorizedError('Invalid authorization header');
  return verifyToken(match[1]!, secret, sessions, nowMs);
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
