import { describe, expect, it } from 'vitest';
import { deciderSpec } from '../../../tests/helpers/decider-spec.js';
import { evolveCustomer, initialCustomerState, type CustomerEvent, type CustomerState } from './customer.js';
import { decideCustomer, EMAIL_CHANGE_MESSAGES } from './decide.js';

const id = '11111111-1111-4111-8111-111111111111';
const admin = '22222222-2222-4222-8222-222222222222';
const now = '2026-11-24T00:00:00.000Z';
const { given } = deciderSpec({ initialState: initialCustomerState, evolve: evolveCustomer, decide: decideCustomer });
const registered = (role: 'customer' | 'admin' = 'customer'): CustomerEvent => ({
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
const version = (state: CustomerState) => (state.status === 'registered' ? state.sessionVersion : NaN);

describe('customer sessions (given events / when command / then events)', () => {
  it('SignOut records the one session and leaves the session version alone', () => {
    const signOut = given([registered()]).when({ type: 'SignOut', data: { sessionId: 's1', expiresAt: now, by: id, now } });
    signOut.then([{ type: 'SignedOut', data: { customerId: id, sessionId: 's1', expiresAt: now, by: id, at: now } }]);
    expect(version(signOut.state())).toBe(0);
  });

  it('RevokeSessions and ChangePassword each raise the session version by one', () => {
    const revoked = given([registered()]).and({ type: 'RevokeSessions', data: { reason: 'admin', by: admin, now } });
    expect(version(revoked.state())).toBe(1);
    expect(version(revoked.and({ type: 'ChangePassword', data: { currentPasswordMatches: true, now } }).state())).toBe(2);
  });

  it("ChangeRole records from/to and who; nothing for the same role; never one's own", () => {
    const anAdmin = given([registered('admin')]);
    anAdmin
      .when({ type: 'ChangeRole', data: { role: 'customer', by: admin, now } })
      .then([{ type: 'RoleChanged', data: { customerId: id, from: 'admin', to: 'customer', by: admin, at: now } }]);
    anAdmin.when({ type: 'ChangeRole', data: { role: 'admin', by: admin, now } }).thenNothingHappened();
    anAdmin.when({ type: 'ChangeRole', data: { role: 'customer', by: id, now } }).thenThrows('You cannot change your own role');
  });

  it('commands on an unknown customer are "User not found"', () => {
    given([])
      .when({ type: 'RevokeSessions', data: { reason: 'sign-out-everywhere', by: id, now } })
      .thenThrows('User not found');
  });

  it('UpdateProfile: a new e-mail needs the current password; other fields do not', () => {
    const change = (currentPasswordMatches?: boolean) =>
      given([registered()]).when({ type: 'UpdateProfile', data: { email: 'b@example.in', currentPasswordMatches, now } });
    change().thenThrows(EMAIL_CHANGE_MESSAGES.required);
    change(false).thenThrows(EMAIL_CHANGE_MESSAGES.incorrect);
    change(true).then([{ type: 'ProfileUpdated', data: { customerId: id, email: 'b@example.in', updatedAt: now } }]);
    expect(
      given([registered()])
        .when({ type: 'UpdateProfile', data: { email: 'a@example.in', fullName: 'B', now } })
        .events(),
    ).toHaveLength(1);
  });
});
