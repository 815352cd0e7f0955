import { ConflictError, NotFoundError, ValidationError } from '../../core/errors.js';
import type { CustomerEvent, CustomerState, EmailEvent, EmailState } from './customer.js';

export type CustomerCommand =
  | {
      type: 'RegisterCustomer';
      data: {
        customerId: string;
        email: string;
        passwordHash: string;
        role: 'customer' | 'admin';
        fullName: string;
        phone: string;
        address: string;
        city: string;
        state: string;
        pincode: string;
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
        now: string;
      };
    }
  | { type: 'ChangePassword'; data: { currentPasswordMatches: boolean; passwordHash: string; now: string } };

export function decideCustomer(command: CustomerCommand, state: CustomerState): CustomerEvent[] {
  switch (command.type) {
    case 'RegisterCustomer': {
      if (state.status !== 'none') throw new ConflictError('An account with this email already exists');
      const { now, ...d } = command.data;
      return [{ type: 'CustomerRegistered', data: { ...d, registeredAt: now } }];
    }
    case 'UpdateProfile': {
      if (state.status !== 'registered') throw new NotFoundError('User not found');
      const { now, ...changes } = command.data;
      const changed = Object.fromEntries(
        Object.entries(changes).filter(([key, value]) => value !== undefined && state.profile[key as keyof typeof state.profile] !== value),
      );
      if (Object.keys(changed).length === 0) return [];
      return [{ type: 'ProfileUpdated', data: { customerId: state.profile.id, ...changed, updatedAt: now } }];
    }
    case 'ChangePassword': {
      if (state.status !== 'registered') throw new NotFoundError('User not found');
      if (!command.data.currentPasswordMatches) throw new ValidationError('Current password is incorrect');
      return [
        { type: 'PasswordChanged', data: { customerId: state.profile.id, passwordHash: command.data.passwordHash, changedAt: command.data.now } },
      ];
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
