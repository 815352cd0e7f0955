import type { CreditNoteIssued, InvoiceIssued, TaxDocumentEvent } from '../events.js';
import './personal-fields.js';

export * from '../events.js';

/** Every tax document of one order (its invoice, its credit notes), in the order issued. */
export const taxDocumentsStream = (orderId: string) => `tax-documents-${orderId}`;
/** One stream per series and financial year: its n-th DocumentNumberClaimed is number n (consecutive, gap-free). */
export const seriesStream = (series: DocumentSeries, financialYear: string) => `${series}-series-${financialYear}`;
export type DocumentSeries = 'invoice' | 'credit-note';

export const isTaxDocumentStream = (streamId: string) => /^(tax-documents-|invoice-series-|credit-note-series-)/.test(streamId);

/**
 * The order's invoice in force (issued and not reversed by a whole-order credit note; a return's note credits part of
 * it) with the credit notes issued against it so far, if any.
 */
export function invoiceInForce(events: TaxDocumentEvent[]): { invoice: InvoiceIssued; creditNotes: CreditNoteIssued[] } | null {
  let open: { invoice: InvoiceIssued; creditNotes: CreditNoteIssued[] } | null = null;
  for (const e of events) {
    if (e.type === 'InvoiceIssued') open = { invoice: e.data, creditNotes: [] };
    else if (open && e.data.invoiceNumber === open.invoice.invoiceNumber) {
      if (e.data.reason === 'returned') open.creditNotes.push(e.data);
      else open = null;
    }
  }
  return open;
}
