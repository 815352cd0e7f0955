import { describe, expect, it } from 'vitest';
import { ConflictError, NotFoundError, ValidationError } from '../../core/errors.js';
import { evolveCustomer, evolveEmail, initialCustomerState, initialEmailState, type CustomerEvent } from './customer.js';
import { decideCustomer, decideEmailClaim, EMAIL_CHANGE_MESSAGES, type CustomerCommand } from './decide.js';

const id = '11111111-1111-4111-8111-111111111111';
const adminId = '33333333-3333-4333-8333-333333333333';
const now = '2026-01-01T00:00:00.000Z';
const profile = { email: 'a@x.in', fullName: 'Asha', phone: '9876543210', address: '1 Road', city: 'Pune', state: 'Maharashtra', pincode: '411001' };
const register: CustomerCommand = { type: 'RegisterCustomer', data: { customerId: id, role: 'customer', ...profile, privacyNoticeVersion: 'v1', now } };
const registered: CustomerEvent = { type: 'CustomerRegistered', data: { customerId: id, role: 'customer', ...profile, registeredAt: now } };
const given = (events: CustomerEvent[]) => events.reduce(evolveCustomer, initialCustomerState());
const update = (data: Partial<Extract<CustomerCommand, { type: 'UpdateProfile' }>['data']>): CustomerCommand => ({
  type: 'UpdateProfile',
  data: { now, ...data },
});
const unknown = initialCustomerState();

