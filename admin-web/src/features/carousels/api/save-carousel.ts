import { refreshQueries } from '@kit/query';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@kit/api';
import { ADMIN_ROOT } from '../../../lib/query-keys';
import type { CarouselInput } from './carousel';

/** POST /carousels/admin (create) or PUT /carousels/admin/{id} (update). */
export function saveCarousel({ id, carousel }: { id?: string; carousel: CarouselInput }) {
  return id
    ? apiRequest<{ success: boolean; message?: string }>(`/carousels/admin/${encodeURIComponent(id)}`, { method: 'PUT', body: carousel })
    : apiRequest<{ success: boolean; message?: string }>('/carousels/admin', { method: 'POST', body: carousel });
}

export function useSaveCarousel() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: saveCarousel, onSuccess: () => refreshQueries(queryClient, { queryKey: ADMIN_ROOT }) });
}
