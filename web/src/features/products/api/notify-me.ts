import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '@kit/api';
import { userKeys } from '../../../lib/query-keys';

interface NotifyMeAnswer {
  message: string;
  productId: string;
  subscribed: boolean;
  productIds: string[];
}

/** The products the signed-in shopper waits for. */
export const getNotifyMeList = (signal?: AbortSignal) => api.get<{ productIds?: string[] }>('/user/notify-me', signal).then((data) => data.productIds ?? []);

export const subscribeToNotifyMe = (productId: string) => api.post<NotifyMeAnswer>('/user/notify-me', { productId });
export const unsubscribeFromNotifyMe = (productId: string) => api.delete<NotifyMeAnswer>(`/user/notify-me/${encodeURIComponent(productId)}`);

export const notifyMeQueryOptions = (userId: string) =>
  queryOptions({ queryKey: userKeys.notifyMe(userId), queryFn: ({ signal }) => getNotifyMeList(signal), staleTime: 30_000 });

/** The shopper's list (nothing is asked for a guest). */
export const useNotifyMeList = (userId: string | null) => useQuery({ ...notifyMeQueryOptions(userId ?? ''), enabled: userId !== null });

/** Subscribes (`on`) or unsubscribes; the answer's list replaces the cached one. */
export function useNotifyMeToggle(userId: string | null) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ productId, on }: { productId: string; on: boolean }) => (on ? subscribeToNotifyMe(productId) : unsubscribeFromNotifyMe(productId)),
    onSuccess: (answer) => {
      if (userId) queryClient.setQueryData(userKeys.notifyMe(userId), answer.productIds);
    },
  });
}
