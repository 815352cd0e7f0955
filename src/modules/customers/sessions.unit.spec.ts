import { describe, expect, it } from 'vitest';
import { evolveCustomer, initialCustomerState, type CustomerEvent, type CustomerState } from './customer.js';
import { decideCustomer, EMAIL_CHANGE_MESSAGES } from './decide.js';

const id = '11111111-1111-4111-8111-111111111111';
const admin = '22222222-2222-4222-8222-222222222222';
const now = '2026-11-24T00:00:00.000Z';
const registered = (role: 'customer' | 'admin' = 'customer'): CustomerState =>
  evolveCustomer(initialCustomerState(), {
    type: 'CustomerRegistered',
    data: {
      customerId: id,
      email: 'a@example.in',
      passwordHash: 'h',
      role,
      registeredAt: now,
      fullName: 'A',
      phone: '',
      address: '',
      city: 'Pune',
      state: 'MH',
      pincode: '411001',
    },
  });
const fold = (state: CustomerState, events: CustomerEvent[]) => events.reduce(evolveCustomer, state);
const version = (state: CustomerState) => (state.status === 'registered' ? state.sessionVersion : NaN);

describe('customer sessions (given events / when command / then events)', () => {
  it('SignOut records the one session and leaves the session version alone', () => {
    const state = registered();
    const events = decideCustomer({ type: 'SignOut', data: { sessionId: 's1', expiresAt: now, by: id, now } }, state);
    expect(events).toEqual([{ type: 'SignedOut', data: { customerId: id, sessionId: 's1', expiresAt: now, by: id, at: now } }]);
    expect(version(fold(state, events))).toBe(0);
  });

  it('RevokeSessions and ChangePassword each raise the session version by one', () => {
    let state = registered();
    state = fold(state, decideCustomer({ type: 'RevokeSessions', data: { reason: 'admin', by: admin, now } }, state));
    expect(version(state)).toBe(1);
    state = fold(state, decideCustomer({ type: 'ChangePassword', data: { currentPasswordMatches: true, now } }, state));
    expect(version(state)).toBe(2);
  });

  it("ChangeRole records from/to and who; nothing for the same role; never one's own", () => {
    const state = registered('admin');
    expect(decideCustomer({ type: 'ChangeRole', data: { role: 'customer', by: admin, now } }, state)).toEqual([
      { type: 'RoleChanged', data: { customerId: id, from: 'admin', to: 'customer', by: admin, at: now } },
    ]);
    expect(decideCustomer({ type: 'ChangeRole', data: { role: 'admin', by: admin, now } }, state)).toEqual([]);
    expect(() => decideCustomer({ type: 'ChangeRole', data: { role: 'customer', by: id, now } }, state)).toThrow('You cannot change your own role');
  });

  it('commands on an unknown customer are "User not found"', () => {
    expect(() => decideCustomer({ type: 'RevokeSessions', data: { reason: 'sign-out-everywhere', by: id, now } }, initialCustomerState())).toThrow(
      'User not found',
    );
  });

  it('UpdateProfile: a new e-mail needs the current password; other fields do not', () => {
    const state = registered();
    const change = (currentPasswordMatches?: boolean) => () =>
      decideCustomer({ type: 'UpdateProfile', data: { email: 'b@example.in', currentPasswordMatches, now } }, state);
    expect(change()).toThrow(EMAIL_CHANGE_MESSAGES.required);
    expect(change(false)).toThrow(EMAIL_CHANGE_MESSAGES.incorrect);
    expect(change(true)()).toEqual([{ type: 'ProfileUpdated', data: { customerId: id, email: 'b@example.in', updatedAt: now } }]);
    expect(decideCustomer({ type: 'UpdateProfile', data: { email: 'a@example.in', fullName: 'B', now } }, state)).toHaveLength(1);
  });
});
