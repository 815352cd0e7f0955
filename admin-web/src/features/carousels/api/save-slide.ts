import { refreshQueries } from '@kit/query';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@kit/api';
import { ADMIN_ROOT } from '../../../lib/query-keys';
import type { SlideInput } from './carousel';

/** POST /carousels/admin/{id}/slides (add) or PUT /carousels/admin/{id}/slides/{slideId} (edit). */
export function saveSlide({ carouselId, slideId, slide }: { carouselId: string; slideId?: string; slide: SlideInput }) {
  const base = `/carousels/admin/${encodeURIComponent(carouselId)}/slides`;
  return slideId
    ? apiRequest<{ success: boolean; message?: string }>(`${base}/${encodeURIComponent(slideId)}`, { method: 'PUT', body: slide })
    : apiRequest<{ success: boolean; message?: string }>(base, { method: 'POST', body: slide });
}

export function useSaveSlide() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: saveSlide, onSuccess: () => refreshQueries(queryClient, { queryKey: ADMIN_ROOT }) });
}
