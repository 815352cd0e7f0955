import type { ModuleDeps, StoreModule } from '../module.js';
import './documents.js';

export const startOrder = 50;

export { withTaxDocuments, INVOICED_STATUSES, type OrderTransition } from './order-documents.js';
export { isTaxDocumentStream, taxDocumentsStream, TAX_DOCUMENT_EVENT_TYPES, type InvoiceIssued, type CreditNoteIssued } from './documents.js';
export { gstSettings, hsnProblem, rateProblem, HSN_PATTERN } from './settings.js';

/** GST tax invoices, credit notes and the monthly return (issue 18). */
export function createModule(_deps: ModuleDeps): StoreModule {
  return { name: 'gst', projectors: [], routes: async () => undefined };
}
export { taxInvoiceOfOrder, taxInvoicePdf, latestInvoice, type TaxInvoice } from './order-invoice.js';
