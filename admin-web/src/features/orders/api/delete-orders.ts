import { refreshQueries } from '@kit/query';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@kit/api';
import { ADMIN_ROOT } from '../../../lib/query-keys';

export function deleteOrders(orderIds: string[]) {
  return apiRequest<{ success: boolean; deletedCount?: number; message?: string }>('/admin/orders', { method: 'DELETE', body: { orderIds } });
}

export function useDeleteOrders() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: deleteOrders, onSuccess: () => refreshQueries(queryClient, { queryKey: ADMIN_ROOT }) });
}
