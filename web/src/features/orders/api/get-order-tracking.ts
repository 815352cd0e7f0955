import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@kit/api';
import { orderKeys } from '../../../lib/query-keys';

export interface OrderTracking {
  trackingNumber: string | null;
  courier: string | null;
  estimatedDelivery: string | null;
  events: { stage: string; label: string; at: string; location?: string }[];
}

export const getOrderTracking = async (id: string, signal?: AbortSignal) =>
  (await api.get<{ tracking: OrderTracking }>(`/orders/${encodeURIComponent(id)}/tracking`, signal)).tracking;

/** Under the order's own key, so whatever refreshes the order refreshes its timeline too. */
export const orderTrackingQueryOptions = (id: string, enabled: boolean) =>
  queryOptions({ queryKey: [...orderKeys.detail(id), 'tracking'], queryFn: ({ signal }) => getOrderTracking(id, signal), enabled, staleTime: 0 });

export const useOrderTracking = (id: string, enabled: boolean) => useQuery(orderTrackingQueryOptions(id, enabled));
