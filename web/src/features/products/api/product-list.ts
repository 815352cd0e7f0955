import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { api } from '@kit/api';
import { LIST_PAGE_SIZE, type ProductListState } from '../list-state';
import { emptyProductPage, toProductPage, type ProductPage, type RawProductPage } from './product-page';
import { productKeys } from '../../../lib/query-keys';

/**
 * The API call of a listing page: category pages ask their category route, a search term without a category asks
 * the search route, /products the plain list; filters, sort, page and page size always travel, so the server
 * filters, sorts, counts and pages.
 */
export function productListPath(state: ProductListState): string {
  const params = new URLSearchParams();
  if (state.q) params.set('q', state.q);
  if (state.priceRange !== 'all') params.set('priceRange', state.priceRange);
  if (state.sort !== 'featured') params.set('sort', state.sort);
  params.set('page', String(state.page));
  params.set('limit', String(LIST_PAGE_SIZE));
  const route = state.category ? `/products/category/${state.category}` : state.q ? '/products/search' : '/products';
  return `${route}?${params}`;
}

export async function getProductList(state: ProductListState, signal?: AbortSignal): Promise<ProductPage> {
  try {
    return toProductPage(await api.get<RawProductPage>(productListPath(state), signal), { page: state.page, limit: LIST_PAGE_SIZE });
  } catch (error) {
    if (signal?.aborted) throw error;
    // Spec: a product list failure is logged and shows an empty list.
    console.error('Failed to load products', error);
    return emptyProductPage(state.page, LIST_PAGE_SIZE);
  }
}

/** The key names every part of the state, defaults included, so equal pages share one cache entry. */
export const productListKey = (state: ProductListState) =>
  productKeys.list({ category: state.category ?? null, q: state.q, priceRange: state.priceRange, sort: state.sort, page: state.page });

/** One page of /anime-figures, /keychains, /products or /search (state from `categoryListState` & co.). */
export const productListQuery = (state: ProductListState) =>
  queryOptions({
    queryKey: productListKey(state),
    queryFn: ({ signal }) => getProductList(state, signal),
    // While the next page or filter loads, the current one stays on screen (no skeleton flash).
    placeholderData: keepPreviousData,
  });
