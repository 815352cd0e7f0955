import type { ModuleDeps, StoreModule } from '../module.js';
import { gstApi } from './api.js';
import './invoices/documents.js';
import { gstSettings } from './settings.js';

export const startOrder = 50;

export {
  withTaxDocuments,
  taxDocumentWrites,
  taxDocumentLockStreams,
  returnCreditNoteWrites,
  returnCreditNoteLockStreams,
  seriesOf as taxDocumentSeriesOf,
  gstContainedInOrder,
  INVOICED_STATUSES,
  type OrderTransition,
} from './invoices/order-documents.js';
export { isTaxDocumentStream, taxDocumentsStream, TAX_DOCUMENT_EVENT_TYPES, type InvoiceIssued, type CreditNoteIssued } from './invoices/documents.js';
export { gstSettings, hsnProblem, rateProblem, HSN_PATTERN } from './settings.js';
export { taxInvoiceOfOrder, taxInvoicePdf, latestInvoice, type TaxInvoice } from './invoices/order-invoice.js';
export { taxInvoice } from './invoices/tax-invoice.js';
export { invoiceMoney, renderInvoicePdf } from './invoices/pdf-document.js';
export { reconcileGst, type GstReconciliation } from './reconcile.js';
export { monthQuery, reconciliationResponses } from './schemas.js';
export { gstr1, gstr1Csv, gstr1CsvAll, type Gstr1 } from './gstr1.js';

/** GST tax invoices, credit notes and the monthly return. Invalid seller settings refuse the start. */
export function createModule(_deps: ModuleDeps): StoreModule {
  gstSettings();
  return { name: 'gst', routes: gstApi };
}
