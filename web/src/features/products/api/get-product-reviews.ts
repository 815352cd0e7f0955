import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@kit/api';
import { productKeys } from '../../../lib/query-keys';

export interface Review {
  id: string;
  productId: string;
  /** The reviewer as a stable pseudonym (never an account id). */
  userId: string;
  userName: string;
  /** This review is the signed-in reader's own (the public list carries no account ids). */
  mine: boolean;
  rating: number;
  comment: string;
  createdAt: string;
  updatedAt?: string;
}

function normalizeReview(raw: Record<string, unknown>): Review {
  return {
    id: String(raw.id ?? ''),
    productId: String(raw.productId ?? raw.product_id ?? ''),
    userId: String(raw.userId ?? ''),
    userName: String(raw.userName ?? raw.user_name ?? 'Customer'),
    rating: Number(raw.rating ?? 0),
    comment: String(raw.comment ?? ''),
    createdAt: String(raw.createdAt ?? raw.created_at ?? ''),
    updatedAt: (raw.updatedAt ?? raw.updated_at) as string | undefined,
    mine: raw.mine === true,
  };
}

export async function getProductReviews(productId: string, signal?: AbortSignal): Promise<Review[]> {
  try {
    const data = await api.get<{ reviews?: Record<string, unknown>[] }>(`/products/${encodeURIComponent(productId)}/reviews`, signal);
    return (data.reviews ?? []).map(normalizeReview);
  } catch (error) {
    console.error('Failed to load reviews', error);
    return [];
  }
}

/**
 * Keyed by the reader as well: `mine` depends on who asks, so the guest's list (the one the server renders) is not
 * taken for a signed-in shopper's after hydration.
 */
export const productReviewsQueryOptions = (productId: string, readerId: string | null = null) =>
  queryOptions({ queryKey: productKeys.reviews(productId, readerId ?? 'guest'), queryFn: ({ signal }) => getProductReviews(productId, signal) });

export const useProductReviews = (productId: string, readerId: string | null = null) => useQuery(productReviewsQueryOptions(productId, readerId));
