import { refreshQueries } from '@kit/query';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@kit/api';
import { productKeys } from '../../../lib/query-keys';

export interface CreateProductReviewInput {
  productId: string;
  rating: number;
  comment: string;
}

export const createProductReview = ({ productId, rating, comment }: CreateProductReviewInput) =>
  api.post<{ success: boolean }>(`/products/${encodeURIComponent(productId)}/reviews`, { rating, comment: comment.trim() });

export function useCreateProductReview() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createProductReview,
    onSuccess: (_data, input) => {
      void refreshQueries(queryClient, { queryKey: productKeys.reviews(input.productId) });
      void refreshQueries(queryClient, { queryKey: productKeys.detail(input.productId) });
    },
  });
}
