import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { AdminCustomer } from '@contract';
import { apiRequest } from '@kit/api';
import { pageFrom, query, type Page, type PageRequest } from '../../../lib/page';
import { customerKeys } from '../../../lib/query-keys';

export type { AdminCustomer };

export const CUSTOMERS_PER_PAGE = 50;

export async function getCustomers(request: PageRequest): Promise<Page<AdminCustomer>> {
  const body = await apiRequest<{ customers?: AdminCustomer[]; total?: number; page?: number; totalPages?: number }>(`/admin/customers?${query(request)}`);
  return pageFrom(body, body.customers ?? [], request);
}

export const customersQueryOptions = (request: PageRequest) =>
  queryOptions({ queryKey: customerKeys.list(request), queryFn: () => getCustomers(request), placeholderData: keepPreviousData });
export const useCustomers = (page = 1) => useQuery(customersQueryOptions({ page, limit: CUSTOMERS_PER_PAGE }));
