import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { normalizeProduct, type Product, type RawProduct } from '../types';

export async function getCategoryProducts(category: string, signal?: AbortSignal): Promise<Product[]> {
  try {
    // Until the pages ask for what they show (issue 14): the largest page the API answers.
    const data = await api.get<{ products?: RawProduct[] }>(`/products/category/${encodeURIComponent(category)}?limit=200`, signal);
    return (data.products ?? []).map(normalizeProduct);
  } catch (error) {
    console.error(`Failed to load ${category}`, error);
    return [];
  }
}

export const categoryProductsQueryOptions = (category: string) =>
  queryOptions({ queryKey: ['products', 'category', category], queryFn: ({ signal }) => getCategoryProducts(category, signal), enabled: !!category });

export const useCategoryProducts = (category: string) => useQuery(categoryProductsQueryOptions(category));
