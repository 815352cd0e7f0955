import type { FastifyInstance } from 'fastify';
import { registeredRoutes, type RegisteredRoute } from '../../src/plugins/openapi.js';

/** Every HTTP route under /api the app registered (websockets apart), each method on its own. */
export function apiRoutes(app: FastifyInstance, withWebsockets = false): RegisteredRoute[] {
  const seen = new Set<string>();
  return registeredRoutes(app).filter((r) => {
    const key = `${r.method} ${r.url}`;
    if (!r.url.startsWith('/api/') || (r.websocket && !withWebsockets) || seen.has(key)) return false;
    seen.add(key);
    return true;
  });
}

export function websocketRoutes(app: FastifyInstance): RegisteredRoute[] {
  return registeredRoutes(app).filter((r) => r.url.startsWith('/api/') && r.websocket);
}

/**
 * Every admin-only HTTP route, written out here rather than derived from the production guard (isAdminUrl), so that a
 * guard that stops matching a route fails the security walk instead of shrinking it. security.int.spec.ts checks that
 * this list is exactly what the app registers under the admin prefixes: a new admin route must be added here.
 */
export const ADMIN_ROUTES = [
  'POST /api/cloudinary/single',
  'POST /api/cloudinary/multiple',
  'POST /api/cloudinary/bulk-product',
  'POST /api/cloudinary/upload-drive-url',
  'POST /api/cloudinary/bulk-upload-drive-urls',
  'GET /api/admin/products',
  'GET /api/admin/products/template',
  'POST /api/admin/products',
  'PUT /api/admin/products/:id',
  'DELETE /api/admin/products/all',
  'DELETE /api/admin/products/cleanup',
  'DELETE /api/admin/products/:id',
  'POST /api/admin/products/bulk',
  'POST /api/admin/products/bulk/columns',
  'GET /api/carousels/admin/all',
  'POST /api/carousels/admin',
  'PUT /api/carousels/admin/:carouselId',
  'POST /api/carousels/admin/:carouselId/slides',
  'PUT /api/carousels/admin/:carouselId/slides/:slideId',
  'DELETE /api/carousels/admin/:carouselId/slides/:slideId',
  'GET /api/admin/stats',
  'GET /api/admin/messages',
  'GET /api/admin/messages/:id',
  'POST /api/admin/messages/:id/retry',
  'GET /api/admin/orders',
  'PUT /api/admin/orders/:id/status',
  'DELETE /api/admin/orders/:id',
  'DELETE /api/admin/orders',
  'GET /api/admin/orders/:id/events',
  'GET /api/admin/orders/:id/history',
  'GET /api/admin/cod-holds',
  'POST /api/admin/cod-holds/:id/release',
  'GET /api/admin/customers',
  'GET /api/admin/customers/:id/orders',
  'GET /api/admin/analytics',
  'GET /api/admin/audit/export',
  'GET /api/admin/audit/verify',
  'GET /api/admin/audit/anchor',
  'GET /api/admin/audit/revenue',
  'GET /api/admin/audit/gst',
  'GET /api/admin/gst/gstr1',
  'GET /api/admin/gst/invoices',
  'GET /api/admin/gst/reconciliation',
  'GET /api/admin/gst/category-defaults',
  'PUT /api/admin/gst/category-defaults',
  'POST /api/admin/live/ticket',
  'POST /api/admin/users/:id/sign-out',
  'PUT /api/admin/users/:id/role',
  'POST /api/admin/customers/:id/erase',
  'GET /api/admin/customers/:id/data-export',
  'GET /api/admin/retained-invoices/:orderId',
  'GET /api/admin/coupons',
  'POST /api/admin/coupons',
  'GET /api/admin/coupons/:code',
  'PUT /api/admin/coupons/:code',
  'POST /api/admin/coupons/:code/pause',
  'POST /api/admin/coupons/:code/resume',
  'GET /api/admin/coupons/:code/uses',
  'GET /api/admin/products/:id/preorders',
  'GET /api/admin/notify-me',
  'GET /api/admin/returns',
  'POST /api/admin/returns/:returnId/approve',
  'POST /api/admin/returns/:returnId/reject',
  'POST /api/admin/returns/:returnId/receive',
  'POST /api/admin/returns/:returnId/payout/retry',
];

/** The URL prefixes the spec reserves for admins (spec: admin dashboard calls, uploads, carousel management). */
export const ADMIN_URL = /^\/api\/(admin|cloudinary|carousels\/admin)(\/|$)/;

