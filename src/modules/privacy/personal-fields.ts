/** What an erased name reads as everywhere (read models, invoices, the as-of view, exports). */
export const ERASED_NAME = 'Erased customer';

/** How an erased field reads: a fixed value, or one made from the subject (so e-mails stay unique and valid). */
export type ErasedValue = string | ((subject: string) => string);
export const erasedEmail: ErasedValue = (subject) => `erased-${subject}@erased.invalid`;

export interface PersonalFields {
  /** Whose data it is: the key that encrypts it (a customer id taken from the event's own data). */
  subject: (data: Record<string, unknown>) => string | undefined;
  /** Field paths (`a` or `a.b`) holding personal data, with what each reads as once the key is destroyed. */
  fields: Record<string, ErasedValue>;
}

const registry = new Map<string, PersonalFields>();

/**
 * Declares the personal fields of an event type. The event store's codec (codec.ts) stores them encrypted with the
 * subject's key and decrypts them on every read; other modules call this for their own event types
 * (e.g. an invoice's recipient name and address).
 */
export function registerPersonalFields(type: string, spec: PersonalFields): void {
  if (registry.has(type)) throw new Error(`Personal fields of ${type} registered twice`);
  registry.set(type, spec);
}

export function personalFieldsOf(type: string): PersonalFields | undefined {
  return registry.get(type);
}

export function personalEventTypes(): string[] {
  return [...registry.keys()];
}

const byCustomerId = (data: Record<string, unknown>) => (typeof data.customerId === 'string' ? data.customerId : undefined);
const profile = { email: erasedEmail, fullName: ERASED_NAME, phone: '', address: '', city: '', state: '', pincode: '' };
const addressFields = { name: ERASED_NAME, address: '', addressLine2: '', landmark: '', city: '', state: '', pincode: '', phone: '' };

// The event types of this store that carry personal data (see the event registry's modules): names, e-mail, phone,
// addresses and a review's author name and text. Ids, amounts, items, statuses and the delivery state (GST place of
// supply, kept 72 months) stay in clear.
registerPersonalFields('CustomerRegistered', { subject: byCustomerId, fields: profile });
registerPersonalFields('ProfileUpdated', { subject: byCustomerId, fields: profile });
registerPersonalFields('EmailClaimed', { subject: byCustomerId, fields: { email: erasedEmail } });
registerPersonalFields('EmailReleased', { subject: byCustomerId, fields: { email: erasedEmail } });
registerPersonalFields('AddressAdded', { subject: byCustomerId, fields: addressFields });
registerPersonalFields('AddressUpdated', { subject: byCustomerId, fields: addressFields });
registerPersonalFields('OrderPlaced', {
  subject: byCustomerId,
  fields: {
    customerName: ERASED_NAME,
    customerEmail: erasedEmail,
    'shippingAddress.name': ERASED_NAME,
    'shippingAddress.address': '',
    'shippingAddress.addressLine2': '',
    'shippingAddress.city': '',
    'shippingAddress.pincode': '',
    'shippingAddress.phone': '',
  },
});
registerPersonalFields('ProductReviewed', {
  subject: (data) => (typeof data.userId === 'string' ? data.userId : undefined),
  fields: { userName: ERASED_NAME, comment: '(removed at the reviewer’s request)' },
});
