import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { normalizeOrder, type Order } from '../types';

export async function getOrder(id: string, signal?: AbortSignal): Promise<Order> {
  const data = await api.get<{ order: Record<string, unknown>; reviews?: unknown[] }>(`/orders/${encodeURIComponent(id)}`, signal);
  return normalizeOrder(data.order, data.reviews ?? []);
}

export const orderQueryOptions = (id: string | null) =>
  queryOptions({ queryKey: ['orders', 'detail', id], queryFn: ({ signal }) => getOrder(id!, signal), enabled: !!id, staleTime: 0, retry: false });

export const useOrder = (id: string | null) => useQuery(orderQueryOptions(id));
