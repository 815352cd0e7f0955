import { NotFoundError, ValidationError } from '../../core/errors.js';
import type { Decider } from '../../core/decider.js';
import { normalisePhone } from '../../core/visible-text.js';
import {
  ADDRESS_TYPES,
  evolveAddressBook,
  initialAddressBookState,
  MAX_ADDRESSES,
  pickAddressFields,
  type AddressBookEvent,
  type AddressBookState,
  type AddressFields,
} from './address-book.js';

/** Address fields as they come from a form: any of them may be missing; the decider says what is wrong. */
export type AddressInput = Partial<Record<keyof AddressFields, string>>;

export type AddressBookCommand =
  | { type: 'AddAddress'; data: { customerId: string; addressId: string; fields: AddressInput; makeDefault: boolean; now: string } }
  | { type: 'UpdateAddress'; data: { customerId: string; addressId: string; changes: AddressInput; makeDefault?: boolean; now: string } }
  | { type: 'RemoveAddress'; data: { customerId: string; addressId: string; now: string } };

export const ADDRESS_MESSAGES = {
  name: 'Name is required',
  incomplete: 'Incomplete shipping address',
  pincode: 'Invalid Pincode',
  phone: 'Please enter a valid 10-digit phone number',
  addressType: 'Address type must be Home, Work or Other',
  notFound: 'Address not found',
  tooMany: `You can save at most ${MAX_ADDRESSES} addresses`,
} as const;

export { normalisePhone };

/** The one place that says what a complete address is (checkout's rules: phone optional). */
export function completeAddress(input: AddressInput): AddressFields {
  const text = (value: string | undefined) => (value ?? '').trim();
  const fields: AddressFields = {
    name: text(input.name),
    address: text(input.address),
    addressLine2: text(input.addressLine2),
    landmark: text(input.landmark),
    city: text(input.city),
    state: text(input.state),
    pincode: text(input.pincode),
    phone: normalisePhone(text(input.phone)),
    addressType: (text(input.addressType) || 'Home') as AddressFields['addressType'],
  };
  if (!fields.name) throw new ValidationError(ADDRESS_MESSAGES.name);
  if (!fields.address || !fields.city || !fields.state || !fields.pincode) throw new ValidationError(ADDRESS_MESSAGES.incomplete);
  if (!/^\d{6}$/.test(fields.pincode)) throw new ValidationError(ADDRESS_MESSAGES.pincode);
  if (fields.phone && !/^\d{10}$/.test(fields.phone)) throw new ValidationError(ADDRESS_MESSAGES.phone);
  if (!(ADDRESS_TYPES as readonly string[]).includes(fields.addressType)) throw new ValidationError(ADDRESS_MESSAGES.addressType);
  return fields;
}

const sameFields = (a: AddressFields, b: AddressFields) => (Object.keys(a) as (keyof AddressFields)[]).every((key) => a[key] === b[key]);

export function decideAddressBook(command: AddressBookCommand, state: AddressBookState): AddressBookEvent[] {
  switch (command.type) {
    case 'AddAddress': {
      const { customerId, addressId, now } = command.data;
      if (state.addresses.some((a) => a.id === addressId)) return [];
      const fields = completeAddress(command.data.fields);
      if (state.addresses.length >= MAX_ADDRESSES) throw new ValidationError(ADDRESS_MESSAGES.tooMany);
      const events: AddressBookEvent[] = [{ type: 'AddressAdded', data: { customerId, addressId, ...fields, addedAt: now } }];
      // The first address becomes the default; asking for default moves it here.
      if (state.defaultId === null || command.data.makeDefault) {
        events.push({ type: 'DefaultAddressSet', data: { customerId, addressId, setAt: now } });
      }
      return events;
    }
    case 'UpdateAddress': {
      const { customerId, addressId, changes, makeDefault, now } = command.data;
      const existing = state.addresses.find((a) => a.id === addressId);
      if (!existing) throw new NotFoundError(ADDRESS_MESSAGES.notFound);
      const defined = Object.fromEntries(Object.entries(changes).filter(([, value]) => value !== undefined));
      const fields = completeAddress({ ...pickAddressFields(existing), ...defined });
      const events: AddressBookEvent[] = [];
      if (!sameFields(fields, pickAddressFields(existing))) {
        events.push({ type: 'AddressUpdated', data: { customerId, addressId, ...fields, updatedAt: now } });
      }
      // Exactly one default: un-ticking the default keeps it until another address is made default.
      if (makeDefault === true && state.defaultId !== addressId) {
        events.push({ type: 'DefaultAddressSet', data: { customerId, addressId, setAt: now } });
      }
      return events;
    }
    case 'RemoveAddress': {
      const { customerId, addressId, now } = command.data;
      if (!state.addresses.some((a) => a.id === addressId)) throw new NotFoundError(ADDRESS_MESSAGES.notFound);
      const events: AddressBookEvent[] = [{ type: 'AddressRemoved', data: { customerId, addressId, removedAt: now } }];
      const successor = state.addresses.find((a) => a.id !== addressId);
      if (state.defaultId === addressId && successor) {
        events.push({ type: 'DefaultAddressSet', data: { customerId, addressId: successor.id, setAt: now } });
      }
      return events;
    }
    default: {
      const exhaustive: never = command;
      return exhaustive;
    }
  }
}

export const addressBookDecider: Decider<AddressBookState, AddressBookCommand, AddressBookEvent> = {
  initialState: initialAddressBookState,
  evolve: evolveAddressBook,
  decide: decideAddressBook,
};
