import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { ADMIN_ROOT } from '../../../lib/query-keys';
import { toAdminOrder, type AdminOrder } from './order';

export const ordersQueryKey = [...ADMIN_ROOT, 'orders'] as const;

export async function getOrders(): Promise<AdminOrder[]> {
  const body = await apiRequest<{ orders?: Record<string, any>[] }>('/admin/orders');
  return (body.orders ?? []).map(toAdminOrder);
}

export const ordersQueryOptions = () => queryOptions({ queryKey: ordersQueryKey, queryFn: getOrders });
export const useOrders = () => useQuery(ordersQueryOptions());
