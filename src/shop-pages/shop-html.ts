import type { FastifyReply, FastifyRequest } from 'fastify';
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';
import type { Runtime } from '../runtime.js';
import { scriptJson } from './html-escape.js';
import { renderHead } from './page-head.js';
import { publicOrigin } from './public-url.js';
import { catalogueMemory, resolvePage } from './resolve-page.js';
import { createServerReads } from './server-reads.js';
import { serverRendererLoader } from './server-renderer.js';

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

/**
 * The storefront's HTML for a page URL: the built index.html with the page's own head (title, description,
 * canonical, Open Graph, Twitter, JSON-LD) and status (404 for an unknown product or route). Pages with public
 * content are rendered on the server (web/dist-ssr) with their data, and the query cache the browser hydrates from
 * goes beside them as `<script type="application/json">` (not executable, so no CSP exception); private pages stay
 * an empty shell the browser renders.
 */
export function createShopHtml(runtime: Runtime, webDist: string, ssrFile: string) {
  const origin = publicOrigin(runtime.env);
  const memory = catalogueMemory(runtime);
  const reads = createServerReads(memory, runtime.pool);
  const loadRenderer = serverRendererLoader(ssrFile);
  const templateFile = path.join(webDist, 'index.html');
  let template: string | null = null;
  const loadTemplate = () => (template ??= existsSync(templateFile) ? readFileSync(templateFile, 'utf8') : FALLBACK_TEMPLATE);

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
    const url = new URL(request.url, 'http://x');
    const page = resolvePage(memory, origin, url.pathname, url.searchParams);
    const html = await body(request, url, page);
    if (typeof html !== 'string') return reply.redirect(html.redirect, html.status);
    reply.code(page.status).type('text/html; charset=utf-8').header('cache-control', 'no-cache').header('vary', 'accept-encoding');
    const accepts = String(request.headers['accept-encoding'] ?? '');
    if (/\bbr\b/.test(accepts)) {
      return reply.header('content-encoding', 'br').send(await brotli(html, { params: { [constants.BROTLI_PARAM_QUALITY]: 4 } }));
    }
    if (/\bgzip\b/.test(accepts)) return reply.header('content-encoding', 'gzip').send(await gzipAsync(html, { level: 6 }));
    return reply.send(html);
  };
}
