import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '@kit/api';
import { pageFrom, query, type Page, type PageRequest } from '../../../lib/page';
import { toAdminOrder, type AdminOrder } from '../../../lib/admin-order';
import { orderKeys } from '../../../lib/query-keys';

export const ORDERS_PER_PAGE = 50;

/** GET /admin/orders?page&limit, newest first. */
export async function getOrders(request: PageRequest): Promise<Page<AdminOrder>> {
  const body = await apiRequest<{ orders?: Record<string, any>[]; total?: number; page?: number; totalPages?: number }>(`/admin/orders?${query(request)}`);
  return pageFrom(body, (body.orders ?? []).map(toAdminOrder), request);
}

export const ordersQueryOptions = (request: PageRequest) =>
  queryOptions({ queryKey: orderKeys.list(request), queryFn: () => getOrders(request), placeholderData: keepPreviousData });
export const useOrders = (page = 1, limit = ORDERS_PER_PAGE) => useQuery(ordersQueryOptions({ page, limit }));
