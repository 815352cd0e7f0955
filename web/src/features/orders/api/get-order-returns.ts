import { queryOptions, useQuery } from '@tanstack/react-query';
import type { ReturnDto } from '@contract';
import { api } from '@kit/api';
import { orderKeys } from '../../../lib/query-keys';

/** The returns asked for on one of the shopper's orders, oldest first as the server lists them. */
export const getOrderReturns = async (orderId: string, signal?: AbortSignal) =>
  (await api.get<{ returns: ReturnDto[] }>(`/orders/${encodeURIComponent(orderId)}/returns`, signal)).returns;

export const orderReturnsQueryOptions = (orderId: string, enabled: boolean) =>
  queryOptions({ queryKey: orderKeys.returns(orderId), queryFn: ({ signal }) => getOrderReturns(orderId, signal), enabled, staleTime: 0 });

export const useOrderReturns = (orderId: string, enabled: boolean) => useQuery(orderReturnsQueryOptions(orderId, enabled));