/** The registered routes of ADMIN_ROUTES (fails loudly when one is missing). */
export function adminRoutes(app: FastifyInstance): RegisteredRoute[] {
  const registered = apiRoutes(app);
  return ADMIN_ROUTES.map((key) => {
    const route = registered.find((r) => `${r.method} ${r.url}` === key);
    if (!route) throw new Error(`admin route not registered: ${key}`);
    return route;
  });
}

export function hasRoute(app: FastifyInstance, method: string, url: string): boolean {
  return apiRoutes(app).some((r) => r.method === method && r.url === url);
}

/** Path parameter names of a Fastify URL (`/a/:id/b/:slideId` -> ['id', 'slideId'], a wildcard is '*'). */
export function pathParams(url: string): string[] {
  return [...url.matchAll(/:([A-Za-z0-9_]+)|\*/g)].map((m) => m[1] ?? '*');
}

/** Fills every path parameter with a (URL-encoded) value. */
export function fillPath(url: string, value: string | ((name: string) => string)): string {
  const pick = typeof value === 'function' ? value : () => value;
  return url.replace(/:([A-Za-z0-9_]+)|\*/g, (_m, name: string | undefined) => encodeURIComponent(pick(name ?? '*')));
}

/** Fastify URL -> OpenAPI path (`/api/products/:id` -> `/api/products/{id}`). */
export function toOpenApiPath(url: string): string {
  return url.replace(/:([A-Za-z0-9_]+)/g, '{$1}');
}

/** Rows in the event log (a refused request must not change it). */
export async function eventCount(app: { runtime: { pool: { query: (sql: string) => Promise<{ rows: { n: string }[] }> } } }): Promise<number> {
  const result = await app.runtime.pool.query('select count(*)::text as n from events');
  return Number(result.rows[0]!.n);
}

/** Parses `app.printRoutes({ commonPrefix: false })` into "METHOD /full/url" entries (HEAD twins left out). */
export function printedRoutes(app: FastifyInstance): string[] {
  const stack: { depth: number; path: string }[] = [];
  const out: string[] = [];
  for (const line of app.printRoutes({ commonPrefix: false }).split('\n')) {
    const match = /^(.*?)(?:├──|└──) (.*?)(?: \(([A-Z, ]+)\))?$/.exec(line);
    if (!match) continue;
    const depth = match[1]!.length;
    while (stack.length > 0 && stack[stack.length - 1]!.depth >= depth) stack.pop();
    const path = (stack[stack.length - 1]?.path ?? '') + match[2]!;
    stack.push({ depth, path });
    for (const method of (match[3] ?? '')
      .split(',')
      .map((m) => m.trim())
      .filter(Boolean)) {
      if (method !== 'HEAD') out.push(`${method} ${path}`);
    }
  }
  return out;
}

interface WsClient {
  on(event: string, listener: (...args: unknown[]) => void): void;
  once(event: string, listener: (...args: unknown[]) => void): void;
  ping(data?: unknown, mask?: boolean, callback?: (error?: Error) => void): void;
  close(): void;
  terminate(): void;
}
type WsConstructor = new (url: string, options?: { headers?: Record<string, string> }) => WsClient;

/** The `ws` client (a dependency of @fastify/websocket; Node 20 has no global WebSocket). */
export async function wsClass(): Promise<WsConstructor> {
  // typed by @types/ws (which happy-dom brings); cast to the few members used here
  const mod = (await import('ws')) as { default: WsConstructor; WebSocket?: WsConstructor };
  return mod.WebSocket ?? mod.default;
}

/**
 * Connects to a websocket and reports the server's answer, as soon as it gives one: 'refused 401' (the upgrade was
 * answered with a status), 'open' (the upgrade was accepted), 'closed' or 'error ...'. No time window: a server that
 * never answers fails the test at its timeout.
 */
export async function wsAttempt(url: string, headers: Record<string, string> = {}): Promise<{ outcome: string }> {
  const WebSocket = await wsClass();
  return new Promise((resolve) => {
    const ws = new WebSocket(url, { headers });
    let answered = false;
    const finish = (outcome: string) => {
      if (answered) return;
      answered = true;
      try {
        ws.terminate();
      } catch {
        // already gone
      }
      resolve({ outcome });
    };
    ws.on('unexpected-response', (_req, res) => finish(`refused ${(res as { statusCode: number }).statusCode}`));
    ws.on('open', () => finish('open'));
    ws.on('close', () => finish('closed'));
    ws.on('error', (error) => finish(`error ${(error as Error).message}`));
  });
}
