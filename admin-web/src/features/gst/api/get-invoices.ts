import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '@kit/api';
import { gstKeys } from '../../../lib/query-keys';

export type IssuedDocument = {
  documentNumber: string;
  kind: 'invoice' | 'credit-note';
  invoiceNumber: string;
  orderId: string;
  orderNumber: string;
  issuedAt: string;
  placeOfSupply: string;
  taxPaise: number;
  totalPaise: number;
};

/** GET /admin/gst/invoices?month=: the month's invoices and credit notes, newest first (first 200). */
export async function getInvoices(month: string): Promise<{ invoices: IssuedDocument[]; total: number }> {
  return apiRequest(`/admin/gst/invoices?month=${encodeURIComponent(month)}&limit=200`);
}

export const invoicesQueryOptions = (month: string) => queryOptions({ queryKey: gstKeys.invoices(month), queryFn: () => getInvoices(month) });
export const useInvoices = (month: string) => useQuery(invoicesQueryOptions(month));
