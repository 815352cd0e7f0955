import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '@kit/api';
import { orderKeys } from '../../../lib/query-keys';
import type { CodHold } from '../components/cod-holds';

export type { CodHold };

export interface CodHoldsPage {
  holds: CodHold[];
  /** Units held over every matching line, not only this page's. */
  units: number;
  total: number;
}

/** The oldest 100 holds, of one product or of all. */
export async function getCodHolds(productId: string | null): Promise<CodHoldsPage> {
  const params = new URLSearchParams({ limit: '100', ...(productId ? { productId } : {}) });
  const body = await apiRequest<Partial<CodHoldsPage>>(`/admin/cod-holds?${params.toString()}`);
  return { holds: body.holds ?? [], units: body.units ?? 0, total: body.total ?? 0 };
}

export const codHoldsQueryOptions = (productId: string | null) =>
  queryOptions({ queryKey: orderKeys.codHolds(productId), queryFn: () => getCodHolds(productId), placeholderData: keepPreviousData });
export const useCodHolds = (productId: string | null) => useQuery(codHoldsQueryOptions(productId));
