import { refreshQueries } from '@kit/query';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@kit/api';
import { ADMIN_ROOT } from '../../../lib/query-keys';

export const cleanupProducts = () => apiRequest<{ success: boolean; message?: string; deletedCount?: number }>('/admin/products/cleanup', { method: 'DELETE' });

export function useCleanupProducts() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: cleanupProducts, onSuccess: () => refreshQueries(queryClient, { queryKey: ADMIN_ROOT }) });
}
