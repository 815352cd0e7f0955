import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest, isRateLimited, PRODUCTS_RATE_LIMIT_RETRY, RATE_LIMIT_MESSAGE, withRetries } from '@kit/api';
import { num } from '@kit/format';
import { pageFrom, query, type Page, type PageRequest } from '../../../lib/page';
import { isValidProduct, toAdminProduct, type AdminProduct } from '../../../lib/admin-product';
import { productKeys } from '../../../lib/query-keys';

export const PRODUCTS_PER_PAGE = 100;
export type ProductTotals = { total: number; valid: number; invalid: number };
export type ProductPage = Page<AdminProduct> & { totals: ProductTotals };

type Body = { products?: Record<string, any>[]; total?: number; page?: number; totalPages?: number; totals?: Partial<ProductTotals> };

/** GET /admin/products?page&limit; on 429 retried after 2, 4 and 8 s, then 'Rate limit exceeded: wait 5 minutes'. */
export async function getProducts(request: PageRequest): Promise<ProductPage> {
  let body: Body;
  try {
    body = await withRetries(() => apiRequest<Body>(`/admin/products?${query(request)}`), PRODUCTS_RATE_LIMIT_RETRY);
  } catch (error) {
    if (isRateLimited(error)) throw new Error(RATE_LIMIT_MESSAGE);
    throw error;
  }
  const items = (body.products ?? []).map(toAdminProduct);
  const valid = items.filter(isValidProduct).length;
  const totals = body.totals
    ? { total: num(body.totals.total), valid: num(body.totals.valid), invalid: num(body.totals.invalid) }
    : { total: items.length, valid, invalid: items.length - valid };
  return { ...pageFrom(body, items, request), totals };
}

export const productsQueryOptions = (request: PageRequest) =>
  queryOptions({ queryKey: productKeys.list(request), queryFn: () => getProducts(request), retry: false, placeholderData: keepPreviousData });
export const useProducts = (page = 1, limit = PRODUCTS_PER_PAGE) => useQuery(productsQueryOptions({ page, limit }));
