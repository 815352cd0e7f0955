import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '@kit/api';

import type { Amounts } from './output-tax';
import { gstKeys } from '../../../lib/query-keys';
export type B2csRow = Amounts & { type: 'OE'; placeOfSupply: string; rate: number };
export type HsnRow = Amounts & { hsn: string; description: string; uqc: string; quantity: number; totalValuePaise: number; rate: number };
export type Gstr1 = {
  period: string;
  gstin: string;
  b2cs: B2csRow[];
  hsn: HsnRow[];
  docs: { natureOfDocument: string; from: string; to: string; totalNumber: number; cancelled: number }[];
  totals: Amounts & { invoices: number; creditNotes: number };
};

/** GET /admin/gst/gstr1?month=YYYY-MM: the month's B2CS, HSN summary and documents issued (amounts in paise). */
export async function getGstr1(month: string): Promise<Gstr1> {
  return (await apiRequest<{ gstr1: Gstr1 }>(`/admin/gst/gstr1?month=${encodeURIComponent(month)}`)).gstr1;
}

export const gstr1QueryOptions = (month: string) => queryOptions({ queryKey: gstKeys.gstr1(month), queryFn: () => getGstr1(month) });
export const useGstr1 = (month: string) => useQuery(gstr1QueryOptions(month));
