import { describe, expect, it } from 'vitest';
import { evolveAddressBook, initialAddressBookState, type AddressBookEvent } from './address-book.js';
import { ADDRESS_MESSAGES, completeAddress, decideAddressBook, type AddressBookCommand, type AddressInput } from './address-book-decide.js';

const customerId = '6f1c2a34-5b6d-4e7f-8a9b-0c1d2e3f4a5b';
const ids = ['11111111-1111-4111-8111-111111111111', '22222222-2222-4222-8222-222222222222', '33333333-3333-4333-8333-333333333333'];
const now = '2026-03-01T10:00:00.000Z';
const home: AddressInput = { name: 'Asha Rao', address: '12 MG Road', city: 'Bengaluru', state: 'Karnataka', pincode: '560001', phone: '9876543210' };

/** given events → when command → then events, folding as it goes. */
function run(commands: AddressBookCommand[]) {
  let state = initialAddressBookState();
  const all: AddressBookEvent[][] = [];
  for (const command of commands) {
    const events = decideAddressBook(command, state);
    state = events.reduce(evolveAddressBook, state);
    all.push(events);
  }
  return { state, all };
}
const add = (addressId: string, fields: AddressInput = home, makeDefault = false): AddressBookCommand => ({
  type: 'AddAddress',
  data: { customerId, addressId, fields, makeDefault, now },
});

describe('address book decider', () => {
  it('the first address becomes the default; later ones do not unless asked', () => {
    const { state, all } = run([add(ids[0]!), add(ids[1]!)]);
    expect(all[0]!.map((e) => e.type)).toEqual(['AddressAdded', 'DefaultAddressSet']);
    expect(all[0]![0]!.data).toMatchObject({ addressType: 'Home', addressLine2: '', landmark: '', addedAt: now });
    expect(all[1]!.map((e) => e.type)).toEqual(['AddressAdded']);
    expect(state.defaultId).toBe(ids[0]);
  });

  it('adding with is_default moves the default; so does updating with is_default', () => {
    expect(run([add(ids[0]!), add(ids[1]!, home, true)]).state.defaultId).toBe(ids[1]);
    const { state, all } = run([
      add(ids[0]!),
      add(ids[1]!),
      { type: 'UpdateAddress', data: { customerId, addressId: ids[1]!, changes: {}, makeDefault: true, now } },
    ]);
    expect(all[2]!.map((e) => e.type)).toEqual(['DefaultAddressSet']);
    expect(state.defaultId).toBe(ids[1]);
  });

  it('un-ticking the default keeps exactly one default', () => {
    const { state, all } = run([
      add(ids[0]!),
      add(ids[1]!),
      { type: 'UpdateAddress', data: { customerId, addressId: ids[0]!, changes: {}, makeDefault: false, now } },
    ]);
    expect(all[2]).toEqual([]);
    expect(state.defaultId).toBe(ids[0]);
  });

  it('deleting the default promotes the first remaining address; deleting the last leaves none', () => {
    const { state, all } = run([add(ids[0]!), add(ids[1]!), add(ids[2]!), { type: 'RemoveAddress', data: { customerId, addressId: ids[0]!, now } }]);
    expect(all[3]).toEqual([
      { type: 'AddressRemoved', data: { customerId, addressId: ids[0], removedAt: now } },
      { type: 'DefaultAddressSet', data: { customerId, addressId: ids[1], setAt: now } },
    ]);
    expect(state.defaultId).toBe(ids[1]);
    const single = run([add(ids[0]!), { type: 'RemoveAddress', data: { customerId, addressId: ids[0]!, now } }]);
    expect(single.all[1]!.map((e) => e.type)).toEqual(['AddressRemoved']);
    expect(single.state).toEqual({ addresses: [], defaultId: null });
  });

  it('deleting a non-default address leaves the default alone', () => {
    const { state, all } = run([add(ids[0]!), add(ids[1]!), { type: 'RemoveAddress', data: { customerId, addressId: ids[1]!, now } }]);
    expect(all[2]!.map((e) => e.type)).toEqual(['AddressRemoved']);
    expect(state.defaultId).toBe(ids[0]);
  });

  it('updates merge the changes and emit the whole address; no change emits nothing', () => {
    const { state, all } = run([
      add(ids[0]!),
      { type: 'UpdateAddress', data: { customerId, addressId: ids[0]!, changes: { city: ' Mysuru ', addressType: 'Work' }, now } },
      { type: 'UpdateAddress', data: { customerId, addressId: ids[0]!, changes: { city: 'Mysuru' }, now } },
    ]);
    expect(all[1]).toEqual([
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
    expect(all[2]).toEqual([]);
    expect(state.addresses[0]).toMatchObject({ city: 'Mysuru', addressType: 'Work' });
  });

  it('an unknown address (or another customer\'s) is "Address not found"', () => {
    expect(() => decideAddressBook({ type: 'UpdateAddress', data: { customerId, addressId: ids[2]!, changes: {}, now } }, initialAddressBookState())).toThrow(
      ADDRESS_MESSAGES.notFound,
    );
    expect(() => decideAddressBook({ type: 'RemoveAddress', data: { customerId, addressId: ids[2]!, now } }, initialAddressBookState())).toThrow(
      ADDRESS_MESSAGES.notFound,
    );
  });

  it('retrying the same AddAddress (same id) adds it once', () => {
    const { state, all } = run([add(ids[0]!), add(ids[0]!)]);
    expect(all[1]).toEqual([]);
    expect(state.addresses).toHaveLength(1);
  });

  it('caps the address book', () => {
    let state = initialAddressBookState();
    for (let i = 0; i < 20; i++) {
      const id = `${String(i).padStart(8, '0')}-1111-4111-8111-111111111111`;
      state = decideAddressBook(add(id), state).reduce(evolveAddressBook, state);
    }
    expect(() => decideAddressBook(add(ids[0]!), state)).toThrow(ADDRESS_MESSAGES.tooMany);
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
