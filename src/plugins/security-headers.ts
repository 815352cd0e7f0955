import fastifyHelmet from '@fastify/helmet';
import helmet, { type HelmetOptions } from 'helmet';
import type { FastifyInstance } from 'fastify';
import { randomFillSync } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';

/** Razorpay's checkout: its script, the iframe it opens, and the hosts that script calls (Razorpay's CSP guide). */
const RAZORPAY = {
  script: 'https://checkout.razorpay.com',
  frames: ['https://api.razorpay.com', 'https://checkout.razorpay.com'],
  connect: ['https://api.razorpay.com', 'https://lumberjack.razorpay.com'],
};

/** Features neither app uses are off; payment only for this origin and Razorpay's checkout frames. */
export const PERMISSIONS_POLICY = [
  'camera=()',
  'microphone=()',
  'geolocation=()',
  'usb=()',
  'serial=()',
  'bluetooth=()',
  'hid=()',
  'midi=()',
  'magnetometer=()',
  'gyroscope=()',
  'accelerometer=()',
  'display-capture=()',
  `payment=(self "${RAZORPAY.frames[1]}" "${RAZORPAY.frames[0]}")`,
].join(', ');

/** 16 random bytes per nonce, drawn from a pool refilled 256 nonces at a time (one system call, not one per response). */
const NONCE_BYTES = 16;
const noncePool = Buffer.alloc(NONCE_BYTES * 256);
let nonceAt = noncePool.length;
export function nextNonce(): string {
  if (nonceAt >= noncePool.length) {
    randomFillSync(noncePool);
    nonceAt = 0;
  }
  nonceAt += NONCE_BYTES;
  return noncePool.toString('base64', nonceAt - NONCE_BYTES, nonceAt);
}

interface PerResponse {
  nonce: string;
  sockets: string[];
}
const perResponse = new WeakMap<ServerResponse, PerResponse>();
const hostShape = /^(?:[A-Za-z0-9.-]+|\[[0-9A-Fa-f:.]+\])(?::\d{1,5})?$/;

/**
 * The websocket origins the apps may open: the public origin's own ws/wss (PUBLIC_URL), or without it the host the
 * browser asked for (a CSP of one response only affects the page of that response, so the Host header is the
 * page's own origin). Never `ws:`/`wss:` alone, which would allow any host.
 */
export function socketOrigins(publicUrl: URL | null, hostHeader: string | undefined): string[] {
  if (publicUrl) return [`${publicUrl.protocol === 'https:' ? 'wss' : 'ws'}://${publicUrl.host}`];
  if (!hostHeader || !hostShape.test(hostHeader)) return [];
  return [`ws://${hostHeader}`, `wss://${hostHeader}`];
}

/**
 * Security headers for the storefront, the dashboard and the API (issue 17, point 5):
 * - CSP without 'unsafe-inline' for scripts; each response has its own nonce on `reply.cspNonce.script` (helmet's
 *   shape), already listed in that response's `script-src`: a server-rendered page writes
 *   `<script nonce="${reply.cspNonce.script}">` on each inline script it emits (data blocks of type
 *   application/json or application/ld+json need none). Styles keep 'unsafe-inline' (React style attributes, Radix's
 *   injected scroll-lock style); `reply.cspNonce.style` is given for symmetry. A route may override any helmet option
 *   with its own `helmet: {...}` route option or `reply.helmet(opts)` (@fastify/helmet).
 * - `connect-src` is 'self', this origin's ws/wss, and Razorpay.
 * - HSTS only when PUBLIC_URL is https (a plain-http deployment must not pin browsers to https).
 * - `Referrer-Policy: strict-origin-when-cross-origin`, and a Permissions-Policy that turns unused features off.
 */
export async function registerSecurityHeaders(app: FastifyInstance, options: { publicUrl?: string }): Promise<void> {
  const publicUrl = options.publicUrl ? new URL(options.publicUrl) : null;
  const https = publicUrl?.protocol === 'https:';

  if (!app.hasReplyDecorator('cspNonce')) app.decorateReply('cspNonce', null as unknown as { script: string; style: string });
  // Before helmet's own onRequest hooks (registered below), which read the nonce through the directive functions.
  app.addHook('onRequest', async (request, reply) => {
    const nonce = nextNonce();
    reply.cspNonce = { script: nonce, style: nonce };
    perResponse.set(reply.raw, { nonce, sockets: socketOrigins(publicUrl, request.headers.host) });
    reply.header('permissions-policy', PERMISSIONS_POLICY);
  });
  const of = (res: ServerResponse) => perResponse.get(res);
  const nonceSource = (_req: IncomingMessage, res: ServerResponse) => {
    const entry = of(res);
    return entry ? `'nonce-${entry.nonce}'` : "'self'";
  };
  const socketSources = (_req: IncomingMessage, res: ServerResponse) => of(res)?.sockets.join(' ') || "'self'";

  const policy: HelmetOptions = {
    contentSecurityPolicy: {
      useDefaults: true,
      directives: {
        defaultSrc: ["'self'"],
        baseUri: ["'self'"],
        objectSrc: ["'none'"],
        formAction: ["'self'"],
        frameAncestors: ["'self'"],
        scriptSrc: ["'self'", nonceSource, RAZORPAY.script],
        scriptSrcAttr: ["'none'"],
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", 'data:', 'blob:', 'https:'],
        fontSrc: ["'self'", 'data:'],
        connectSrc: ["'self'", socketSources, ...RAZORPAY.connect],
        frameSrc: ["'self'", ...RAZORPAY.frames],
        workerSrc: ["'self'"],
        manifestSrc: ["'self'"],
        // Only where the store is served over https; on plain http it would break same-host loads by IP address.
        upgradeInsecureRequests: https ? [] : null,
      },
    },
    crossOriginEmbedderPolicy: false,
    strictTransportSecurity: https ? { maxAge: 31_536_000, includeSubDomains: true } : false,
    referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
  };
  // @fastify/helmet builds helmet's middleware anew for every request (every directive parsed and validated again:
  // about a tenth of a by-id read's CPU). It is registered for its route option and `reply.helmet`, not globally; the
  // middleware for every other route is built once here. The directive functions still run per response (the nonce).
  await app.register(fastifyHelmet, { ...policy, global: false } as Parameters<typeof fastifyHelmet>[1]);
  const headers = helmet(policy);
  app.addHook('onRequest', (request, reply, next) => {
    if ((request.routeOptions.config as { helmet?: unknown }).helmet !== undefined) return next();
    headers(request.raw, reply.raw, (error?: unknown) => next(error as Error | undefined));
  });
}
