import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '@kit/api';
import { num } from '@kit/format';
import { pageFrom, query, type Page, type PageRequest } from '../../../lib/page';
import { customerKeys } from '../../../lib/query-keys';

export type AdminCustomer = {
  id: string;
  full_name: string;
  email: string;
  phone: string;
  city: string;
  state: string;
  total_orders: number;
  total_spent: number;
  created_at: string;
};

export const CUSTOMERS_PER_PAGE = 50;

export async function getCustomers(request: PageRequest): Promise<Page<AdminCustomer>> {
  const body = await apiRequest<{ customers?: Record<string, any>[]; total?: number; page?: number; totalPages?: number }>(
    `/admin/customers?${query(request)}`,
  );
  const items = (body.customers ?? []).map((c) => ({
    id: String(c.id ?? ''),
    full_name: c.full_name ?? c.fullName ?? c.name ?? '',
    email: c.email ?? '',
    phone: c.phone ?? '',
    city: c.city ?? '',
    state: c.state ?? '',
    total_orders: num(c.total_orders ?? c.totalOrders),
    total_spent: num(c.total_spent ?? c.totalSpent),
    created_at: c.created_at ?? c.createdAt ?? '',
  }));
  return pageFrom(body, items, request);
}

export const customersQueryOptions = (request: PageRequest) =>
  queryOptions({ queryKey: customerKeys.list(request), queryFn: () => getCustomers(request), placeholderData: keepPreviousData });
export const useCustomers = (page = 1) => useQuery(customersQueryOptions({ page, limit: CUSTOMERS_PER_PAGE }));
