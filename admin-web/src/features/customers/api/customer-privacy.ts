import { refreshQueries } from '@kit/query';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@kit/api';
import { customerKeys } from '../../../lib/query-keys';

/**
 * GET /admin/customers/{id}/data-export: the customer's data, as the shopper would download it, saved as
 * customer-data-<id>.json for their request.
 */
export async function downloadCustomerData(id: string): Promise<void> {
  const data = await apiRequest<unknown>(`/admin/customers/${encodeURIComponent(id)}/data-export`);
  const url = URL.createObjectURL(new Blob([JSON.stringify(data, null, 2)], { type: 'application/json' }));
  const link = document.createElement('a');
  link.href = url;
  link.download = `customer-data-${id}.json`;
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}

/** POST /admin/customers/{id}/erase { reason }: their personal data erased, tax invoices kept 72 months. */
export const eraseCustomer = ({ id, reason }: { id: string; reason: string }) =>
  apiRequest<{ message: string; retainedInvoices: number }>(`/admin/customers/${encodeURIComponent(id)}/erase`, { method: 'POST', body: { reason } });

export function useEraseCustomer() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: eraseCustomer, onSuccess: () => refreshQueries(queryClient, { queryKey: customerKeys.all }) });
}
