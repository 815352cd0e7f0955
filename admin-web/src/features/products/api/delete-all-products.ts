import { refreshQueries } from '@kit/query';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@kit/api';
import { ADMIN_ROOT } from '../../../lib/query-keys';

export const deleteAllProducts = () => apiRequest<{ success: boolean; deletedCount?: number }>('/admin/products/all', { method: 'DELETE' });

export function useDeleteAllProducts() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: deleteAllProducts, onSuccess: () => refreshQueries(queryClient, { queryKey: ADMIN_ROOT }) });
}
