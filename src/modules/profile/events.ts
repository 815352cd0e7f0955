import { z } from 'zod';
import { registerEvents, type EventsOf } from '../../core/event-registry.js';

/**
 * The profile feature's events: their schemas (validated at append through the registry) and types, nothing else.
 * The write side folds them; the read side (projections/profiles) imports only this file.
 */
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

export type AddressBookEvent = EventsOf<typeof addressBookEvents>;

export const wishlistEvents = {
  WishlistItemAdded: z.object({ customerId: z.uuid(), productId: z.string().min(1), addedAt: z.iso.datetime() }),
  WishlistItemRemoved: z.object({ customerId: z.uuid(), productId: z.string().min(1), removedAt: z.iso.datetime() }),
} as const;
registerEvents(wishlistEvents);

export type WishlistEvent = EventsOf<typeof wishlistEvents>;
