import { queryOptions } from '@tanstack/react-query';
import { api } from '@kit/api';
import { FEATURED_PAGE_SIZE } from '../../../lib/constants';
import { emptyProductPage, toProductPage, type ProductPage, type RawProductPage } from './product-page';
import { productKeys } from '../../../lib/query-keys';

export const featuredProductsPath = (page: number) => `/products?featured=true&page=${page}&limit=${FEATURED_PAGE_SIZE}`;

export async function getFeaturedProducts(page: number, signal?: AbortSignal): Promise<ProductPage> {
  try {
    return toProductPage(await api.get<RawProductPage>(featuredProductsPath(page), signal), { page, limit: FEATURED_PAGE_SIZE });
  } catch (error) {
    if (signal?.aborted) throw error;
    console.error('Failed to load featured products', error);
    return emptyProductPage(page, FEATURED_PAGE_SIZE);
  }
}

/** The home page's featured block (new or on sale), 8 per page; Load More asks for the next page. */
export const featuredProductsQuery = (page: number) =>
  queryOptions({ queryKey: productKeys.featured(page), queryFn: ({ signal }) => getFeaturedProducts(page, signal) });
