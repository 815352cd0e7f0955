import { ERASED_RECIPIENT, registerPersonalFields } from '../../../shared/personal-fields.js';

// The invoice's recipient is the buyer's personal data, sealed with their key like their order (CreditNoteIssued
// carries no recipient). Invoices written before the buyer's id was recorded get it from their order when the log is
// migrated forward (privacy/encrypt-log.ts).
registerPersonalFields('InvoiceIssued', {
  subject: (data) => (typeof data.customerId === 'string' ? data.customerId : undefined),
  fields: Object.fromEntries(Object.entries(ERASED_RECIPIENT).map(([field, value]) => [`recipient.${field}`, value])),
});
