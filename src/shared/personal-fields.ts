// The personal-field registry and what erased fields read as: shared by the features whose events carry personal
// data, the event store's codec (privacy) and the projectors that blank erased rows. Imports no feature.
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
 * Declares the personal fields of an event type. The event store's codec (modules/privacy/codec.ts) stores them encrypted with the
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

/**
 * What an erased buyer's invoice recipient reads as. The state stays: it is the place of supply, which the
 * return and the seller's books need; the seller's full copy is in the retention store (docs/personal-data.md).
 */
export const ERASED_RECIPIENT = { name: ERASED_NAME, email: '', address: '', addressLine2: '', city: '', pincode: '', phone: '' } as const;
