import { refreshQueries } from '@kit/query';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@kit/api';
import { ADMIN_ROOT } from '../../../lib/query-keys';

export function deleteOrder(orderId: string) {
  return apiRequest<{ success: boolean; message?: string }>(`/admin/orders/${encodeURIComponent(orderId)}`, { method: 'DELETE' });
}

export function useDeleteOrder() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: deleteOrder, onSuccess: () => refreshQueries(queryClient, { queryKey: ADMIN_ROOT }) });
}
