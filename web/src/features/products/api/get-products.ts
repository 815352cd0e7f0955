import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { normalizeProduct, type Product, type RawProduct } from '../types';

export async function getProducts(signal?: AbortSignal): Promise<Product[]> {
  try {
    // Until the pages ask for what they show (issue 14): the largest page the API answers.
    const data = await api.get<{ products?: RawProduct[] }>('/products?limit=200', signal);
    return (data.products ?? []).map(normalizeProduct);
  } catch (error) {
    // Spec: a product list failure is logged and shows an empty list.
    console.error('Failed to load products', error);
    return [];
  }
}

export const productsQueryOptions = () => queryOptions({ queryKey: ['products'], queryFn: ({ signal }) => getProducts(signal) });

export const useProducts = () => useQuery(productsQueryOptions());
