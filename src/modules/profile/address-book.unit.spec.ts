import { describe, expect, it } from 'vitest';
import { deciderSpec } from '../../../tests/helpers/decider-spec.js';
import { ADDRESS_MESSAGES, addressBookDecider, completeAddress, type AddressBookCommand, type AddressInput } from './address-book-decide.js';

const customerId = '6f1c2a34-5b6d-4e7f-8a9b-0c1d2e3f4a5b';
const ids = ['11111111-1111-4111-8111-111111111111', '22222222-2222-4222-8222-222222222222', '33333333-3333-4333-8333-333333333333'];
const now = '2026-03-01T10:00:00.000Z';
const home: AddressInput = { name: 'Asha Rao', address: '12 MG Road', city: 'Bengaluru', state: 'Karnataka', pincode: '560001', phone: '9876543210' };

const { given } = deciderSpec(addressBookDecider);
const add = (addressId: string, fields: AddressInput = home, makeDefault = false): AddressBookCommand => ({
  type: 'AddAddress',
  data: { customerId, addressId, fields, makeDefault, now },
});
const update = (addressId: string, changes: AddressInput, makeDefault?: boolean): AddressBookCommand => ({
  type: 'UpdateAddress',
  data: { customerId, addressId, changes, ...(makeDefault === undefined ? {} : { makeDefault }), now },
});
const remove = (addressId: string): AddressBookCommand => ({ type: 'RemoveAddress', data: { customerId, addressId, now } });

describe('address book decider', () => {
  it('the first address becomes the default; later ones do not unless asked', () => {
    const first = given([]).when(add(ids[0]!));
    const [added] = first.thenTypes(['AddressAdded', 'DefaultAddressSet']);
    expect(added!.data).toMatchObject({ addressType: 'Home', addressLine2: '', landmark: '', addedAt: now });
    const second = given(first.history()).when(add(ids[1]!));
    second.thenTypes(['AddressAdded']);
    expect(second.state().defaultId).toBe(ids[0]);
  });

  it('adding with is_default moves the default; so does updating with is_default', () => {
    expect(
      given([])
        .and(add(ids[0]!), add(ids[1]!, home, true))
        .state().defaultId,
    ).toBe(ids[1]);
    const makeDefault = given([])
      .and(add(ids[0]!), add(ids[1]!))
      .when(update(ids[1]!, {}, true));
    makeDefault.thenTypes(['DefaultAddressSet']);
    expect(makeDefault.state().defaultId).toBe(ids[1]);
  });

  it('un-ticking the default keeps exactly one default', () => {
    const untick = given([])
      .and(add(ids[0]!), add(ids[1]!))
      .when(update(ids[0]!, {}, false));
    untick.thenNothingHappened();
    expect(untick.state().defaultId).toBe(ids[0]);
  });

  it('deleting the default promotes the first remaining address; deleting the last leaves none', () => {
    const removeDefault = given([]).and(add(ids[0]!), add(ids[1]!), add(ids[2]!)).when(remove(ids[0]!));
    removeDefault.then([
      { type: 'AddressRemoved', data: { customerId, addressId: ids[0], removedAt: now } },
      { type: 'DefaultAddressSet', data: { customerId, addressId: ids[1], setAt: now } },
    ]);
    expect(removeDefault.state().defaultId).toBe(ids[1]);
    const single = given([]).and(add(ids[0]!)).when(remove(ids[0]!));
    single.thenTypes(['AddressRemoved']);
    expect(single.state()).toEqual({ addresses: [], defaultId: null });
  });

  it('deleting a non-default address leaves the default alone', () => {
    const removeOther = given([]).and(add(ids[0]!), add(ids[1]!)).when(remove(ids[1]!));
    removeOther.thenTypes(['AddressRemoved']);
    expect(removeOther.state().defaultId).toBe(ids[0]);
  });

  it('updates merge the changes and emit the whole address; no change emits nothing', () => {
    const edited = given([]).and(add(ids[0]!));
    const change = edited.when(update(ids[0]!, { city: ' Mysuru ', addressType: 'Work' }));
    change.then([
      {
        type: 'AddressUpdated',
        data: {
          customerId,
          addressId: ids[0],
          name: 'Asha Rao',
          address: '12 MG Road',
          addressLine2: '',
          landmark: '',
          city: 'Mysuru',
          state: 'Karnataka',
          pincode: '560001',
          phone: '9876543210',
          addressType: 'Work',
          updatedAt: now,
        },
      },
    ]);
    const same = given(change.history()).when(update(ids[0]!, { city: 'Mysuru' }));
    same.thenNothingHappened();
    expect(same.state().addresses[0]).toMatchObject({ city: 'Mysuru', addressType: 'Work' });
  });

  it('an unknown address (or another customer\'s) is "Address not found"', () => {
    given([]).when(update(ids[2]!, {})).thenThrows(ADDRESS_MESSAGES.notFound);
    given([]).when(remove(ids[2]!)).thenThrows(ADDRESS_MESSAGES.notFound);
  });

  it('retrying the same AddAddress (same id) adds it once', () => {
    const retry = given([]).and(add(ids[0]!)).when(add(ids[0]!));
    retry.thenNothingHappened();
    expect(retry.state().addresses).toHaveLength(1);
  });

  it('caps the address book', () => {
    const full = given([]).and(...Array.from({ length: 20 }, (_, i) => add(`${String(i).padStart(8, '0')}-1111-4111-8111-111111111111`)));
    full.when(add(ids[0]!)).thenThrows(ADDRESS_MESSAGES.tooMany);
  });
});

describe('completeAddress', () => {
  it.each([
    [{ name: '  ' }, ADDRESS_MESSAGES.name],
    [{ address: '' }, 'Incomplete shipping address'],
    [{ city: undefined }, 'Incomplete shipping address'],
    [{ state: ' ' }, 'Incomplete shipping address'],
    [{ pincode: '' }, 'Incomplete shipping address'],
    [{ pincode: '56001' }, 'Invalid Pincode'],
    [{ pincode: '5600011' }, 'Invalid Pincode'],
    [{ pincode: 'abcdef' }, 'Invalid Pincode'],
    [{ phone: '12345' }, ADDRESS_MESSAGES.phone],
    [{ phone: '98765432101' }, ADDRESS_MESSAGES.phone],
    [{ addressType: 'Office' }, ADDRESS_MESSAGES.addressType],
  ])('refuses %j with "%s"', (override, message) => {
    expect(() => completeAddress({ ...home, ...override })).toThrow(message);
  });

  it('trims, defaults the type to Home, keeps phone optional and normalises +91 numbers', () => {
    expect(completeAddress({ ...home, name: ' Asha ', phone: '' })).toMatchObject({ name: 'Asha', phone: '', addressType: 'Home' });
    expect(completeAddress({ ...home, phone: '+91 98765-43210' }).phone).toBe('9876543210');
  });
});
