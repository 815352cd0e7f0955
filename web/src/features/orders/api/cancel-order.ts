import { refreshQueries } from '@kit/query';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@kit/api';
import { orderKeys, productKeys } from '../../../lib/query-keys';

/** The shopper cancels their own order (allowed until it is shipped); a paid order is refunded by the server. */
export const cancelOrder = (orderId: string) => api.post<{ success: boolean; message: string }>(`/orders/${encodeURIComponent(orderId)}/cancel`, {});

export function useCancelOrder() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: cancelOrder,
    onSuccess: () => {
      void refreshQueries(queryClient, { queryKey: orderKeys.all });
      // The order's stock is back on sale.
      void refreshQueries(queryClient, { queryKey: productKeys.all });
    },
  });
}
