import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { ADMIN_ROOT } from '../../../lib/query-keys';

type Amounts = { taxablePaise: number; igstPaise: number; cgstPaise: number; sgstPaise: number };
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

export const gstr1QueryKey = (month: string) => [...ADMIN_ROOT, 'gst', 'gstr1', month] as const;

/** GET /admin/gst/gstr1?month=YYYY-MM: the month's B2CS, HSN summary and documents issued (amounts in paise). */
export async function getGstr1(month: string): Promise<Gstr1> {
  return (await apiRequest<{ gstr1: Gstr1 }>(`/admin/gst/gstr1?month=${encodeURIComponent(month)}`)).gstr1;
}

export const gstr1QueryOptions = (month: string) => queryOptions({ queryKey: gstr1QueryKey(month), queryFn: () => getGstr1(month) });
export const useGstr1 = (month: string) => useQuery(gstr1QueryOptions(month));

/** Output tax (paise) of a row. */
export const taxOf = (r: Amounts) => r.igstPaise + r.cgstPaise + r.sgstPaise;

/** This month's output tax by rate and by place of supply, from the B2CS rows. */
export function outputTax(report: Gstr1) {
  const byRate = new Map<number, Amounts>();
  const byState = new Map<string, Amounts>();
  const add = (m: Map<string | number, Amounts>, key: string | number, r: Amounts) => {
    const into = m.get(key) ?? { taxablePaise: 0, igstPaise: 0, cgstPaise: 0, sgstPaise: 0 };
    m.set(key, { taxablePaise: into.taxablePaise + r.taxablePaise, igstPaise: into.igstPaise + r.igstPaise, cgstPaise: into.cgstPaise + r.cgstPaise, sgstPaise: into.sgstPaise + r.sgstPaise });
  };
  for (const r of report.b2cs) {
    add(byRate as Map<string | number, Amounts>, r.rate, r);
    add(byState as Map<string | number, Amounts>, r.placeOfSupply, r);
  }
  return {
    byRate: [...byRate.entries()].sort(([a], [b]) => a - b).map(([rate, a]) => ({ rate, ...a })),
    byState: [...byState.entries()].sort(([a], [b]) => (a < b ? -1 : 1)).map(([placeOfSupply, a]) => ({ placeOfSupply, ...a })),
  };
}
