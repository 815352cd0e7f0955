import type { FastifyReply, FastifyRequest } from 'fastify';
import { LRUCache } from 'lru-cache';
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';
import type { Runtime } from '../runtime.js';
import { withEarlyActionsScript } from './early-actions-script.js';
import { scriptJson } from './html-escape.js';
import { inlineStylesheets } from './inline-stylesheet.js';
import { lcpPreloadLink } from './lcp-preload.js';
import { renderHead } from './page-head.js';
import { publicOrigin } from './public-url.js';
import { catalogueMemory, resolvePage } from './resolve-page.js';
import { createServerReads } from './server-reads.js';
import { serverRendererLoader } from './server-renderer.js';
import { pageSearch, searchTermTooLong } from './page-params.js';
import { createRenderBudget } from './render-budget.js';
import { preferredEncoding } from '../shared/accept-encoding.js';
import { clientKey } from '../plugins/rate-limits.js';

const brotli = promisify(brotliCompress);
const gzipAsync = promisify(gzip);

/** Used when web/ has not been built (API tests): the same shell as web/index.html without the bundle. */
const FALLBACK_TEMPLATE = `<!doctype html>
<html lang="en">
  <head>
    <meta charset="utf-8" />
    <meta name="viewport" content="width=device-width, initial-scale=1" />
    <title>Anime Collectibles</title>
  </head>
  <body>
    <div id="root"></div>
    <!-- The storefront has not been built yet: run npm run build:web. -->
  </body>
</html>`;

const ROOT = '<div id="root"></div>';

/** The catalogue API's words for a search term beyond its limit. */
const SEARCH_TERM_TOO_LONG = 'Search term is too long';

/** A short page that says why nothing was rendered; never indexed, never cached. */
function sendRefusal(reply: FastifyReply, status: 400 | 429, message: string) {
  return reply
    .code(status)
    .type('text/html; charset=utf-8')
    .header('cache-control', 'no-store')
    .send(
      `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><meta name="robots" content="noindex"><title>${message} · Anime Collectibles</title></head><body><h1>${message}</h1><p><a href="/">Back to the shop</a></p></body></html>`,
    );
}

/**
 * Rendered pages are the same for every visitor (rendered as a guest), kept per catalogue version and carousels
 * read-model generation (an import, an edit, a stock change or a carousel change renders afresh at once: both are part
 * of the key),
 * bounded in bytes. Within those versions a page is fresh for a few seconds (what else it shows may have changed); after that it is
 * still sent at once, and rendered again in the background for the next request (stale-while-revalidate), so a
 * shopper waits for a render only on a page nobody asked for in the last 10 minutes or after a catalogue change.
 * The browser takes the page's query cache as fetched when it arrives (web/src/boot.tsx), so its age does not make
 * hydration fetch it again.
 */
export const RENDER_CACHE_TTL_MS = 5_000;
export const RENDER_CACHE_KEEP_MS = 10 * 60_000;
const RENDER_CACHE_BYTES = 32 * 1024 * 1024;

interface Rendered {
  status: number;
  html: string;
  renderedAt: number;
  br?: Buffer;
  gzip?: Buffer;
}

/**
 * The storefront's HTML for a page URL: the built index.html with the page's own head (title, description,
 * canonical, Open Graph, Twitter, JSON-LD) and status (404 for an unknown product or route). Pages with public
 * content are rendered on the server (web/dist-ssr) with their data, and the query cache the browser hydrates from
 * goes beside them as `<script type="application/json">` (not executable, so no CSP exception); private pages stay
 * an empty shell the browser renders.
 */
