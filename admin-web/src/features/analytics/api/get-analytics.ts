import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '@kit/api';
import { num } from '@kit/format';
import { analyticsKeys } from '../../../lib/query-keys';

export type DailyPoint = { date: string; revenue: number; orders: number };
export type StatusSlice = { status: string; count: number };
export type TopProduct = { productId: string; name: string; quantity: number; revenue: number };
export type Analytics = { daily: DailyPoint[]; statusBreakdown: StatusSlice[]; topProducts: TopProduct[] };

/** GET /admin/analytics: revenue and orders per day, the status breakdown and the top products (field names tolerated in either case). */
export async function getAnalytics(): Promise<Analytics> {
  const body = await apiRequest<Record<string, any>>('/admin/analytics');
  const a = (body.analytics ?? body) as Record<string, any>;
  const daily = (a.daily ?? a.revenueByDay ?? a.perDay ?? a.days ?? []) as Record<string, any>[];
  const statuses = a.statusBreakdown ?? a.status_breakdown ?? a.statuses ?? a.ordersByStatus ?? [];
  const top = (a.topProducts ?? a.top_products ?? []) as Record<string, any>[];
  const statusList: StatusSlice[] = Array.isArray(statuses)
    ? statuses.map((s: Record<string, any>) => ({ status: String(s.status ?? s.name ?? ''), count: num(s.count ?? s.orders ?? s.value) }))
    : Object.entries(statuses as Record<string, unknown>).map(([status, count]) => ({ status, count: num(count) }));
  return {
    daily: daily.map((d) => ({ date: String(d.date ?? d.day ?? '').slice(0, 10), revenue: num(d.revenue), orders: num(d.orders ?? d.count) })),
    statusBreakdown: statusList,
    topProducts: top.map((p) => ({
      productId: String(p.productId ?? p.product_id ?? p.id ?? ''),
      name: String(p.name ?? ''),
      quantity: num(p.quantity ?? p.units ?? p.sold),
      revenue: num(p.revenue),
    })),
  };
}

export const analyticsQueryOptions = () => queryOptions({ queryKey: analyticsKeys.all, queryFn: getAnalytics });
export const useAnalytics = () => useQuery(analyticsQueryOptions());
