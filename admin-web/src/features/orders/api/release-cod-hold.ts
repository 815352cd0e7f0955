import { refreshQueries } from '@kit/query';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@kit/api';
import { ADMIN_ROOT } from '../../../lib/query-keys';

export type ReleaseCodHoldInput = { orderId: string; reason: string };

/** POST /admin/cod-holds/{id}/release: cancels the order with the reason; its stock goes back on sale. */
export function releaseCodHold({ orderId, reason }: ReleaseCodHoldInput) {
  return apiRequest<{ success: boolean; message: string }>(`/admin/cod-holds/${encodeURIComponent(orderId)}/release`, {
    method: 'POST',
    body: { reason },
  });
}

export function useReleaseCodHold() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: releaseCodHold, onSuccess: () => refreshQueries(queryClient, { queryKey: ADMIN_ROOT }) });
}
