import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { num } from '../../../lib/format';
import { ADMIN_ROOT } from '../../../lib/query-keys';

export type AdminCustomer = { id: string; full_name: string; email: string; phone: string; city: string; state: string; total_orders: number; total_spent: number; created_at: string };

export const customersQueryKey = [...ADMIN_ROOT, 'customers'] as const;

export async function getCustomers(): Promise<AdminCustomer[]> {
  const body = await apiRequest<{ customers?: Record<string, any>[] }>('/admin/customers');
  return (body.customers ?? []).map((c) => ({
    id: String(c.id ?? ''),
    full_name: c.full_name ?? c.fullName ?? '',
    email: c.email ?? '',
    phone: c.phone ?? '',
    city: c.city ?? '',
    state: c.state ?? '',
    total_orders: num(c.total_orders ?? c.totalOrders),
    total_spent: num(c.total_spent ?? c.totalSpent),
    created_at: c.created_at ?? c.createdAt ?? '',
  }));
}

export const customersQueryOptions = () => queryOptions({ queryKey: customersQueryKey, queryFn: getCustomers });
export const useCustomers = () => useQuery(customersQueryOptions());
