import { describe, expect, it } from 'vitest';
import { deciderSpec } from '../../../tests/helpers/decider-spec.js';
import { ConflictError, NotFoundError, ValidationError } from '../../core/errors.js';
import { evolveCustomer, evolveEmail, initialCustomerState, initialEmailState, type CustomerEvent, type EmailState } from './customer.js';
import { decideCustomer, decideEmailClaim, EMAIL_CHANGE_MESSAGES, type CustomerCommand } from './decide.js';

const id = '11111111-1111-4111-8111-111111111111';
const adminId = '33333333-3333-4333-8333-333333333333';
const now = '2026-01-01T00:00:00.000Z';
const profile = { email: 'a@x.in', fullName: 'Asha', phone: '9876543210', address: '1 Road', city: 'Pune', state: 'Maharashtra', pincode: '411001' };
const register: CustomerCommand = { type: 'RegisterCustomer', data: { customerId: id, role: 'customer', ...profile, privacyNoticeVersion: 'v1', now } };
const registered: CustomerEvent = { type: 'CustomerRegistered', data: { customerId: id, role: 'customer', ...profile, registeredAt: now } };
const { given } = deciderSpec({ initialState: initialCustomerState, evolve: evolveCustomer, decide: decideCustomer });
const emailClaims = deciderSpec({
  initialState: initialEmailState,
  evolve: evolveEmail,
  decide: (claim: { email: string; customerId: string; conflictMessage: string }, state: EmailState) =>
    decideEmailClaim(claim.email, claim.customerId, state, claim.conflictMessage),
});
const update = (data: Partial<Extract<CustomerCommand, { type: 'UpdateProfile' }>['data']>): CustomerCommand => ({
  type: 'UpdateProfile',
  data: { now, ...data },
});

