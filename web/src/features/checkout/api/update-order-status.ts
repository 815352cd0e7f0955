import { api, STATUS_UPDATE_RETRY, withRetries } from '@kit/api';

/** PUT /orders/{id}/status, retried twice (1 s, 2 s) on network and gateway errors. */
export const updateOrderStatus = (orderId: string, status: string) =>
  withRetries(() => api.put<{ success: boolean }>(`/orders/${encodeURIComponent(orderId)}/status`, { status }), STATUS_UPDATE_RETRY);
