import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { ReturnDto } from '@contract';
import { api } from '@kit/api';
import { refreshQueries } from '@kit/query';
import { orderKeys } from '../../../lib/query-keys';
import type { ReturnRequestBody } from '../return-request';

/** The shopper asks to return units of their delivered order (the server decides every rule again). */
export const requestReturn = (orderId: string, body: ReturnRequestBody) =>
  api.post<{ success: boolean; message: string; return: ReturnDto }>(`/orders/${encodeURIComponent(orderId)}/returns`, body);

export function useRequestReturn(orderId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: ReturnRequestBody) => requestReturn(orderId, body),
    onSuccess: () => {
      void refreshQueries(queryClient, { queryKey: orderKeys.returns(orderId) });
      void refreshQueries(queryClient, { queryKey: orderKeys.detail(orderId) });
    },
  });
}
