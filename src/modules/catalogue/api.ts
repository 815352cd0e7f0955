import type { FastifyInstance, FastifyReply } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { CatalogueMemory, ProductQuery } from './catalogue-memory.js';
import { productQuery, searchQuery } from './schemas.js';

const CATEGORY_SLUGS: Record<string, string> = {
  'anime-figures': 'Anime Figures',
  'anime-figure': 'Anime Figures',
  keychains: 'Keychains',
  keychain: 'Keychains',
  'hot-wheels': 'Hot Wheels',
  trending: 'Trending',
};

const sendJson = (reply: FastifyReply, body: string, status = 200) =>
  reply.code(status).header('content-type', 'application/json; charset=utf-8').header('cache-control', 'no-cache').send(body);

const keyOf = (q: ProductQuery) => `${q.category ?? ''}|${q.minPrice ?? ''}|${q.maxPrice ?? ''}|${q.sort ?? ''}`;

/** Shopper reads, served from this instance's in-memory catalogue. */
export function shopperCatalogueRoutes(app: FastifyInstance, memory: CatalogueMemory): void {
  const api = app.withTypeProvider<ZodTypeProvider>();

  api.get('/products', { schema: { querystring: productQuery } }, async (request, reply) => {
    const { t: _t, limit, offset, ...query } = request.query;
    if (limit === undefined && offset === undefined) {
      return sendJson(reply, memory.cached(`list:${keyOf(query)}`, () => ({ success: true, products: memory.list(query) })));
    }
    const all = memory.list(query);
    const start = offset ?? 0;
    return sendJson(reply, JSON.stringify({ success: true, total: all.length, offset: start, products: all.slice(start, start + (limit ?? all.length)) }));
  });

  api.get('/products/search', { schema: { querystring: searchQuery } }, async (request, reply) => {
    const { q, t: _t, limit, ...query } = request.query;
    const term = q.trim();
    return sendJson(
      reply,
      memory.cached(`search:${term.toLowerCase()}:${keyOf(query)}:${limit}`, () => {
        const found = memory.search(term, query);
        return { success: true, query: term, total: found.length, products: found.slice(0, limit) };
      }),
    );
  });

  api.get('/products/category/:category', { schema: { querystring: productQuery } }, async (request, reply) => {
    const raw = (request.params as { category: string }).category.trim();
    const category = CATEGORY_SLUGS[raw.toLowerCase()] ?? raw;
    const { t: _t, category: _ignored, limit: _limit, offset: _offset, ...query } = request.query;
    const q = { ...query, category };
    return sendJson(reply, memory.cached(`category:${keyOf(q)}`, () => ({ success: true, category, products: memory.list(q) })));
  });

  // The hottest read: no schema step, the cached body is sent as it is. It is exempt from the per-client limiter,
  // which costs more than this in-memory lookup; the list and search reads (large bodies) stay limited.
  api.get('/products/:id', { config: { rateLimit: false } }, async (request, reply) => {
    const { id } = request.params as { id: string };
    const product = memory.getProduct(id);
    if (!product) return sendJson(reply, JSON.stringify({ success: false, error: 'Product not found' }), 404);
    return sendJson(reply, memory.cached(`id:${id}`, () => ({ success: true, product })));
  });
}
