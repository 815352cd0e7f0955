import { refreshQueries } from '@kit/query';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@kit/api';
import { orderKeys, productKeys } from '../../../lib/query-keys';

export interface CreateOrderReviewInput {
  orderId: string;
  productId: string;
  rating: number;
  comment: string;
}

export const createOrderReview = ({ orderId, productId, rating, comment }: CreateOrderReviewInput) =>
  api.post<{ success: boolean }>(`/user/orders/${encodeURIComponent(orderId)}/review`, { productId, rating, comment: comment.trim() });

export function useCreateOrderReview() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createOrderReview,
    onSuccess: (_d, input) => {
      void refreshQueries(queryClient, { queryKey: orderKeys.detail(input.orderId) });
      void refreshQueries(queryClient, { queryKey: productKeys.reviews(input.productId) });
    },
  });
}
