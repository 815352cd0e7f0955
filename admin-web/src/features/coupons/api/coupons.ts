import { refreshQueries } from '@kit/query';
import { keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@kit/api';
import { couponKeys } from '../../../lib/query-keys';

export type Coupon = {
  code: string;
  kind: 'percent' | 'amount';
  value: number;
  minOrder: number | null;
  startsAt: string | null;
  endsAt: string | null;
  maxUses: number | null;
  maxUsesPerCustomer: number | null;
  categories: string[];
  productIds: string[];
  firstOrderOnly: boolean;
  paused: boolean;
  uses: number;
  discountTotal: number;
  status: 'active' | 'paused' | 'scheduled' | 'expired' | 'used up';
  created_at: string;
};
export type CouponUse = { orderId: string; customerId: string; discount: number; usedAt: string };
export type CouponInput = {
  code?: string;
  kind: 'percent' | 'amount';
  value: number;
  minOrder: number | null;
  startsAt: string | null;
  endsAt: string | null;
  maxUses: number | null;
  maxUsesPerCustomer: number | null;
  categories: string[];
  firstOrderOnly: boolean;
};

export const PAGE_SIZE = 50;

/** GET /admin/coupons: newest first, a page at a time. */
export const couponsQueryOptions = (page: number) =>
  queryOptions({
    queryKey: couponKeys.list(page),
    queryFn: () => apiRequest<{ coupons: Coupon[]; total: number; totalPages: number }>(`/admin/coupons?page=${page}&limit=${PAGE_SIZE}`),
    placeholderData: keepPreviousData,
  });
export const useCoupons = (page: number) => useQuery(couponsQueryOptions(page));

/** GET /admin/coupons/{code}/uses: the latest 50 uses. */
export const couponUsesQueryOptions = (code: string) =>
  queryOptions({
    queryKey: couponKeys.uses(code),
    queryFn: () => apiRequest<{ uses: CouponUse[]; total: number }>(`/admin/coupons/${encodeURIComponent(code)}/uses?limit=50`),
  });
export const useCouponUses = (code: string | null) => useQuery({ ...couponUsesQueryOptions(code ?? ''), enabled: code !== null });

/** POST /admin/coupons (new) or PUT /admin/coupons/{code} (edit: the code stays). */
export function saveCoupon({ code, coupon }: { code?: string; coupon: CouponInput }) {
  return code
    ? apiRequest<{ coupon: Coupon }>(`/admin/coupons/${encodeURIComponent(code)}`, { method: 'PUT', body: { ...coupon, code: undefined } })
    : apiRequest<{ coupon: Coupon }>('/admin/coupons', { method: 'POST', body: coupon });
}

/** POST /admin/coupons/{code}/pause or /resume. */
export const setPaused = ({ code, paused }: { code: string; paused: boolean }) =>
  apiRequest<{ coupon: Coupon }>(`/admin/coupons/${encodeURIComponent(code)}/${paused ? 'pause' : 'resume'}`, { method: 'POST', body: {} });

export function useSaveCoupon() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: saveCoupon, onSuccess: () => refreshQueries(queryClient, { queryKey: couponKeys.all }) });
}
export function useSetPaused() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: setPaused, onSuccess: () => refreshQueries(queryClient, { queryKey: couponKeys.all }) });
}
