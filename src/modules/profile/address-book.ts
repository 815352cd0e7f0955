import { z } from 'zod';
import { registerEvents } from '../../core/event-registry.js';

/** A customer's saved delivery addresses live in a stream of their own, beside the customer stream. */
export const addressBookStream = (customerId: string) => `addressbook-${customerId}`;

export const ADDRESS_TYPES = ['Home', 'Work', 'Other'] as const;
export type AddressType = (typeof ADDRESS_TYPES)[number];
export const MAX_ADDRESSES = 20;

const addressFields = {
  name: z.string().min(1),
  address: z.string().min(1),
  addressLine2: z.string(),
  landmark: z.string(),
  city: z.string().min(1),
  state: z.string().min(1),
  pincode: z.string().regex(/^\d{6}$/),
  phone: z.string(),
  addressType: z.enum(ADDRESS_TYPES),
};

export const addressBookEvents = {
  AddressAdded: z.object({ customerId: z.uuid(), addressId: z.uuid(), ...addressFields, addedAt: z.iso.datetime() }),
  /** Carries the whole address after the change, so the projector and evolve need no merging. */
  AddressUpdated: z.object({ customerId: z.uuid(), addressId: z.uuid(), ...addressFields, updatedAt: z.iso.datetime() }),
  AddressRemoved: z.object({ customerId: z.uuid(), addressId: z.uuid(), removedAt: z.iso.datetime() }),
  /** Makes one address the default; the previous default stops being one. */
  DefaultAddressSet: z.object({ customerId: z.uuid(), addressId: z.uuid(), setAt: z.iso.datetime() }),
} as const;
registerEvents(addressBookEvents);

type Data<K extends keyof typeof addressBookEvents> = z.infer<(typeof addressBookEvents)[K]>;
export type AddressBookEvent =
  | { type: 'AddressAdded'; data: Data<'AddressAdded'> }
  | { type: 'AddressUpdated'; data: Data<'AddressUpdated'> }
  | { type: 'AddressRemoved'; data: Data<'AddressRemoved'> }
  | { type: 'DefaultAddressSet'; data: Data<'DefaultAddressSet'> };

export interface AddressFields {
  name: string;
  address: string;
  addressLine2: string;
  landmark: string;
  city: string;
  state: string;
  pincode: string;
  phone: string;
  addressType: AddressType;
}

export interface SavedAddress extends AddressFields {
  id: string;
  createdAt: string;
  updatedAt: string;
}

export interface AddressBookState {
  addresses: SavedAddress[];
  defaultId: string | null;
}

export const initialAddressBookState = (): AddressBookState => ({ addresses: [], defaultId: null });

export function pickAddressFields(source: AddressFields): AddressFields {
  const { name, address, addressLine2, landmark, city, state, pincode, phone, addressType } = source;
  return { name, address, addressLine2, landmark, city, state, pincode, phone, addressType };
}

export function evolveAddressBook(state: AddressBookState, event: AddressBookEvent): AddressBookState {
  switch (event.type) {
    case 'AddressAdded': {
      const d = event.data;
      const saved: SavedAddress = { id: d.addressId, ...pickAddressFields(d), createdAt: d.addedAt, updatedAt: d.addedAt };
      return { ...state, addresses: [...state.addresses, saved] };
    }
    case 'AddressUpdated': {
      const d = event.data;
      return {
        ...state,
        addresses: state.addresses.map((a) => (a.id === d.addressId ? { ...a, ...pickAddressFields(d), updatedAt: d.updatedAt } : a)),
      };
    }
    case 'AddressRemoved':
      return {
        addresses: state.addresses.filter((a) => a.id !== event.data.addressId),
        defaultId: state.defaultId === event.data.addressId ? null : state.defaultId,
      };
    case 'DefaultAddressSet':
      return { ...state, defaultId: event.data.addressId };
    default: {
      const exhaustive: never = event;
      return exhaustive;
    }
  }
}
