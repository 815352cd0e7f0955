import { ERASED_NAME, registerPersonalFields } from '../privacy/index.js';

/**
 * What an erased buyer's invoice recipient reads as (issue 21). The state stays: it is the place of supply, which the
 * return and the seller's books need; the seller's full copy is in the retention store (README "Personal data").
 */
export const ERASED_RECIPIENT = { name: ERASED_NAME, email: '', address: '', addressLine2: '', city: '', pincode: '', phone: '' } as const;

// The invoice's recipient is the buyer's personal data, sealed with their key like their order (CreditNoteIssued
// carries no recipient). Invoices written before the buyer's id was recorded get it from their order when the log is
// migrated forward (privacy/encrypt-log.ts).
registerPersonalFields('InvoiceIssued', {
  subject: (data) => (typeof data.customerId === 'string' ? data.customerId : undefined),
  fields: Object.fromEntries(Object.entries(ERASED_RECIPIENT).map(([field, value]) => [`recipient.${field}`, value])),
});
