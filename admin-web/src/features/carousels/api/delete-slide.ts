import { refreshQueries } from '@kit/query';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@kit/api';
import { ADMIN_ROOT } from '../../../lib/query-keys';

export const deleteSlide = ({ carouselId, slideId }: { carouselId: string; slideId: string }) =>
  apiRequest<{ success: boolean }>(`/carousels/admin/${encodeURIComponent(carouselId)}/slides/${encodeURIComponent(slideId)}`, { method: 'DELETE' });

export function useDeleteSlide() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: deleteSlide, onSuccess: () => refreshQueries(queryClient, { queryKey: ADMIN_ROOT }) });
}
