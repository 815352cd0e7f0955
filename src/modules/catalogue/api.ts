import type { FastifyInstance, FastifyReply } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { CatalogueMemory, ProductPage, ProductQuery } from './search/catalogue-memory.js';
import {
  catalogueQuery,
  categoryParams,
  categoryResponses,
  listResponses,
  PRICE_BANDS,
  productParams,
  productResponses,
  relatedQuery,
  relatedResponses,
  sampleQuery,
  sampleResponses,
  searchResponses,
  type CatalogueQueryString,
} from './search/list-schemas.js';
import { CATEGORIES } from './products/product.js';

const CATEGORY_SLUGS: Record<string, string> = {
  'anime-figures': 'Anime Figures',
  'anime-figure': 'Anime Figures',
  keychains: 'Keychains',
  keychain: 'Keychains',
  'hot-wheels': 'Hot Wheels',
  trending: 'Trending',
};
const KNOWN_CATEGORIES = new Set(CATEGORIES.map((c) => c.toLowerCase()));
export const categoryName = (raw: string) => {
  const trimmed = raw.trim();
  return CATEGORY_SLUGS[trimmed.toLowerCase()] ?? trimmed;
};

const sendJson = (reply: FastifyReply, body: string, status = 200) =>
  reply.code(status).header('content-type', 'application/json; charset=utf-8').header('cache-control', 'no-cache').send(body);

/** Filters of the query string: a price band and minPrice/maxPrice both apply (the narrower wins). */
function filtersOf(query: CatalogueQueryString, category: string | undefined): ProductQuery {
  const [bandMin, bandMax] = query.priceRange ? PRICE_BANDS[query.priceRange] : [undefined, undefined];
  const minPrice = Math.max(bandMin ?? -Infinity, query.minPrice ?? -Infinity);
  const maxPrice = Math.min(bandMax ?? Infinity, query.maxPrice ?? Infinity);
  return {
    ...(category !== undefined && category !== '' ? { category } : {}),
    ...(Number.isFinite(minPrice) ? { minPrice } : {}),
    ...(Number.isFinite(maxPrice) ? { maxPrice } : {}),
    ...(query.featured === 'true' ? { featured: true } : {}),
    ...(query.sort ? { sort: query.sort } : {}),
  };
}

/** `page`/`limit` (or `offset`, which wins) as a start index, and the paging fields of the answer. */
function paging(query: CatalogueQueryString) {
  const start = query.offset ?? (query.page - 1) * query.limit;
  const page = Math.floor(start / query.limit) + 1;
  return {
    start,
    fields: (result: ProductPage) => {
      const totalPages = Math.max(1, Math.ceil(result.total / query.limit));
      return {
        total: result.total,
        page,
        limit: query.limit,
        totalPages,
        nextPage: start + query.limit < result.total ? page + 1 : null,
        ...(query.offset !== undefined ? { offset: query.offset } : {}),
        ...(result.approximate ? { totalApproximate: true } : {}),
      };
    },
  };
}

/**
 * One page of a listing or, with a search term, of the search results (ranked by relevance unless sorted), as the
 * JSON body the routes send. Also the server renderer's read (src/shop-pages/server-reads.ts): one answer for both.
 */
export function listAnswer(memory: CatalogueMemory, query: CatalogueQueryString, category: string | undefined, extra: Record<string, unknown>): string {
  const filters = filtersOf(query, category);
  const { start, fields } = paging(query);
  const term = query.q?.trim() ?? '';
  const build = () => {
    const result = term !== '' ? memory.searchPage(term, filters, start, query.limit) : memory.page(filters, start, query.limit);
    return { success: true, ...extra, products: result.products, ...fields(result) };
  };
  // Only canonical listings are cached: a known category (or none), a band, a sort, a page — never a free-form
  // category, price or search term.
  const knownCategory = category === undefined || KNOWN_CATEGORIES.has(category.toLowerCase());
  const canonical = knownCategory && term === '' && query.minPrice === undefined && query.maxPrice === undefined && query.offset === undefined;
  return canonical
    ? memory.cached(
        `list:${category ?? ''}|${query.priceRange ?? ''}|${query.featured ?? ''}|${query.sort ?? ''}|${query.page}|${query.limit}|${JSON.stringify(extra)}`,
        build,
      )
    : JSON.stringify(build());
}

/** GET /products/search without a term: an empty first page. */
export const emptySearchAnswer = (query: CatalogueQueryString) =>
  JSON.stringify({ success: true, query: '', products: [], ...paging(query).fields({ products: [], total: 0 }) });

/**
 * Shopper reads, served from this instance's in-memory catalogue. Every list answers one page (at most 200 products)
 * with `total` and `nextPage` (see docs/decisions/0005-lists-at-scale.md).
 */
export function shopperCatalogueRoutes(app: FastifyInstance, memory: CatalogueMemory): void {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const answer = (query: CatalogueQueryString, category: string | undefined, extra: Record<string, unknown>) => listAnswer(memory, query, category, extra);

  api.get('/products', { schema: { querystring: catalogueQuery, response: listResponses } }, async (request, reply) =>
    sendJson(reply, answer(request.query, request.query.category ? categoryName(request.query.category) : undefined, {})),
  );

  api.get('/products/search', { schema: { querystring: catalogueQuery, response: searchResponses } }, async (request, reply) => {
    const term = request.query.q?.trim() ?? '';
    const query = { ...request.query, q: term };
    const category = request.query.category ? categoryName(request.query.category) : undefined;
    if (term === '') return sendJson(reply, emptySearchAnswer(query));
    return sendJson(reply, answer(query, category, { query: term }));
  });

  api.get(
    '/products/category/:category',
    { schema: { params: categoryParams, querystring: catalogueQuery, response: categoryResponses } },
    async (request, reply) => {
      const category = categoryName(request.params.category);
      const { category: _ignored, ...query } = request.query;
      return sendJson(reply, answer(query, category, { category }));
    },
  );

  api.get('/products/sample', { schema: { querystring: sampleQuery, response: sampleResponses } }, async (request, reply) => {
    const category = request.query.category ? categoryName(request.query.category) : undefined;
    return sendJson(reply, JSON.stringify({ success: true, products: memory.sample(category, request.query.count) }));
  });

  api.get('/products/:id/related', { schema: { params: productParams, querystring: relatedQuery, response: relatedResponses } }, async (request, reply) => {
    const related = memory.related(request.params.id, request.query.limit);
    if (!related) return sendJson(reply, JSON.stringify({ success: false, error: 'Product not found' }), 404);
    return sendJson(reply, JSON.stringify({ success: true, products: related }));
  });

  // The hottest read: no validation step, the body is serialised straight from the compact record (the schema
  // documents it; no body is kept per product). It is exempt from the per-client limiter, which costs more than this
  // in-memory lookup; the list and search reads stay limited.
  api.get('/products/:id', { config: { rateLimit: false }, schema: { response: productResponses } }, async (request, reply) => {
    const { id } = request.params as { id: string };
    const product = memory.getListedProduct(id);
    if (!product) return sendJson(reply, JSON.stringify({ success: false, error: 'Product not found' }), 404);
    return sendJson(reply, JSON.stringify({ success: true, product }));
  });
}
