import { refreshQueries } from '@kit/query';
import { keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@kit/api';
import { ADMIN_ROOT, returnKeys } from '../../../lib/query-keys';
import type { ReturnDto, ReturnStatus } from '../components/return-actions';

export const RETURNS_PER_PAGE = 20;

export interface ReturnsPage {
  returns: ReturnDto[];
  total: number;
  page: number;
  limit: number;
}

/** GET /admin/returns?status&page&limit: newest first. */
export async function getReturns(status: ReturnStatus | null, page: number): Promise<ReturnsPage> {
  const params = new URLSearchParams({ page: String(page), limit: String(RETURNS_PER_PAGE), ...(status ? { status } : {}) });
  const body = await apiRequest<Partial<ReturnsPage>>(`/admin/returns?${params.toString()}`);
  return { returns: body.returns ?? [], total: body.total ?? 0, page: body.page ?? page, limit: body.limit ?? RETURNS_PER_PAGE };
}

export const returnsQueryOptions = (status: ReturnStatus | null, page: number) =>
  queryOptions({ queryKey: returnKeys.list(status, page), queryFn: () => getReturns(status, page), placeholderData: keepPreviousData });
export const useReturns = (status: ReturnStatus | null, page: number) => useQuery(returnsQueryOptions(status, page));

type Decided = { success: boolean; message: string; return: ReturnDto };
const post = (returnId: string, action: 'approve' | 'reject' | 'receive', body: unknown) =>
  apiRequest<Decided>(`/admin/returns/${encodeURIComponent(returnId)}/${action}`, { method: 'POST', body });

/** POST /admin/returns/{id}/approve: books the return pickup with the courier. */
export const approveReturn = ({ returnId }: { returnId: string }) => post(returnId, 'approve', {});
/** POST /admin/returns/{id}/reject { reason }. */
export const rejectReturn = ({ returnId, reason }: { returnId: string; reason: string }) => post(returnId, 'reject', { reason });
/** POST /admin/returns/{id}/receive { items: [{ productId, resellable }] }: refunds, and puts the resellable units back on sale. */
export const receiveReturn = ({ returnId, items }: { returnId: string; items: { productId: string; resellable: number }[] }) =>
  post(returnId, 'receive', { items });

/** POST /admin/returns/{id}/payout/retry: sends a failed UPI payout again (202). */
export const retryPayout = ({ returnId }: { returnId: string }) =>
  apiRequest<Decided>(`/admin/returns/${encodeURIComponent(returnId)}/payout/retry`, { method: 'POST', body: {} });

/**
 * Every decision reads the dashboard again (success or not): a refund moves revenue and stock, and a 409 means someone
 * else decided first, so the row must show what the server holds now.
 */
function useReturnDecision<Input>(decide: (input: Input) => Promise<Decided>) {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: decide, onSettled: () => refreshQueries(queryClient, { queryKey: ADMIN_ROOT }) });
}
export const useApproveReturn = () => useReturnDecision(approveReturn);
export const useRejectReturn = () => useReturnDecision(rejectReturn);
export const useReceiveReturn = () => useReturnDecision(receiveReturn);
export const useRetryPayout = () => useReturnDecision(retryPayout);
