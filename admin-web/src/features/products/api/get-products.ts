import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { ADMIN_ROOT } from '../../../lib/query-keys';
import { RATE_LIMIT_MESSAGE, RATE_LIMIT_WAITS, isRateLimited, withRetries } from '../../../lib/retry';
import { toAdminProduct, type AdminProduct } from './product';

export const productsQueryKey = [...ADMIN_ROOT, 'products'] as const;

/** GET /admin/products; on 429 retried after 2, 4 and 8 s, then 'Rate limit exceeded: wait 5 minutes'. */
export async function getProducts(): Promise<AdminProduct[]> {
  try {
    const body = await withRetries(() => apiRequest<{ products?: Record<string, any>[] }>('/admin/products'), RATE_LIMIT_WAITS, isRateLimited);
    return (body.products ?? []).map(toAdminProduct);
  } catch (error) {
    if (isRateLimited(error)) throw new Error(RATE_LIMIT_MESSAGE);
    throw error;
  }
}

export const productsQueryOptions = () => queryOptions({ queryKey: productsQueryKey, queryFn: getProducts, retry: false });
export const useProducts = () => useQuery(productsQueryOptions());
