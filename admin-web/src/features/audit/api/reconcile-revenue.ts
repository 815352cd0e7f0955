import type { RevenueDifference, RevenueReconciliation } from '@contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '@kit/api';
import { auditKeys } from '../../../lib/query-keys';

export type { RevenueDifference, RevenueReconciliation };
export type DateWindow = { from: string; to: string };

/** GET /admin/audit/revenue?from=&to= (India dates, inclusive): confirmed revenue from the events vs the dashboard's read model. */
export async function reconcileRevenue(days: DateWindow): Promise<RevenueReconciliation> {
  const query = new URLSearchParams({ from: days.from, to: days.to });
  const body = await apiRequest<{ reconciliation: RevenueReconciliation }>(`/admin/audit/revenue?${query}`);
  return body.reconciliation;
}

export const revenueReconciliationQueryOptions = (days: DateWindow) =>
  queryOptions({ queryKey: auditKeys.revenue(days.from, days.to), queryFn: () => reconcileRevenue(days), staleTime: Infinity, retry: false });
/** Runs for the window the auditor submitted (null: not yet). */
export const useRevenueReconciliation = (days: DateWindow | null) =>
  useQuery({ ...revenueReconciliationQueryOptions(days ?? { from: '', to: '' }), enabled: days !== null });
