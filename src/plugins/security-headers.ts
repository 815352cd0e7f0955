import fastifyHelmet from '@fastify/helmet';
import helmet, { type HelmetOptions } from 'helmet';
import type { FastifyInstance } from 'fastify';
import { randomFillSync } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { EARLY_ACTIONS_SCRIPT_HASH } from '../shop-pages/early-actions-script.js';

/** Razorpay's checkout: its script, the iframe it opens, and the hosts that script calls (Razorpay's CSP guide). */
const RAZORPAY = {
  script: 'https://checkout.razorpay.com',
  frames: ['https://api.razorpay.com', 'https://checkout.razorpay.com'],
  connect: ['https://api.razorpay.com', 'https://lumberjack.razorpay.com'],
};

/**
 * Features neither app uses are off; payment only for this origin and Razorpay's checkout frames. Only features
 * browsers recognise are named: Chromium logs every unknown one on every page ('bluetooth' was one).
 */
export const PERMISSIONS_POLICY = [
  'camera=()',
  'microphone=()',
  'geolocation=()',
  'usb=()',
  'serial=()',
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

/** The nonce of a response, on its raw ServerResponse (read by the CSP directive functions of per-route policies). */
const NONCE = Symbol('cspNonce');
type WithNonce = ServerResponse & { [NONCE]?: string };
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
 * Security headers for the storefront, the dashboard and the API (point 5):
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
  const sockets = socketSourcesOf(publicUrl);

  if (!app.hasReplyDecorator('cspNonce')) app.decorateReply('cspNonce', null as unknown as { script: string; style: string });
  // Before helmet's own onRequest hooks (registered below), which read the nonce through the directive functions.
  app.addHook('onRequest', (_request, reply, next) => {
    const nonce = nextNonce();
    reply.cspNonce = { script: nonce, style: nonce };
    (reply.raw as WithNonce)[NONCE] = nonce;
    reply.header('permissions-policy', PERMISSIONS_POLICY);
    next();
  });
  const nonceSource = (_req: IncomingMessage, res: ServerResponse) => {
    const nonce = (res as WithNonce)[NONCE];
    return nonce ? `'nonce-${nonce}'` : "'self'";
  };
  const socketSources = (req: IncomingMessage) => sockets(req.headers.host);
  const policy = securityPolicy(https, nonceSource, socketSources);
  // @fastify/helmet builds helmet's middleware anew for every request (every directive parsed and validated again:
  // about a tenth of a by-id read's CPU). It is registered for its route option and `reply.helmet`, not globally.
  await app.register(fastifyHelmet, { ...policy, global: false } as Parameters<typeof fastifyHelmet>[1]);
  // Every other route gets helmet's headers for this policy, taken once from helmet itself (securityHeaderTemplate):
  // per response only the CSP's nonce and websocket origins are filled in.
  const template = securityHeaderTemplate(https);
  app.addHook('onRequest', (request, reply, next) => {
    if ((request.routeOptions.config as { helmet?: unknown }).helmet !== undefined) return next();
    template.apply(reply, (reply.raw as WithNonce)[NONCE]!, sockets(request.headers.host));
    next();
  });
}

/** The policy of the store (see registerSecurityHeaders), with the functions that give a response's nonce and websocket sources. */
export function securityPolicy(
  https: boolean,
  nonceSource: (req: IncomingMessage, res: ServerResponse) => string,
  socketSources: (req: IncomingMessage, res: ServerResponse) => string,
): HelmetOptions {
  return {
    contentSecurityPolicy: {
      useDefaults: true,
      directives: {
        defaultSrc: ["'self'"],
        baseUri: ["'self'"],
        objectSrc: ["'none'"],
        formAction: ["'self'"],
        frameAncestors: ["'self'"],
        scriptSrc: ["'self'", nonceSource, EARLY_ACTIONS_SCRIPT_HASH, RAZORPAY.script],
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
}

/**
 * A response's websocket sources as the CSP lists them ("'self'" when there are none), from its Host header. The last
 * answer is kept: a store sees one or a few hosts, so the pattern check runs once per change of host.
 */
function socketSourcesOf(publicUrl: URL | null): (host: string | undefined) => string {
  let lastHost: string | undefined;
  let lastSources = "'self'";
  let known = false;
  return (host) => {
    if (!known || host !== lastHost) {
      lastSources = socketOrigins(publicUrl, host).join(' ') || "'self'";
      lastHost = host;
      known = true;
    }
    return lastSources;
  };
}

const NONCE_MARK = '\u0001nonce\u0001';
const SOCKETS_MARK = '\u0001sockets\u0001';

/** Where the template puts a response's headers: a Fastify reply (its headers go out in one writeHead), and its raw response. */
export interface HeaderTarget {
  header(name: string, value: string): unknown;
  raw: Pick<ServerResponse, 'removeHeader'>;
}

/**
 * The headers helmet sets for the store's policy, taken once by running helmet's own middleware on a recording
 * response whose nonce and websocket sources are marks; `apply` sets the same headers, in the same order, on a reply
 * with its nonce and sources in place of the marks (helmet's removals, X-Powered-By, on the raw response). Byte for
 * byte what helmet would set (the spec checks it against helmet for several nonces and hosts), without helmet parsing
 * and validating every directive per response; set on the reply rather than one by one on the raw response, Node
 * writes them all in writeHead without a header entry per call. The values filled in never hold ';' or ',' (which
 * helmet refuses): a nonce is base64 and a socket origin matches the host pattern of socketOrigins.
 */
export function securityHeaderTemplate(https: boolean): { apply(reply: HeaderTarget, nonce: string, sockets: string): void } {
  const recorded: ({ set: string; value: unknown } | { remove: string })[] = [];
  const recorder = {
    setHeader: (name: string, value: unknown) => recorded.push({ set: name, value }),
    removeHeader: (name: string) => recorded.push({ remove: name }),
  };
  let failure: unknown;
  helmet(
    securityPolicy(
      https,
      () => NONCE_MARK,
      () => SOCKETS_MARK,
    ),
  )({} as IncomingMessage, recorder as unknown as ServerResponse, (error?: unknown) => (failure = error));
  if (failure) throw failure instanceof Error ? failure : new Error(String(failure));
  const steps = recorded.map((step): ((reply: HeaderTarget, nonce: string, sockets: string) => void) => {
    if ('remove' in step) return (reply) => reply.raw.removeHeader(step.remove);
    const { set, value } = step;
    if (typeof value !== 'string') throw new Error(`helmet set ${set} to a ${typeof value}`);
    const name = set.toLowerCase();
    if (!value.includes('\u0001')) return (reply) => reply.header(name, value);
    // Text around the marks, in the order helmet writes them: [before, mark, between, mark, after].
    const parts = value.split(/(\u0001(?:nonce|sockets)\u0001)/);
    if (parts.length !== 5 || parts[1] !== NONCE_MARK || parts[3] !== SOCKETS_MARK || parts.some((p, i) => i % 2 === 0 && p.includes('\u0001'))) {
      throw new Error(`${set}: the nonce and the websocket sources, once each and in this order, expected`);
    }
    const [before, , between, , after] = parts;
    return (reply, nonce, sockets) => reply.header(name, `${before}'nonce-${nonce}'${between}${sockets}${after}`);
  });
  return {
    apply(reply, nonce, sockets) {
      for (const step of steps) step(reply, nonce, sockets);
    },
  };
}
