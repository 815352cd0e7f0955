import { QueryClient } from '@tanstack/react-query';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { categoryListState, searchListState, allProductsListState } from '../list-state';
import { featuredProductsQuery } from './featured-products';
import { getProduct, productQuery } from './get-product';
import { keychainSampleQuery } from './keychain-sample';
import { productListQuery } from './product-list';
import { relatedProductsQuery } from './related-products';

const params = (query: string) => new URLSearchParams(query);
const raw = (id: number, extra: Record<string, unknown> = {}) => ({
  id,
  name: `Figure ${id}`,
  price: 1000 + id,
  category: 'Anime Figures',
  image: `/media/${id}.webp`,
  ...extra,
});

/** A fetch that records the URLs asked and answers each with `answer(url)`. */
function stubFetch(answer: (url: string) => unknown, status = 200) {
  const urls: string[] = [];
  vi.stubGlobal('fetch', async (url: string) => {
    urls.push(url);
    return new Response(JSON.stringify(answer(url)), { status, headers: { 'content-type': 'application/json' } });
  });
  return urls;
}

let client: QueryClient;
beforeEach(() => {
  client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  vi.spyOn(console, 'error').mockImplementation(() => {});
});
afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('listing queries: one server page with filters, sort and count applied there', () => {
  it('a category page asks its category route for one page of 24 with band, sort, term and page', async () => {
    const urls = stubFetch(() => ({ success: true, products: [raw(1), raw(2)], total: 50, page: 3, limit: 24, totalPages: 3, nextPage: null }));
    const state = categoryListState('anime-figures', params('q=naruto&priceRange=3000-plus&sort=price-low&page=3'));
    const page = await client.fetchQuery(productListQuery(state));
    expect(urls).toEqual(['/api/products/category/anime-figures?q=naruto&priceRange=3000-plus&sort=price-low&page=3&limit=24']);
    expect(page).toMatchObject({ total: 50, page: 3, limit: 24, totalPages: 3, nextPage: null });
    expect(page.products.map((p) => [p.id, p.price])).toEqual([
      ['1', 1001],
      ['2', 1002],
    ]);
  });

  it('search asks the search route, /products the plain list, always with page and limit', async () => {
    const urls = stubFetch(() => ({ success: true, products: [], total: 0, page: 1, limit: 24, totalPages: 0, nextPage: null }));
    await client.fetchQuery(productListQuery(searchListState(params('q=kakshi&priceRange=under-500'))));
    await client.fetchQuery(productListQuery(allProductsListState(params('page=2'))));
    await client.fetchQuery(productListQuery(categoryListState('keychains', params(''))));
    expect(urls).toEqual([
      '/api/products/search?q=kakshi&priceRange=under-500&page=1&limit=24',
      '/api/products?page=2&limit=24',
      '/api/products/category/keychains?page=1&limit=24',
    ]);
  });

  it('keys name the whole state, so each page and filter is cached apart and equal URLs share one entry', () => {
    const a = productListQuery(categoryListState('anime-figures', params('page=2&sort=rating')));
    const b = productListQuery(categoryListState('anime-figures', params('sort=rating&page=2&junk=1')));
    const c = productListQuery(categoryListState('anime-figures', params('page=3&sort=rating')));
    const d = productListQuery(categoryListState('keychains', params('page=2&sort=rating')));
    expect(a.queryKey).toEqual(b.queryKey);
    expect(a.queryKey).not.toEqual(c.queryKey);
    expect(a.queryKey).not.toEqual(d.queryKey);
    expect(a.queryKey[0]).toBe('products');
  });

  it('a failed list is logged and shows as an empty page (spec: product list failure → empty list)', async () => {
    stubFetch(() => ({ success: false, error: 'limit must be between 1 and 200' }), 400);
    const page = await client.fetchQuery(productListQuery(categoryListState('keychains', params('page=2'))));
    expect(page).toEqual({ products: [], total: 0, page: 2, limit: 24, totalPages: 0, nextPage: null });
    expect(console.error).toHaveBeenCalled();
  });
});

describe('home, product page and detail queries', () => {
  it('featured: page N of 8 new-or-on-sale products with the true total', async () => {
    const urls = stubFetch(() => ({ success: true, products: [raw(9, { is_new: true })], total: 44, page: 2, limit: 8, totalPages: 6, nextPage: 3 }));
    const page = await client.fetchQuery(featuredProductsQuery(2));
    expect(urls).toEqual(['/api/products?featured=true&page=2&limit=8']);
    expect(page).toMatchObject({ total: 44, page: 2, nextPage: 3 });
    expect(featuredProductsQuery(2).queryKey).toEqual(['products', 'featured', 2]);
  });

  it('keychain showcase: a server sample, products without a usable image dropped, kept for the visit', async () => {
    const urls = stubFetch(() => ({ success: true, products: [raw(1), raw(2, { image: 'null' }), raw(3, { image: '' }), raw(4, { image: 'undefined' })] }));
    const sample = await client.fetchQuery(keychainSampleQuery());
    expect(urls).toEqual(['/api/products/sample?category=Keychains&count=12']);
    expect(sample.map((p) => p.id)).toEqual(['1']);
    expect(keychainSampleQuery().staleTime).toBe(Infinity);
  });

  it('related: at most 4 of the server answer, never the product itself', async () => {
    const urls = stubFetch(() => ({ success: true, products: [raw(7), raw(1), raw(2), raw(3), raw(4)] }));
    const related = await client.fetchQuery(relatedProductsQuery('7'));
    expect(urls).toEqual(['/api/products/7/related?limit=4']);
    expect(related.map((p) => p.id)).toEqual(['1', '2', '3', '4']);
  });

  it('a product by id; a missing one is an error (Product Not Found)', async () => {
    const urls = stubFetch((url) => (url.endsWith('/a%2Fb') ? { success: true, product: raw(5) } : { success: false, error: 'Product not found' }));
    expect((await client.fetchQuery(productQuery('a/b'))).name).toBe('Figure 5');
    await expect(getProduct('nope')).rejects.toThrow('Product not found');
    expect(urls[0]).toBe('/api/products/a%2Fb');
    expect(productQuery('a/b').queryKey).toEqual(['products', 'detail', 'a/b']);
  });

  it('an aborted request is not cached as an empty page', async () => {
    vi.stubGlobal('fetch', async (_url: string, init: { signal?: AbortSignal }) => {
      await new Promise((resolve) => setTimeout(resolve, 20));
      init.signal?.throwIfAborted();
      return new Response('{}');
    });
    const controller = new AbortController();
    const { getProductList } = await import('./product-list');
    const pending = getProductList(categoryListState('keychains', params('')), controller.signal);
    controller.abort();
    await expect(pending).rejects.toThrow();
  });
});
