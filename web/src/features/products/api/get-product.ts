import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@kit/api';
import { normalizeProduct, type Product, type RawProduct } from '../../../lib/product';
import { productKeys } from '../../../lib/query-keys';

export async function getProduct(id: string, signal?: AbortSignal): Promise<Product> {
  const data = await api.get<{ product?: RawProduct }>(`/products/${encodeURIComponent(id)}`, signal);
  if (!data.product) throw new Error('Product Not Found');
  return normalizeProduct(data.product);
}

/** One product by id (the product page; the cart and wishlist keep the products they hold). */
export const productQuery = (id: string) => queryOptions({ queryKey: productKeys.detail(id), queryFn: ({ signal }) => getProduct(id, signal), retry: false });

export const useProduct = (id: string) => useQuery(productQuery(id));
