import { InvoiceIssued, TaxDocumentEvent } from '../events.js';
import './personal-fields.js';

export * from '../events.js';

/** Every tax document of one order (its invoice, its credit notes), in the order issued. */
export const taxDocumentsStream = (orderId: string) => `tax-documents-${orderId}`;
/** One stream per series and financial year: its n-th DocumentNumberClaimed is number n (consecutive, gap-free). */
export const seriesStream = (series: DocumentSeries, financialYear: string) => `${series}-series-${financialYear}`;
export type DocumentSeries = 'invoice' | 'credit-note';

export const isTaxDocumentStream = (streamId: string) => /^(tax-documents-|invoice-series-|credit-note-series-)/.test(streamId);

/** The order's documents: the invoice in force (issued and not reversed by a credit note; a return's note credits part of it), if any. */
export function openInvoice(events: TaxDocumentEvent[]): InvoiceIssued | null {
  let open: InvoiceIssued | null = null;
  for (const e of events) {
    if (e.type === 'InvoiceIssued') open = e.data;
    else if (open && e.data.invoiceNumber === open.invoiceNumber && e.data.reason !== 'returned') open = null;
  }
  return open;
}
