import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@kit/api';
import { normalizeOrder, type Order } from '../types';
import { orderKeys } from '../../../lib/query-keys';

export async function getOrder(id: string, signal?: AbortSignal): Promise<Order> {
  const data = await api.get<{ order: Record<string, unknown>; reviews?: unknown[] }>(`/orders/${encodeURIComponent(id)}`, signal);
  return normalizeOrder(data.order, data.reviews ?? []);
}

export const orderQueryOptions = (id: string | null) =>
  queryOptions({ queryKey: orderKeys.detail(id), queryFn: ({ signal }) => getOrder(id!, signal), enabled: !!id, staleTime: 0, retry: false });

export const useOrder = (id: string | null) => useQuery(orderQueryOptions(id));
