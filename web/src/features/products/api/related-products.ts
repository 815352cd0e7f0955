import { queryOptions } from '@tanstack/react-query';
import { api } from '@kit/api';
import { normalizeProduct, type Product, type RawProduct } from '../../../lib/product';
import { productKeys } from '../../../lib/query-keys';

/** Spec: at most 4, same category, excluding the current product. */
export const RELATED_LIMIT = 4;

export const relatedProductsPath = (id: string) => `/products/${encodeURIComponent(id)}/related?limit=${RELATED_LIMIT}`;

export async function getRelatedProducts(id: string, signal?: AbortSignal): Promise<Product[]> {
  try {
    const data = await api.get<{ products?: RawProduct[] }>(relatedProductsPath(id), signal);
    return (data.products ?? [])
      .map(normalizeProduct)
      .filter((p) => p.id !== id)
      .slice(0, RELATED_LIMIT);
  } catch (error) {
    if (signal?.aborted) throw error;
    console.error('Failed to load related products', error);
    return [];
  }
}

/** The product page's 'You might also like' grid. */
export const relatedProductsQuery = (id: string) =>
  queryOptions({ queryKey: productKeys.related(id), queryFn: ({ signal }) => getRelatedProducts(id, signal) });
