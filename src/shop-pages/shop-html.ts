import type { FastifyReply, FastifyRequest } from 'fastify';
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import type { Runtime } from '../runtime.js';
import { renderHead } from './page-head.js';
import { publicOrigin } from './public-url.js';
import { catalogueMemory, resolvePage } from './resolve-page.js';

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

/**
 * The storefront's HTML for a page URL: the built index.html with the page's own head (title, description,
 * canonical, Open Graph, Twitter, JSON-LD) and status (404 for an unknown product or route).
 */
export function createShopHtml(runtime: Runtime, webDist: string) {
  const origin = publicOrigin(runtime.env);
  const memory = catalogueMemory(runtime);
  const templateFile = path.join(webDist, 'index.html');
  let template: string | null = null;
  const loadTemplate = () => (template ??= existsSync(templateFile) ? readFileSync(templateFile, 'utf8') : FALLBACK_TEMPLATE);

  return async function sendShopPage(request: FastifyRequest, reply: FastifyReply) {
    const url = new URL(request.url, 'http://x');
    const page = resolvePage(memory, origin, url.pathname, url.searchParams);
    let html = loadTemplate();
    if (page.head) {
      html = html
        .replace(/<title>[^<]*<\/title>\s*/, '')
        .replace(/<meta name="description"[^>]*>\s*/, '')
        .replace('</head>', `  ${renderHead(origin, page.head)}\n  </head>`);
    }
    return reply.code(page.status).type('text/html; charset=utf-8').header('cache-control', 'no-cache').send(html);
  };
}
