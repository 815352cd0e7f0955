import type { EventStore } from '../../../core/event-store.js';
import { taxDocumentsStream, type CreditNoteIssued, type InvoiceIssued, type TaxDocumentEvent } from './documents.js';
import { taxInvoicePdf } from './invoice-pdf.js';
import { taxInvoice, type TaxInvoice } from './tax-invoice.js';

/** The order's latest tax invoice and the credit notes against it, read from the log (null: not invoiced yet). */
export async function latestInvoice(store: EventStore, orderId: string): Promise<{ invoice: InvoiceIssued; creditNotes: CreditNoteIssued[] } | null> {
  const events = (await store.readStream(taxDocumentsStream(orderId))) as unknown as TaxDocumentEvent[];
  let found: { invoice: InvoiceIssued; creditNotes: CreditNoteIssued[] } | null = null;
  for (const e of events) {
    if (e.type === 'InvoiceIssued') found = { invoice: e.data, creditNotes: [] };
    else if (found && e.data.invoiceNumber === found.invoice.invoiceNumber) found.creditNotes.push(e.data);
  }
  return found;
}

/** The order's tax invoice as JSON, or null when the order has none (not confirmed yet). */
export async function taxInvoiceOfOrder(store: EventStore, orderId: string): Promise<TaxInvoice | null> {
  const found = await latestInvoice(store, orderId);
  return found ? taxInvoice(found.invoice, found.creditNotes) : null;
}

export { taxInvoicePdf, type TaxInvoice };
