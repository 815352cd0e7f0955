import { ValidationError } from '../../core/errors.js';
import { EMAIL_VERIFICATION_TTL_MS, PASSWORD_RESET_TTL_MS, type AccountLinkEvent, type LinkPurpose } from './account-links.js';
import type { CustomerEvent, CustomerState } from './customer.js';

export const RESET_LINK_INVALID = 'This password reset link is invalid or has expired.';
export const VERIFICATION_LINK_INVALID = 'This verification link is invalid or has expired.';

/** One link's stream folded: never issued (an unknown token), issued, or used. */
export type LinkState =
  | { status: 'none' }
  | { status: 'issued'; purpose: LinkPurpose; customerId: string; email: string; expiresAt: string; sessionVersion: number | null }
  | { status: 'used' };

export const initialLinkState = (): LinkState => ({ status: 'none' });

export function evolveLink(state: LinkState, event: AccountLinkEvent): LinkState {
  switch (event.type) {
    case 'PasswordResetRequested': {
      const { customerId, email, expiresAt, sessionVersion } = event.data;
      return { status: 'issued', purpose: 'password-reset', customerId, email, expiresAt, sessionVersion };
    }
    case 'EmailVerificationRequested': {
      const { customerId, email, expiresAt } = event.data;
      return { status: 'issued', purpose: 'email-verification', customerId, email, expiresAt, sessionVersion: null };
    }
    case 'PasswordResetCompleted':
      return { status: 'used' };
    default: {
      const exhaustive: never = event;
      return exhaustive;
    }
  }
}

/**
 * ResetPassword: the link must have been issued, not used, not expired, and no session-ending change (another reset,
 * a password change, "sign out everywhere", erasure) may have come since it was mailed. Answers the events of the
 * link's stream and of the customer's: the PasswordChanged there ends every session.
 */
export function decideResetPassword(
  link: LinkState,
  customer: CustomerState,
  now: string,
): { link: AccountLinkEvent[]; customer: CustomerEvent[]; customerId: string } {
  if (link.status !== 'issued' || link.purpose !== 'password-reset' || Date.parse(now) >= Date.parse(link.expiresAt)) {
    throw new ValidationError(RESET_LINK_INVALID);
  }
  if (customer.status !== 'registered' || customer.profile.id !== link.customerId || customer.sessionVersion !== link.sessionVersion) {
    throw new ValidationError(RESET_LINK_INVALID);
  }
  const customerId = customer.profile.id;
  return {
    customerId,
    link: [{ type: 'PasswordResetCompleted', data: { customerId, at: now } }],
    customer: [{ type: 'PasswordChanged', data: { customerId, changedAt: now } }],
  };
}

/**
 * VerifyEmail: the link must be unexpired and mailed to the address the customer has now (a link to an address they
 * have since left proves nothing about the new one). Opening it again is harmless: nothing new is recorded.
 */
export function decideVerifyEmail(link: LinkState, customer: CustomerState, now: string): CustomerEvent[] {
  if (link.status !== 'issued' || link.purpose !== 'email-verification' || Date.parse(now) >= Date.parse(link.expiresAt)) {
    throw new ValidationError(VERIFICATION_LINK_INVALID);
  }
  if (customer.status !== 'registered' || customer.profile.id !== link.customerId || customer.profile.email !== link.email) {
    throw new ValidationError(VERIFICATION_LINK_INVALID);
  }
  if (customer.profile.emailVerified) return [];
  return [{ type: 'EmailVerified', data: { customerId: customer.profile.id, email: link.email, at: now } }];
}

/** Who may be sent a reset link: a registered account (an unknown or erased one gets nothing, silently). */
export function resetRequest(
  customer: CustomerState,
  request: { requestId: string; now: string },
): Extract<AccountLinkEvent, { type: 'PasswordResetRequested' }> | null {
  if (customer.status !== 'registered') return null;
  const { requestId, now } = request;
  return {
    type: 'PasswordResetRequested',
    data: {
      customerId: customer.profile.id,
      requestId,
      email: customer.profile.email,
      sessionVersion: customer.sessionVersion,
      expiresAt: new Date(Date.parse(now) + PASSWORD_RESET_TTL_MS).toISOString(),
      at: now,
    },
  };
}

/** A verification link for the customer's current address; none when it is verified already. */
export function verificationRequest(
  customer: CustomerState,
  request: { requestId: string; now: string },
): Extract<AccountLinkEvent, { type: 'EmailVerificationRequested' }> | null {
  if (customer.status !== 'registered' || customer.profile.emailVerified) return null;
  const { requestId, now } = request;
  return {
    type: 'EmailVerificationRequested',
    data: {
      customerId: customer.profile.id,
      requestId,
      email: customer.profile.email,
      expiresAt: new Date(Date.parse(now) + EMAIL_VERIFICATION_TTL_MS).toISOString(),
      at: now,
    },
  };
}
