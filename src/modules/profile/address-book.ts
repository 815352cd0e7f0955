import { AddressBookEvent, AddressType } from './events.js';

export * from './events.js';

/** A customer's saved delivery addresses live in a stream of their own, beside the customer stream. */
export const addressBookStream = (customerId: string) => `addressbook-${customerId}`;

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
