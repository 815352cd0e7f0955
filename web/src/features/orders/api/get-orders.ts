import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@kit/api';
import { normalizeOrder, type Order } from '../types';
import { orderKeys } from '../../../lib/query-keys';

export async function getOrders(signal?: AbortSignal): Promise<Order[]> {
  const data = await api.get<{ orders?: Record<string, unknown>[] }>('/user/orders', signal);
  return (data.orders ?? []).map((o) => normalizeOrder(o));
}

export const ordersQueryOptions = (userId: string | undefined) =>
  queryOptions({ queryKey: orderKeys.list(userId), queryFn: ({ signal }) => getOrders(signal), enabled: !!userId, staleTime: 0 });

export const useOrders = (userId: string | undefined) => useQuery(ordersQueryOptions(userId));
