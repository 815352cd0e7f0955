import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '@kit/api';
import { orderKeys } from '../../../lib/query-keys';

export type OrderEvent = { type: string; at: string; data: Record<string, unknown>; by?: string | null; version?: number; stream?: string };

export async function getOrderEvents(orderId: string): Promise<OrderEvent[]> {
  const body = await apiRequest<{ events?: Record<string, any>[] }>(`/admin/orders/${encodeURIComponent(orderId)}/events`);
  return (body.events ?? []).map(toOrderEvent);
}

/** One event of the server's answer as the timeline shows it (field names tolerated in either form). */
export const toOrderEvent = (e: Record<string, any>): OrderEvent => ({
  type: String(e.type ?? ''),
  at: e.at ?? e.occurredAt ?? e.timestamp ?? e.created_at ?? e.metadata?.occurredAt ?? e.metadata?.at ?? '',
  data: (e.data ?? {}) as Record<string, unknown>,
  by: e.byName ?? e.by ?? e.metadata?.userId ?? null,
  version: e.version,
  stream: typeof e.stream === 'string' ? e.stream : undefined,
});

export const orderEventsQueryOptions = (orderId: string) => queryOptions({ queryKey: orderKeys.events(orderId), queryFn: () => getOrderEvents(orderId) });
export const useOrderEvents = (orderId: string | null) => useQuery({ ...orderEventsQueryOptions(orderId ?? ''), enabled: Boolean(orderId) });
