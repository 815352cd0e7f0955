import { api, withStatusRetry } from '../../../lib/api-client';

/** PUT /orders/{id}/status, retried twice (1 s, 2 s) on network and gateway errors. */
export const updateOrderStatus = (orderId: string, status: string) =>
  withStatusRetry(() => api.put<{ success: boolean }>(`/orders/${encodeURIComponent(orderId)}/status`, { status }));