describe('customer decider', () => {
  it('registers once; a second registration is a conflict', () => {
    expect(decideCustomer(register, unknown)).toEqual([registered, { type: 'PrivacyNoticeAccepted', data: { customerId: id, version: 'v1', at: now } }]);
    expect(() => decideCustomer(register, given([registered]))).toThrow(new ConflictError('An account with this email already exists'));
  });

  it('updates only the fields that change; nothing changed writes nothing', () => {
    const state = given([registered]);
    expect(decideCustomer(update({ city: 'Mumbai', fullName: 'Asha', phone: undefined }), state)).toEqual([
      { type: 'ProfileUpdated', data: { customerId: id, city: 'Mumbai', updatedAt: now } },
    ]);
    expect(decideCustomer(update({ city: 'Pune', email: 'a@x.in' }), state)).toEqual([]);
    expect(decideCustomer(update({ city: undefined, fullName: undefined }), state)).toEqual([]); // an absent field is no change
  });

  it('an e-mail change needs the current password, and the right one', () => {
    const state = given([registered]);
    expect(() => decideCustomer(update({ email: 'b@x.in' }), state)).toThrow(new ValidationError(EMAIL_CHANGE_MESSAGES.required));
    expect(() => decideCustomer(update({ email: 'b@x.in', currentPasswordMatches: false }), state)).toThrow(
      new ValidationError(EMAIL_CHANGE_MESSAGES.incorrect),
    );
    expect(decideCustomer(update({ email: 'b@x.in', currentPasswordMatches: true }), state)).toEqual([
      { type: 'ProfileUpdated', data: { customerId: id, email: 'b@x.in', updatedAt: now } },
    ]);
    expect(decideCustomer(update({ city: 'Goa', currentPasswordMatches: false }), state)).toHaveLength(1);
    expect(EMAIL_CHANGE_MESSAGES).toEqual({ required: 'Current password is required to change email', incorrect: 'Current password is incorrect' });
  });

  it('changes the password only with the right current password', () => {
    const state = given([registered]);
    expect(() => decideCustomer({ type: 'ChangePassword', data: { currentPasswordMatches: false, now } }, state)).toThrow(
      new ValidationError('Current password is incorrect'),
    );
    expect(decideCustomer({ type: 'ChangePassword', data: { currentPasswordMatches: true, now } }, state)).toEqual([
      { type: 'PasswordChanged', data: { customerId: id, changedAt: now } },
    ]);
  });

  it('signs out one session and revokes all', () => {
    const state = given([registered]);
    expect(decideCustomer({ type: 'SignOut', data: { sessionId: 's1', expiresAt: now, by: id, now } }, state)).toEqual([
      { type: 'SignedOut', data: { customerId: id, sessionId: 's1', expiresAt: now, by: id, at: now } },
    ]);
    expect(decideCustomer({ type: 'RevokeSessions', data: { reason: 'admin', by: adminId, now } }, state)).toEqual([
      { type: 'SessionsRevoked', data: { customerId: id, reason: 'admin', by: adminId, at: now } },
    ]);
  });

  it("changes a role, never one's own; the same role writes nothing", () => {
    const state = given([registered]);
    expect(decideCustomer({ type: 'ChangeRole', data: { role: 'admin', by: adminId, now } }, state)).toEqual([
      { type: 'RoleChanged', data: { customerId: id, from: 'customer', to: 'admin', by: adminId, at: now } },
    ]);
    expect(() => decideCustomer({ type: 'ChangeRole', data: { role: 'admin', by: id, now } }, state)).toThrow(
      new ValidationError('You cannot change your own role'),
    );
    expect(decideCustomer({ type: 'ChangeRole', data: { role: 'customer', by: adminId, now } }, state)).toEqual([]);
  });

  it('every command but registration needs a registered customer', () => {
    const commands: CustomerCommand[] = [
      update({ city: 'Goa' }),
      { type: 'ChangePassword', data: { currentPasswordMatches: true, now } },
      { type: 'SignOut', data: { sessionId: 's1', expiresAt: now, by: id, now } },
      { type: 'RevokeSessions', data: { reason: 'sign-out-everywhere', by: id, now } },
      { type: 'ChangeRole', data: { role: 'admin', by: adminId, now } },
    ];
    for (const command of commands) expect(() => decideCustomer(command, unknown), command.type).toThrow(new NotFoundError('User not found'));
  });

  it('erases a registered customer once: a second erasure writes nothing, an unknown customer is a 404', () => {
    const erase: CustomerCommand = { type: 'EraseCustomer', data: { requestedBy: 'admin', by: adminId, reason: 'asked by e-mail', now } };
    const erasedEvent: CustomerEvent = {
      type: 'PersonalDataErased',
      data: { customerId: id, requestedBy: 'admin', by: adminId, reason: 'asked by e-mail', at: now },
    };
    expect(decideCustomer(erase, given([registered]))).toEqual([erasedEvent]);
    const erased = given([registered, erasedEvent]);
    expect(erased.status).toBe('erased');
    expect(decideCustomer(erase, erased)).toEqual([]);
    expect(() => decideCustomer(erase, unknown)).toThrow(new NotFoundError('User not found'));
  });

  it('a password change and a revocation end every session (the session version rises)', () => {
    const state = given([
      registered,
      { type: 'PasswordChanged', data: { customerId: id, changedAt: now } },
      { type: 'SessionsRevoked', data: { customerId: id, reason: 'admin', by: adminId, at: now } },
      { type: 'SignedOut', data: { customerId: id, sessionId: 's', expiresAt: now, by: id, at: now } },
    ]);
    expect(state.status === 'registered' && state.sessionVersion).toBe(2);
  });
});

describe('e-mail claims', () => {
  it("a free address is claimed, one's own is a no-op, another's is a conflict", () => {
    expect(decideEmailClaim('a@x.in', id, initialEmailState(), 'taken')).toEqual([{ type: 'EmailClaimed', data: { email: 'a@x.in', customerId: id } }]);
    const owned = evolveEmail(initialEmailState(), { type: 'EmailClaimed', data: { email: 'a@x.in', customerId: id } });
    expect(decideEmailClaim('a@x.in', id, owned, 'taken')).toEqual([]);
    expect(() => decideEmailClaim('a@x.in', adminId, owned, 'An account with this email already exists')).toThrow(
      new ConflictError('An account with this email already exists'),
    );
  });
});
