import compress from '@fastify/compress';
import type { FastifyInstance } from 'fastify';
import type { Runtime } from '../runtime.js';
import { publicOrigin } from './public-url.js';
import { catalogueMemory } from './resolve-page.js';
import { robotsTxt } from './robots.js';
import { buildSitemap, SITEMAP_MAX_URLS } from './sitemap.js';

export interface CrawlerOptions {
  /** URLs per sitemap file before /sitemap.xml becomes an index (50,000; tests lower it). */
  sitemapMaxUrls?: number;
}

/**
 * /robots.txt and /sitemap.xml (+ /sitemap-products-N.xml parts), generated from this instance's in-memory
 * catalogue, so an import or a removal shows in the next request. The spec's /sitemap stays the people's page.
 */
export async function registerCrawlerRoutes(app: FastifyInstance, runtime: Runtime, options: CrawlerOptions = {}): Promise<void> {
  const origin = publicOrigin(runtime.env);
  const memory = catalogueMemory(runtime);
  const maxUrls = options.sitemapMaxUrls ?? SITEMAP_MAX_URLS;
  // One sitemap build per catalogue version (every product in the catalogue order, newest first).
  let built: { version: number; map: ReturnType<typeof buildSitemap> } | null = null;
  const sitemap = () => {
    if (built?.version !== memory.version) {
      const version = memory.version;
      built = { version, map: buildSitemap(origin, memory.page({}, 0, memory.size).products, maxUrls) };
    }
    return built.map;
  };

  await app.register(async (scope) => {
    await scope.register(compress, { global: true, threshold: 1024, encodings: ['br', 'gzip'] });
    scope.get('/robots.txt', async (_request, reply) =>
      reply.type('text/plain; charset=utf-8').header('cache-control', 'public, max-age=3600').send(robotsTxt(origin)),
    );
    scope.get('/sitemap.xml', async (_request, reply) =>
      reply.type('application/xml; charset=utf-8').header('cache-control', 'no-cache').send(sitemap().root()),
    );
    scope.get('/sitemap-products-:n.xml', async (request, reply) => {
      const body = sitemap().part(Number((request.params as { n: string }).n));
      if (body === null) return reply.code(404).type('text/plain; charset=utf-8').send('Not found');
      return reply.type('application/xml; charset=utf-8').header('cache-control', 'no-cache').send(body);
    });
  });
}
