import type pg from 'pg';
import type { CreditNoteIssued, DocumentLine, InvoiceIssued } from './invoices/documents.js';
import { GST_STATES } from './states.js';

/**
 * GSTR-1 for one tax period, from the invoices read model. Every recipient is unregistered (the shop sells to
 * consumers), so supplies go to B2CS (net of the period's credit notes), with the HSN-wise summary and the documents
 * issued. Column order and headers are those of the GSTR-1 offline tool's Excel template (sheets b2cs, hsn, docs;
 * "GSTR1 Excel Workbook Template", GSTN, as published copies of V1.5 and V2.0 show it).
 */
export const B2CS_COLUMNS = ['Type', 'Place Of Supply', 'Applicable % of Tax Rate', 'Rate', 'Taxable Value', 'Cess Amount', 'E-Commerce GSTIN'] as const;
export const HSN_COLUMNS = [
  'HSN',
  'Description',
  'UQC',
  'Total Quantity',
  'Total Value',
  'Rate',
  'Taxable Value',
  'Integrated Tax Amount',
  'Central Tax Amount',
  'State/UT Tax Amount',
  'Cess Amount',
] as const;
export const DOCS_COLUMNS = ['Nature of Document', 'Sr. No. From', 'Sr. No. To', 'Total Number', 'Cancelled'] as const;

export interface Amounts {
  taxablePaise: number;
  igstPaise: number;
  cgstPaise: number;
  sgstPaise: number;
}
export interface B2csRow extends Amounts {
  type: 'OE';
  placeOfSupply: string;
  rate: number;
}
export interface HsnRow extends Amounts {
  hsn: string;
  description: string;
  uqc: string;
  quantity: number;
  totalValuePaise: number;
  rate: number;
}
export interface DocsRow {
  natureOfDocument: 'Invoices for outward supply' | 'Credit Note';
  from: string;
  to: string;
  totalNumber: number;
  cancelled: number;
}
export interface Gstr1 {
  period: string;
  gstin: string;
  b2cs: B2csRow[];
  hsn: HsnRow[];
  docs: DocsRow[];
  /** Output tax of the period: invoices minus credit notes. */
  totals: Amounts & { invoices: number; creditNotes: number };
}

const zero = (): Amounts => ({ taxablePaise: 0, igstPaise: 0, cgstPaise: 0, sgstPaise: 0 });
const add = (into: Amounts, line: DocumentLine, sign: 1 | -1) => {
  into.taxablePaise += sign * line.taxablePaise;
  into.igstPaise += sign * line.igstPaise;
  into.cgstPaise += sign * line.cgstPaise;
  into.sgstPaise += sign * line.sgstPaise;
};
export const placeOfSupplyLabel = (code: string) => `${code}-${GST_STATES[code] ?? 'Other Territory'}`;
const UQC = { NOS: 'NOS-NUMBERS', NA: 'NA-NOT APPLICABLE' } as const;

interface DocumentRow {
  kind: 'invoice' | 'credit-note';
  document_number: string;
  document: InvoiceIssued | CreditNoteIssued;
}

/** Builds the return from the period's documents (pure, for the hand-computed test and the reconciliation). */
export function gstr1From(period: string, gstin: string, documents: DocumentRow[]): Gstr1 {
  const b2cs = new Map<string, B2csRow>();
  const hsn = new Map<string, HsnRow>();
  const totals = { ...zero(), invoices: 0, creditNotes: 0 };
  for (const row of documents) {
    const sign = row.kind === 'invoice' ? 1 : -1;
    if (sign === 1) totals.invoices++;
    else totals.creditNotes++;
    const d = row.document;
    for (const line of d.lines) {
      const b2csKey = `${d.placeOfSupply.code}|${line.rate}`;
      const b = b2cs.get(b2csKey) ?? { type: 'OE', placeOfSupply: placeOfSupplyLabel(d.placeOfSupply.code), rate: line.rate, ...zero() };
      add(b, line, sign);
      b2cs.set(b2csKey, b);
      const hsnKey = `${line.hsn}|${line.rate}|${line.unit}`;
      const h = hsn.get(hsnKey) ?? {
        hsn: line.hsn,
        description: line.kind === 'shipping' ? 'Shipping and handling' : '',
        uqc: UQC[line.unit],
        quantity: 0,
        totalValuePaise: 0,
        rate: line.rate,
        ...zero(),
      };
      add(h, line, sign);
      h.quantity += sign * line.quantity;
      h.totalValuePaise += sign * line.grossPaise;
      hsn.set(hsnKey, h);
      add(totals, line, sign);
    }
  }
  const docs: DocsRow[] = [];
  for (const [kind, nature] of [
    ['invoice', 'Invoices for outward supply'],
    ['credit-note', 'Credit Note'],
  ] as const) {
    const numbers = documents
      .filter((d) => d.kind === kind)
      .map((d) => d.document_number)
      .sort();
    if (numbers.length > 0)
      docs.push({ natureOfDocument: nature, from: numbers[0]!, to: numbers[numbers.length - 1]!, totalNumber: numbers.length, cancelled: 0 });
  }
  const byKey = <T>(m: Map<string, T>) => [...m.entries()].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)).map(([, v]) => v);
  return { period, gstin, b2cs: byKey(b2cs), hsn: byKey(hsn), docs, totals };
}

export async function gstr1(pool: pg.Pool, period: string, gstin: string): Promise<Gstr1> {
  const { rows } = await pool.query<DocumentRow>('select kind, document_number, document from invoices where tax_period = $1 order by kind, document_number', [
    period,
  ]);
  return gstr1From(period, gstin, rows);
}

const money = (paise: number) => (paise / 100).toFixed(2);
const cell = (v: string | number) => {
  const text = String(v);
  return /[",\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
};
const csvLines = (header: readonly string[], rows: (string | number)[][]) => [header, ...rows].map((r) => r.map(cell).join(',')).join('\n');

export type Gstr1Sheet = 'b2cs' | 'hsn' | 'docs';

/** One sheet as CSV, in the offline tool's column order (amounts in rupees with 2 decimals). */
export function gstr1Csv(report: Gstr1, sheet: Gstr1Sheet): string {
  if (sheet === 'b2cs')
    return csvLines(
      B2CS_COLUMNS,
      report.b2cs.map((r) => [r.type, r.placeOfSupply, '', r.rate, money(r.taxablePaise), '0.00', '']),
    );
  if (sheet === 'hsn') {
    return csvLines(
      HSN_COLUMNS,
      report.hsn.map((r) => [
        r.hsn,
        r.description,
        r.uqc,
        r.quantity,
        money(r.totalValuePaise),
        r.rate,
        money(r.taxablePaise),
        money(r.igstPaise),
        money(r.cgstPaise),
        money(r.sgstPaise),
        '0.00',
      ]),
    );
  }
  return csvLines(
    DOCS_COLUMNS,
    report.docs.map((r) => [r.natureOfDocument, r.from, r.to, r.totalNumber, r.cancelled]),
  );
}

/** All three sheets, each under a line naming it, separated by an empty line. */
export const gstr1CsvAll = (report: Gstr1) => (['b2cs', 'hsn', 'docs'] as const).map((s) => `${s}\n${gstr1Csv(report, s)}\n`).join('\n');
