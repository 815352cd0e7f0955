import type { CustomerEvent, EmailEvent, ProfileFields } from './events.js';

export * from './events.js';

export const customerStream = (customerId: string) => `customer-${customerId}`;
/** One stream per e-mail address: claiming it with expectedVersion makes e-mails unique without a table. */
export const emailStream = (email: string) => `customer-email-${email.trim().toLowerCase()}`;

/** Events after which every token issued before them is refused (the customer's session version goes up by one). */
export const ENDS_EVERY_SESSION: ReadonlySet<string> = new Set(['PasswordChanged', 'SessionsRevoked', 'PersonalDataErased']);

export interface CustomerProfile extends ProfileFields {
  id: string;
  email: string;
  role: 'customer' | 'admin';
  createdAt: string;
  /** Whether the customer opened a verification link sent to their current address. */
  emailVerified: boolean;
}

export type CustomerState =
  | { status: 'none' }
  | {
      status: 'registered';
      profile: CustomerProfile;
      /**
       * Tokens carry the value they were issued at; a password change or "sign out everywhere" raises it, which ends
       * every older token at once (src/modules/sessions/session-registry.ts).
       */
      sessionVersion: number;
    }
  /** Personal data erased: the account is gone (no profile), only its id and session version remain. */
  | { status: 'erased'; customerId: string; sessionVersion: number };

export const initialCustomerState = (): CustomerState => ({ status: 'none' });

/** The one rule for the session version, shared with the session registry's own fold. */
export function nextSessionVersion(state: { sessionVersion: number }, event: { type: string }): number {
  return ENDS_EVERY_SESSION.has(event.type) ? state.sessionVersion + 1 : state.sessionVersion;
}

export function evolveCustomer(state: CustomerState, event: CustomerEvent): CustomerState {
  switch (event.type) {
    case 'CustomerRegistered': {
      const d = event.data;
      return {
        status: 'registered',
        sessionVersion: 0,
        profile: {
          id: d.customerId,
          email: d.email,
          fullName: d.fullName,
          phone: d.phone,
          address: d.address,
          city: d.city,
          state: d.state,
          pincode: d.pincode,
          role: d.role,
          createdAt: d.registeredAt,
          emailVerified: false,
        },
      };
    }
    case 'ProfileUpdated': {
      if (state.status !== 'registered') return state;
      const { customerId: _id, updatedAt: _at, ...changes } = event.data;
      const defined = Object.fromEntries(Object.entries(changes).filter(([, v]) => v !== undefined));
      // A new address is not verified until its own link is opened.
      const emailVerified = state.profile.emailVerified && (changes.email === undefined || changes.email === state.profile.email);
      return { ...state, profile: { ...state.profile, ...defined, emailVerified } };
    }
    case 'EmailVerified': {
      if (state.status !== 'registered' || event.data.email !== state.profile.email) return state;
      return { ...state, profile: { ...state.profile, emailVerified: true } };
    }
    case 'PasswordChanged':
      return state.status === 'registered' ? { ...state, sessionVersion: nextSessionVersion(state, event) } : state;
    case 'SessionsRevoked':
      return state.status === 'registered' ? { ...state, sessionVersion: nextSessionVersion(state, event) } : state;
    case 'RoleChanged':
      return state.status === 'registered' ? { ...state, profile: { ...state.profile, role: event.data.to } } : state;
    case 'SignedOut':
      // Ends one token only; the session registry keeps the ended session ids.
      return state;
    case 'PrivacyNoticeAccepted':
      return state;
    case 'PersonalDataErased':
      return state.status === 'registered' ? { status: 'erased', customerId: state.profile.id, sessionVersion: nextSessionVersion(state, event) } : state;
    default: {
      const exhaustive: never = event;
      return exhaustive;
    }
  }
}

export type EmailState = { owner: string | null };
export const initialEmailState = (): EmailState => ({ owner: null });
export function evolveEmail(state: EmailState, event: EmailEvent): EmailState {
  switch (event.type) {
    case 'EmailClaimed':
      return { owner: event.data.customerId };
    case 'EmailReleased':
      return state.owner === event.data.customerId ? { owner: null } : state;
    default: {
      const exhaustive: never = event;
      return exhaustive;
    }
  }
}