export function createShopHtml(runtime: Runtime, webDist: string, ssrFile: string, options: { cacheTtlMs?: number; cacheKeepMs?: number } = {}) {
  const freshMs = options.cacheTtlMs ?? RENDER_CACHE_TTL_MS;
  const renderBudget = createRenderBudget(runtime.limits.rendersPerMinute);
  const rendered = new LRUCache<string, Rendered>({
    maxSize: RENDER_CACHE_BYTES,
    sizeCalculation: (r) => r.html.length * 2 + (r.br?.length ?? 0) + (r.gzip?.length ?? 0) + 64,
    ttl: Math.max(freshMs, options.cacheKeepMs ?? RENDER_CACHE_KEEP_MS),
  });
  const inflight = new Map<string, Promise<Rendered | { redirect: string; status: number }>>();
  const origin = publicOrigin(runtime.env);
  const memory = catalogueMemory(runtime);
  const reads = createServerReads(memory, runtime.pool, runtime.jwtSecret);
  const loadRenderer = serverRendererLoader(ssrFile);
  const templateFile = path.join(webDist, 'index.html');
  let template: string | null = null;
  const loadTemplate = () =>
    (template ??= withEarlyActionsScript(existsSync(templateFile) ? inlineStylesheets(readFileSync(templateFile, 'utf8'), webDist) : FALLBACK_TEMPLATE));

  async function body(request: FastifyRequest, url: URL, page: ReturnType<typeof resolvePage>): Promise<string | { redirect: string; status: number }> {
    let html = loadTemplate();
    if (!page.head) return html;
    html = html
      .replace(/<title>[^<]*<\/title>\s*/, '')
      .replace(/<meta name="description"[^>]*>\s*/, '')
      .replace('</head>', `  ${renderHead(origin, page.head)}\n  </head>`);
    const renderer = await loadRenderer();
    if (!renderer || !html.includes(ROOT)) return html;
    try {
      const rendered = await renderer.render(`http://localhost${url.pathname}${url.search}`, reads);
      if (rendered.redirect) return { redirect: rendered.redirect.location, status: rendered.redirect.status };
      const preload = lcpPreloadLink(rendered.html);
      // Ahead of the scripts and the stylesheet: the image is the first thing the page paints large.
      if (preload) html = html.replace(/(\s*)(<script type="module"|<\/head>)/, (_, space: string, next: string) => `${space}${preload}${space}${next}`);
      return html.replace(
        ROOT,
        `<div id="root">${rendered.html}</div>\n    <script type="application/json" id="ssr-data">${scriptJson(rendered.dehydratedState)}</script>`,
      );
    } catch (error) {
      // The page still works: the browser renders it as before.
      request.log.error({ err: error, url: request.url }, 'server rendering failed');
      return html;
    }
  }

  return async function sendShopPage(request: FastifyRequest, reply: FastifyReply) {
    const asked = new URL(request.url, 'http://x');
    if (searchTermTooLong(asked.pathname, asked.searchParams)) return sendRefusal(reply, 400, SEARCH_TERM_TOO_LONG);
    // Rendered from, and cached under, the parameters the page reads: campaign tags and strangers change nothing.
    const url = new URL(`${asked.pathname}${pageSearch(asked.pathname, asked.searchParams)}`, 'http://x');
    // The carousels' generation moves on once their read model holds a change, on every instance (ProjectionRunner).
    const key = `${memory.version}.${runtime.projections.generation('carousels')}|${url.pathname}${url.search}`;
    // Requests for a page being rendered wait for that render instead of rendering it again.
    const render = () => {
      let pending = inflight.get(key);
      if (!pending) {
        pending = (async () => {
          const page = resolvePage(memory, origin, url.pathname, url.searchParams);
          const html = await body(request, url, page);
          if (typeof html !== 'string') return html;
          const fresh: Rendered = { status: page.status, html, renderedAt: Date.now() };
          // Only server-rendered pages are kept (the shell of a private page costs nothing to build).
          if (html.includes('id="ssr-data"')) rendered.set(key, fresh);
          return fresh;
        })().finally(() => inflight.delete(key));
        inflight.set(key, pending);
      }
      return pending;
    };
    let entry = rendered.get(key);
    if (entry && Date.now() - entry.renderedAt > freshMs) {
      render().catch((error: unknown) => request.log.error({ err: error, url: request.url }, 'background render failed'));
    }
    if (!entry) {
      // A page nobody has asked for costs a render: each client has a budget of those (waiting for a render already
      // under way costs nothing).
      if (!inflight.has(key) && !renderBudget.take(clientKey(request))) {
        return sendRefusal(reply.header('retry-after', String(renderBudget.retryAfterSeconds(clientKey(request)))), 429, 'Too many requests');
      }
      const result = await render();
      if ('redirect' in result) return reply.redirect(result.redirect, result.status);
      entry = result;
    }
    reply.code(entry.status).type('text/html; charset=utf-8').header('cache-control', 'no-cache').header('vary', 'accept-encoding');
    const encoding = preferredEncoding(request.headers['accept-encoding'], ['br', 'gzip'] as const);
    if (encoding === 'br') {
      entry.br ??= await brotli(entry.html, { params: { [constants.BROTLI_PARAM_QUALITY]: 4 } });
      return reply.header('content-encoding', 'br').send(entry.br);
    }
    if (encoding === 'gzip') {
      entry.gzip ??= await gzipAsync(entry.html, { level: 6 });
      return reply.header('content-encoding', 'gzip').send(entry.gzip);
    }
    return reply.send(entry.html);
  };
}
