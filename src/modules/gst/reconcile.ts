import type pg from 'pg';
import type { EventStore } from '../../core/event-store.js';
import type { CreditNoteIssued, InvoiceIssued } from './invoices/documents.js';
import { periodBounds } from '../../shared/financial-year.js';
import { gstr1, type Amounts } from './gstr1.js';
import { gstSettings } from './settings.js';

export interface GstDifference {
  documentNumber: string;
  reason: string;
}

export interface GstReconciliation {
  period: string;
  /** Sum of the period's InvoiceIssued minus CreditNoteIssued, read from the log. */
  events: Amounts & { invoices: number; creditNotes: number };
  /** The GSTR-1 export's totals (from the invoices read model), and its B2CS and HSN sheets summed. */
  gstr1: Amounts & { invoices: number; creditNotes: number };
  b2csSum: Amounts;
  hsnSum: Amounts;
  differences: GstDifference[];
  reconciled: boolean;
}

type Doc = { type: 'InvoiceIssued'; data: InvoiceIssued } | { type: 'CreditNoteIssued'; data: CreditNoteIssued };
const numberOf = (d: Doc) => (d.type === 'InvoiceIssued' ? d.data.invoiceNumber : d.data.creditNoteNumber);
const KEYS = ['taxablePaise', 'igstPaise', 'cgstPaise', 'sgstPaise'] as const;
const sum = (rows: Amounts[]): Amounts => Object.fromEntries(KEYS.map((k) => [k, rows.reduce((s, r) => s + r[k], 0)])) as unknown as Amounts;
const same = (a: Amounts, b: Amounts) => KEYS.every((k) => a[k] === b[k]);
const show = (a: Amounts) => KEYS.map((k) => `${k.replace('Paise', '')} ${(a[k] / 100).toFixed(2)}`).join(', ');

async function periodDocuments(store: EventStore, period: string): Promise<Doc[]> {
  const events = await store.findEvents({ types: ['InvoiceIssued', 'CreditNoteIssued'], timeBetween: { field: 'issuedAt', ...periodBounds(period) } });
  return events as unknown as Doc[];
}

/**
 * The auditor's GST check for a tax period: the GSTR-1 export's tax equals the period's invoices minus credit notes
 * in the log, to the paisa, document by document and in total; any difference is listed with its reason.
 */
export async function reconcileGst(store: EventStore, pool: pg.Pool, period: string): Promise<GstReconciliation> {
  const docs = await periodDocuments(store, period);
  const report = await gstr1(pool, period, gstSettings().seller.gstin);
  const differences: GstDifference[] = [];
  const signed = docs.map((d) =>
    d.type === 'InvoiceIssued'
      ? d.data.totals
      : {
          taxablePaise: -d.data.totals.taxablePaise,
          igstPaise: -d.data.totals.igstPaise,
          cgstPaise: -d.data.totals.cgstPaise,
          sgstPaise: -d.data.totals.sgstPaise,
        },
  );
  const events = {
    ...sum(signed),
    invoices: docs.filter((d) => d.type === 'InvoiceIssued').length,
    creditNotes: docs.filter((d) => d.type === 'CreditNoteIssued').length,
  };
  const { rows } = await pool.query<{ document_number: string; taxable_paise: string; igst_paise: string; cgst_paise: string; sgst_paise: string }>(
    'select document_number, taxable_paise, igst_paise, cgst_paise, sgst_paise from invoices where tax_period = $1',
    [period],
  );
  const readModel = new Map(
    rows.map((r) => [
      r.document_number,
      { taxablePaise: Number(r.taxable_paise), igstPaise: Number(r.igst_paise), cgstPaise: Number(r.cgst_paise), sgstPaise: Number(r.sgst_paise) },
    ]),
  );
  for (const d of docs) {
    const row = readModel.get(numberOf(d));
    if (!row) differences.push({ documentNumber: numberOf(d), reason: 'in the log, missing from the invoices read model (and so from GSTR-1)' });
    else if (!same(row, d.data.totals))
      differences.push({ documentNumber: numberOf(d), reason: `read model ${show(row)} differs from the event's ${show(d.data.totals)}` });
    readModel.delete(numberOf(d));
  }
  for (const number of readModel.keys()) differences.push({ documentNumber: number, reason: 'in the invoices read model, not in the log for this period' });
  const b2csSum = sum(report.b2cs);
  const hsnSum = sum(report.hsn);
  if (!same(report.totals, events))
    differences.push({ documentNumber: '(total)', reason: `GSTR-1 ${show(report.totals)} differs from the events' ${show(events)}` });
  if (!same(b2csSum, report.totals)) differences.push({ documentNumber: '(b2cs)', reason: `B2CS sums to ${show(b2csSum)}` });
  if (!same(hsnSum, report.totals)) differences.push({ documentNumber: '(hsn)', reason: `HSN summary sums to ${show(hsnSum)}` });
  return { period, events, gstr1: report.totals, b2csSum, hsnSum, differences, reconciled: differences.length === 0 };
}
