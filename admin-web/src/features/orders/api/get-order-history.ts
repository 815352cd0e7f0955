import type { OrderSnapshot } from '@contract';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { ApiError, apiRequest } from '@kit/api';
import { toOrderEvent, type OrderEvent } from './get-order-events';
import { orderKeys } from '../../../lib/query-keys';

/** The order folded from its own events up to a moment (the server's OrderSnapshot; amounts in rupees). */
export type { OrderSnapshot };

export type OrderHistory = { asOf: string | null; state: OrderSnapshot; events: OrderEvent[] };

/** GET /admin/orders/{id}/history?asOf=ISO: the order as it stood then and the events that had happened by then. */
export async function getOrderHistory(orderId: string, asOf: string | null): Promise<OrderHistory> {
  const query = asOf ? `?asOf=${encodeURIComponent(asOf)}` : '';
  const body = await apiRequest<{ asOf?: string | null; state: OrderSnapshot; events?: Record<string, any>[] }>(
    `/admin/orders/${encodeURIComponent(orderId)}/history${query}`,
  );
  return { asOf: body.asOf ?? null, state: body.state, events: (body.events ?? []).map(toOrderEvent) };
}

/** A 404 (not placed yet) or a 400 answers the same way the second time: do not retry those. */
const retryUnlessRefused = (failures: number, error: unknown) => !(error instanceof ApiError && error.status >= 400 && error.status < 500) && failures < 1;

export const orderHistoryQueryOptions = (orderId: string, asOf: string | null) =>
  queryOptions({
    queryKey: orderKeys.history(orderId, asOf),
    queryFn: () => getOrderHistory(orderId, asOf),
    retry: retryUnlessRefused,
    placeholderData: keepPreviousData,
  });

/** Only while a moment is chosen: without one the dialog shows the order's live timeline. */
export const useOrderHistory = (orderId: string | null, asOf: string | null) =>
  useQuery({ ...orderHistoryQueryOptions(orderId ?? '', asOf), enabled: Boolean(orderId && asOf) });
