import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '@kit/api';
import { toAdminOrder, type AdminOrder } from '../../../lib/admin-order';
import { customerKeys } from '../../../lib/query-keys';

/** GET /admin/customers/{id}/orders (the newest 200). */
export async function getCustomerOrders(customerId: string): Promise<AdminOrder[]> {
  const body = await apiRequest<{ orders?: Record<string, any>[] }>(`/admin/customers/${encodeURIComponent(customerId)}/orders?page=1&limit=200`);
  return (body.orders ?? []).map(toAdminOrder);
}

export const customerOrdersQueryOptions = (customerId: string) =>
  queryOptions({ queryKey: customerKeys.orders(customerId), queryFn: () => getCustomerOrders(customerId) });
export const useCustomerOrders = (customerId: string | null) => useQuery({ ...customerOrdersQueryOptions(customerId ?? ''), enabled: Boolean(customerId) });
