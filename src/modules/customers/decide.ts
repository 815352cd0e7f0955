import { ConflictError, NotFoundError, ValidationError } from '../../core/errors.js';
import type { CustomerEvent, CustomerState, EmailEvent, EmailState, ProfileFields } from './customer.js';

export type CustomerCommand =
  | {
      type: 'RegisterCustomer';
      data: ProfileFields & {
        customerId: string;
        email: string;
        role: 'customer' | 'admin';
        /** The privacy notice shown at sign-up, whose acceptance is recorded with the registration. */
        privacyNoticeVersion: string;
        now: string;
      };
    }
  | {
      type: 'UpdateProfile';
      data: {
        email?: string;
        fullName?: string;
        phone?: string;
        address?: string;
        city?: string;
        state?: string;
        pincode?: string;
        /** Whether the current password given matches; undefined when none was given. Needed to change the e-mail. */
        currentPasswordMatches?: boolean;
        now: string;
      };
    }
  | { type: 'ChangePassword'; data: { currentPasswordMatches: boolean; now: string } }
  | { type: 'SignOut'; data: { sessionId: string; expiresAt: string; by: string; now: string } }
  | { type: 'RevokeSessions'; data: { reason: 'sign-out-everywhere' | 'admin'; by: string; now: string } }
  | { type: 'ChangeRole'; data: { role: 'customer' | 'admin'; by: string; now: string } }
  | { type: 'EraseCustomer'; data: { requestedBy: 'customer' | 'admin'; by: string; reason: string; now: string } };

export const EMAIL_CHANGE_MESSAGES = {
  required: 'Current password is required to change email',
  incorrect: 'Current password is incorrect',
} as const;

export function decideCustomer(command: CustomerCommand, state: CustomerState): CustomerEvent[] {
  switch (command.type) {
    case 'RegisterCustomer': {
      if (state.status !== 'none') throw new ConflictError('An account with this email already exists');
      const { now, privacyNoticeVersion, ...d } = command.data;
      return [
        { type: 'CustomerRegistered', data: { ...d, registeredAt: now } },
        { type: 'PrivacyNoticeAccepted', data: { customerId: d.customerId, version: privacyNoticeVersion, at: now } },
      ];
    }
    case 'UpdateProfile': {
      if (state.status !== 'registered') throw new NotFoundError('User not found');
      const { now, currentPasswordMatches, ...changes } = command.data;
      const changed = Object.fromEntries(
        Object.entries(changes).filter(([key, value]) => value !== undefined && state.profile[key as keyof typeof state.profile] !== value),
      );
      if (Object.keys(changed).length === 0) return [];
      // A stolen token alone must not be able to move the account (and its password resets) to another address.
      if (changed.email !== undefined) {
        if (currentPasswordMatches === undefined) throw new ValidationError(EMAIL_CHANGE_MESSAGES.required);
        if (!currentPasswordMatches) throw new ValidationError(EMAIL_CHANGE_MESSAGES.incorrect);
      }
      return [{ type: 'ProfileUpdated', data: { customerId: state.profile.id, ...changed, updatedAt: now } }];
    }
    case 'ChangePassword': {
      if (state.status !== 'registered') throw new NotFoundError('User not found');
      if (!command.data.currentPasswordMatches) throw new ValidationError('Current password is incorrect');
      return [{ type: 'PasswordChanged', data: { customerId: state.profile.id, changedAt: command.data.now } }];
    }
    case 'SignOut': {
      if (state.status !== 'registered') throw new NotFoundError('User not found');
      const { now, ...d } = command.data;
      return [{ type: 'SignedOut', data: { customerId: state.profile.id, ...d, at: now } }];
    }
    case 'RevokeSessions': {
      if (state.status !== 'registered') throw new NotFoundError('User not found');
      const { now, ...d } = command.data;
      return [{ type: 'SessionsRevoked', data: { customerId: state.profile.id, ...d, at: now } }];
    }
    case 'ChangeRole': {
      if (state.status !== 'registered') throw new NotFoundError('User not found');
      if (command.data.by === state.profile.id) throw new ValidationError('You cannot change your own role');
      if (state.profile.role === command.data.role) return [];
      const { by, now } = command.data;
      return [{ type: 'RoleChanged', data: { customerId: state.profile.id, from: state.profile.role, to: command.data.role, by, at: now } }];
    }
    case 'EraseCustomer': {
      if (state.status === 'erased') return []; // asked twice: the first erasure stands
      if (state.status !== 'registered') throw new NotFoundError('User not found');
      const { now, ...d } = command.data;
      return [{ type: 'PersonalDataErased', data: { customerId: state.profile.id, ...d, at: now } }];
    }
    default: {
      const exhaustive: never = command;
      return exhaustive;
    }
  }
}

/** Claiming an e-mail that another customer holds is a conflict; claiming one's own is a no-op. */
export function decideEmailClaim(email: string, customerId: string, state: EmailState, conflictMessage: string): EmailEvent[] {
  if (state.owner === customerId) return [];
  if (state.owner !== null) throw new ConflictError(conflictMessage);
  return [{ type: 'EmailClaimed', data: { email, customerId } }];
}
