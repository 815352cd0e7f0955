import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { normalizeProduct, type Product, type RawProduct } from '../types';

export async function searchProducts(q: string, signal?: AbortSignal): Promise<Product[]> {
  try {
    const data = await api.get<{ products?: RawProduct[] }>(`/products/search?q=${encodeURIComponent(q)}&limit=100`, signal);
    return (data.products ?? []).map(normalizeProduct);
  } catch (error) {
    console.error('Search failed', error);
    return [];
  }
}

export const searchProductsQueryOptions = (q: string) =>
  queryOptions({ queryKey: ['products', 'search', q], queryFn: ({ signal }) => searchProducts(q, signal), enabled: q.trim().length > 0 });

export const useSearchProducts = (q: string) => useQuery(searchProductsQueryOptions(q));
