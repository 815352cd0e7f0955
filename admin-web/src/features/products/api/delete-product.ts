import { refreshQueries } from '@kit/query';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@kit/api';
import { ADMIN_ROOT } from '../../../lib/query-keys';

export const deleteProduct = (id: string) => apiRequest<{ success: boolean }>(`/admin/products/${encodeURIComponent(id)}`, { method: 'DELETE' });

export function useDeleteProduct() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: deleteProduct, onSuccess: () => refreshQueries(queryClient, { queryKey: ADMIN_ROOT }) });
}
