import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '@kit/api';
import { num } from '@kit/format';
import type { DashboardStats } from '../../../lib/dashboard-stats';
import { statsKeys } from '../../../lib/query-keys';

export type { DashboardStats };

export async function getStats(): Promise<DashboardStats> {
  const body = await apiRequest<{ stats?: Partial<Record<keyof DashboardStats, unknown>> }>('/admin/stats');
  const s = body.stats ?? {};
  return {
    totalProducts: num(s.totalProducts),
    totalOrders: num(s.totalOrders),
    totalRevenue: num(s.totalRevenue),
    totalCustomers: num(s.totalCustomers),
    pendingOrders: num(s.pendingOrders),
    lowStockProducts: num(s.lowStockProducts),
  };
}

export const statsQueryOptions = () => queryOptions({ queryKey: statsKeys.all, queryFn: getStats });
export const useStats = () => useQuery(statsQueryOptions());
