import type pg from 'pg';
import { categoryName, emptySearchAnswer, listAnswer } from '../modules/catalogue/api.js';
import type { CatalogueMemory } from '../modules/catalogue/search/catalogue-memory.js';
import { catalogueQuery, relatedQuery, sampleQuery } from '../modules/catalogue/search/list-schemas.js';
import { activeCarousel } from '../modules/carousels/api.js';
import { reviewsOfProduct } from '../modules/reviews/queries.js';
import { reviewerPseudonym } from '../modules/reviews/reviewer-id.js';

const notFound = (error: string) => ({ success: false, error });

/**
 * The reads a server-rendered page prefetches, answered in-process: the catalogue from this instance's memory (the
 * same answer functions as the /api routes), reviews and carousels from their read models. Paths are those the
 * storefront's query options ask for under /api. Anything else is refused, and the page's query then runs in the
 * browser as before.
 */
export function createServerReads(memory: CatalogueMemory, pool: pg.Pool, instanceSecret: Uint8Array) {
  const reviewerId = reviewerPseudonym(instanceSecret);
  return async function read(path: string): Promise<unknown> {
    const url = new URL(path, 'http://server');
    const params = Object.fromEntries(url.searchParams);
    const parts = url.pathname.split('/').filter(Boolean).map(decodeURIComponent);
    if (parts[0] === 'carousels' && parts.length === 2) {
      const carousel = (await activeCarousel(pool, parts[1]!)) ?? undefined;
      // No active carousel: the storefront's built-in slides, as after the API's 404 (without logging a failure).
      return { success: true, carousel };
    }
    if (parts[0] !== 'products') throw new Error(`No server read for ${url.pathname}`);
    const [, first, second] = parts;
    const list = (category: string | undefined, extra: Record<string, unknown>) => {
      const query = catalogueQuery.safeParse(params);
      if (!query.success) return notFound(query.error.issues[0]?.message ?? 'Invalid request');
      if ('query' in extra && !(query.data.q ?? '').trim()) return JSON.parse(emptySearchAnswer(query.data));
      return JSON.parse(listAnswer(memory, { ...query.data, ...('query' in extra ? { q: query.data.q!.trim() } : {}) }, category, extra));
    };
    if (parts.length === 1) return list(params.category ? categoryName(params.category) : undefined, {});
    if (first === 'search' && parts.length === 2) {
      const term = (params.q ?? '').trim();
      return list(params.category ? categoryName(params.category) : undefined, { query: term });
    }
    if (first === 'category' && parts.length === 3) {
      const category = categoryName(second!);
      const { category: _ignored, ...rest } = params;
      const query = catalogueQuery.safeParse(rest);
      if (!query.success) return notFound(query.error.issues[0]?.message ?? 'Invalid request');
      return JSON.parse(listAnswer(memory, query.data, category, { category }));
    }
    if (first === 'sample' && parts.length === 2) {
      const query = sampleQuery.parse(params);
      return { success: true, products: memory.sample(query.category ? categoryName(query.category) : undefined, query.count) };
    }
    const product = first ? memory.getListedProduct(first) : undefined;
    if (parts.length === 2) return product ? { success: true, product } : notFound('Product not found');
    // For a missing product the API answers 404 and the page shows no reviews and no related products: the same empty
    // lists here, so the 'Product Not Found' page is complete in the HTML without logging two failures per request.
    if (parts.length === 3 && second === 'related') {
      return { success: true, products: (product && memory.related(product.id, relatedQuery.parse(params).limit)) ?? [] };
    }
    if (parts.length === 3 && second === 'reviews') {
      if (!product) return { success: true, reviews: [] };
      // JSON round trip: dates as the API sends them (ISO strings), so the page renders what the browser would.
      return JSON.parse(JSON.stringify({ success: true, ...(await reviewsOfProduct(pool, product.id, reviewerId)) }));
    }
    throw new Error(`No server read for ${url.pathname}`);
  };
}
