import { refreshQueries } from '@kit/query';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest, STATUS_UPDATE_RETRY, withRetries } from '@kit/api';
import { ADMIN_ROOT } from '../../../lib/query-keys';

export type UpdateOrderStatusInput = { orderId: string; status: string; trackingNumber?: string };

/** PUT /admin/orders/{id}/status, retried twice (1 s, 2 s) on Failed to fetch / 502 / 503 / 504. */
export function updateOrderStatus({ orderId, status, trackingNumber }: UpdateOrderStatusInput) {
  return withRetries(
    () =>
      apiRequest<{ success: boolean }>(`/admin/orders/${encodeURIComponent(orderId)}/status`, {
        method: 'PUT',
        body: trackingNumber ? { status, trackingNumber } : { status },
      }),
    STATUS_UPDATE_RETRY,
  );
}

export function useUpdateOrderStatus() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: updateOrderStatus, onSuccess: () => refreshQueries(queryClient, { queryKey: ADMIN_ROOT }) });
}