describe('customer decider', () => {
  it('registers once; a second registration is a conflict', () => {
    given([])
      .when(register)
      .then([registered, { type: 'PrivacyNoticeAccepted', data: { customerId: id, version: 'v1', at: now } }]);
    given([registered]).when(register).thenThrows(new ConflictError('An account with this email already exists'));
    given([registered]).when(register).thenRefuses(409, 'An account with this email already exists');
  });

  it('updates only the fields that change; nothing changed writes nothing', () => {
    const customer = given([registered]);
    customer
      .when(update({ city: 'Mumbai', fullName: 'Asha', phone: undefined }))
      .then([{ type: 'ProfileUpdated', data: { customerId: id, city: 'Mumbai', updatedAt: now } }]);
    customer.when(update({ city: 'Pune', email: 'a@x.in' })).thenNothingHappened();
    customer.when(update({ city: undefined, fullName: undefined })).thenNothingHappened(); // an absent field is no change
  });

  it('an e-mail change needs the current password, and the right one', () => {
    const customer = given([registered]);
    customer.when(update({ email: 'b@x.in' })).thenThrows(new ValidationError(EMAIL_CHANGE_MESSAGES.required));
    customer.when(update({ email: 'b@x.in', currentPasswordMatches: false })).thenThrows(new ValidationError(EMAIL_CHANGE_MESSAGES.incorrect));
    customer
      .when(update({ email: 'b@x.in', currentPasswordMatches: true }))
      .then([{ type: 'ProfileUpdated', data: { customerId: id, email: 'b@x.in', updatedAt: now } }]);
    customer.when(update({ city: 'Goa', currentPasswordMatches: false })).thenTypes(['ProfileUpdated']);
    expect(EMAIL_CHANGE_MESSAGES).toEqual({ required: 'Current password is required to change email', incorrect: 'Current password is incorrect' });
  });

  it('changes the password only with the right current password', () => {
    const customer = given([registered]);
    customer.when({ type: 'ChangePassword', data: { currentPasswordMatches: false, now } }).thenThrows(new ValidationError('Current password is incorrect'));
    customer
      .when({ type: 'ChangePassword', data: { currentPasswordMatches: true, now } })
      .then([{ type: 'PasswordChanged', data: { customerId: id, changedAt: now } }]);
  });

  it('signs out one session and revokes all', () => {
    const customer = given([registered]);
    customer
      .when({ type: 'SignOut', data: { sessionId: 's1', expiresAt: now, by: id, now } })
      .then([{ type: 'SignedOut', data: { customerId: id, sessionId: 's1', expiresAt: now, by: id, at: now } }]);
    customer
      .when({ type: 'RevokeSessions', data: { reason: 'admin', by: adminId, now } })
      .then([{ type: 'SessionsRevoked', data: { customerId: id, reason: 'admin', by: adminId, at: now } }]);
  });

  it("changes a role, never one's own; the same role writes nothing", () => {
    const customer = given([registered]);
    customer
      .when({ type: 'ChangeRole', data: { role: 'admin', by: adminId, now } })
      .then([{ type: 'RoleChanged', data: { customerId: id, from: 'customer', to: 'admin', by: adminId, at: now } }]);
    customer.when({ type: 'ChangeRole', data: { role: 'admin', by: id, now } }).thenThrows(new ValidationError('You cannot change your own role'));
    customer.when({ type: 'ChangeRole', data: { role: 'customer', by: adminId, now } }).thenNothingHappened();
  });

  it('every command but registration needs a registered customer', () => {
    const commands: CustomerCommand[] = [
      update({ city: 'Goa' }),
      { type: 'ChangePassword', data: { currentPasswordMatches: true, now } },
      { type: 'SignOut', data: { sessionId: 's1', expiresAt: now, by: id, now } },
      { type: 'RevokeSessions', data: { reason: 'sign-out-everywhere', by: id, now } },
      { type: 'ChangeRole', data: { role: 'admin', by: adminId, now } },
    ];
    for (const command of commands) {
      given([]).when(command).thenThrows(new NotFoundError('User not found'));
      given([]).when(command).thenRefuses(404, 'User not found');
    }
  });

  it('erases a registered customer once: a second erasure writes nothing, an unknown customer is a 404', () => {
    const erase: CustomerCommand = { type: 'EraseCustomer', data: { requestedBy: 'admin', by: adminId, reason: 'asked by e-mail', now } };
    const erasedEvent: CustomerEvent = {
      type: 'PersonalDataErased',
      data: { customerId: id, requestedBy: 'admin', by: adminId, reason: 'asked by e-mail', at: now },
    };
    given([registered]).when(erase).then([erasedEvent]);
    const erased = given([registered, erasedEvent]);
    expect(erased.state().status).toBe('erased');
    erased.when(erase).thenNothingHappened();
    given([]).when(erase).thenThrows(new NotFoundError('User not found'));
  });

  it('a password change and a revocation end every session (the session version rises)', () => {
    const state = given([
      registered,
      { type: 'PasswordChanged', data: { customerId: id, changedAt: now } },
      { type: 'SessionsRevoked', data: { customerId: id, reason: 'admin', by: adminId, at: now } },
      { type: 'SignedOut', data: { customerId: id, sessionId: 's', expiresAt: now, by: id, at: now } },
    ]).state();
    expect(state.status === 'registered' && state.sessionVersion).toBe(2);
  });
});

describe('e-mail claims', () => {
  it("a free address is claimed, one's own is a no-op, another's is a conflict", () => {
    const claimed = { type: 'EmailClaimed' as const, data: { email: 'a@x.in', customerId: id } };
    emailClaims.given([]).when({ email: 'a@x.in', customerId: id, conflictMessage: 'taken' }).then([claimed]);
    const owned = emailClaims.given([claimed]);
    owned.when({ email: 'a@x.in', customerId: id, conflictMessage: 'taken' }).thenNothingHappened();
    owned
      .when({ email: 'a@x.in', customerId: adminId, conflictMessage: 'An account with this email already exists' })
      .thenThrows(new ConflictError('An account with this email already exists'));
    owned
      .when({ email: 'a@x.in', customerId: adminId, conflictMessage: 'An account with this email already exists' })
      .thenRefuses(409, 'An account with this email already exists');
  });
});
