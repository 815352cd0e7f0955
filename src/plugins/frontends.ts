import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';
import { existsSync } from 'node:fs';
import path from 'node:path';
import { APP_ROOT } from '../config/app-root.js';
import type { Runtime } from '../runtime.js';
import { createShopHtml } from '../shop-pages/shop-html.js';

const root = APP_ROOT;

/**
 * Vite's /assets/ files carry a content hash in their names: cached for a year. index.html and the service worker
 * must be fetched fresh so that a deploy reaches shoppers; everything else (icons, manifest) for an hour.
 */
export function cacheControlFor(filePath: string): string {
  const normalised = filePath.split(path.sep).join('/');
  if (normalised.includes('/assets/')) return 'public, max-age=31536000, immutable';
  if (normalised.endsWith('/index.html') || normalised.endsWith('/sw.js')) return 'no-cache';
  return 'public, max-age=3600';
}

/**
 * Serves the built SPAs: the admin under /admin, the storefront everywhere else. A reload of any page route gets
 * its SPA's index.html; unknown /api routes stay JSON 404s, and so do missing asset files (plain text).
 */
export async function registerFrontends(app: FastifyInstance, runtime: Runtime): Promise<void> {
  const web = path.join(root, 'web/dist');
  const sendShopPage = createShopHtml(runtime, web, path.join(root, 'web/dist-ssr/entry-server.js'));
  const admin = path.join(root, 'admin-web/dist');
  // reply.sendFile is decorated by the first static registration only.
  let decorated = false;
  for (const [dir, prefix] of [
    [web, '/'],
    [admin, '/admin/'],
  ] as const) {
    if (!existsSync(dir)) continue;
    await app.register(fastifyStatic, {
      root: dir,
      prefix,
      wildcard: false,
      index: false,
      decorateReply: !decorated,
      // scripts/build-frontends.mjs writes .br and .gz beside every text asset.
      preCompressed: true,
      cacheControl: false,
      setHeaders: (reply, filePath) => reply.header('cache-control', cacheControlFor(filePath)),
    });
    decorated = true;
  }
  // A file the build does not have (an old hashed bundle asked for by a stale page, a mistyped icon) is a 404: an
  // index.html in its place would reach the browser as a script or image with status 200 and fail obscurely.
  const fileLike = /\/assets\/|\.(?:m?js|css|map|png|jpe?g|webp|avif|gif|svg|ico|woff2?|ttf|webmanifest|br|gz)$/i;
  const missing = (name: string) =>
    `<!doctype html><meta charset="utf-8"><title>Anime Collectibles</title><p>The ${name} has not been built yet. Run <code>npm run build:web</code>.</p>`;
  app.setNotFoundHandler((request, reply) => {
    const url = request.url.split('?')[0]!;
    // HEAD answers like GET (status and headers; Node sends no body for HEAD), as crawlers and uptime checks expect.
    const read = request.method === 'GET' || request.method === 'HEAD';
    if (url.startsWith('/api/') || url === '/api' || !read) {
      return reply.code(404).send({ success: false, error: `Route ${request.method} ${url} not found` });
    }
    if (fileLike.test(url)) return reply.code(404).type('text/plain; charset=utf-8').header('cache-control', 'no-cache').send('Not found');
    const isAdmin = url === '/admin' || url.startsWith('/admin/');
    if (!isAdmin) return sendShopPage(request, reply);
    if (existsSync(path.join(admin, 'index.html'))) {
      return reply.header('cache-control', 'no-cache').sendFile('index.html', admin);
    }
    return reply.type('text/html').send(missing('admin dashboard'));
  });
}
