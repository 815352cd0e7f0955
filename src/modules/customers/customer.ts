import { z } from 'zod';
import { registerEvents } from '../../core/event-registry.js';

export const customerStream = (customerId: string) => `customer-${customerId}`;
/** One stream per e-mail address: claiming it with expectedVersion makes e-mails unique without a table. */
export const emailStream = (email: string) => `customer-email-${email.trim().toLowerCase()}`;

const profileFields = {
  fullName: z.string(),
  phone: z.string(),
  address: z.string(),
  city: z.string(),
  state: z.string(),
  pincode: z.string(),
};

/** Events after which every token issued before them is refused (the customer's session version goes up by one). */
export const ENDS_EVERY_SESSION: ReadonlySet<string> = new Set(['PasswordChanged', 'SessionsRevoked', 'PersonalDataErased']);

export const customerEvents = {
  CustomerRegistered: z.object({
    customerId: z.string().uuid(),
    email: z.string().email(),
    /** Only in logs written before credentials moved to customer_credentials; never written now, never read. */
    passwordHash: z.string().min(1).optional(),
    role: z.enum(['customer', 'admin']),
    registeredAt: z.string().datetime(),
    ...profileFields,
  }),
  ProfileUpdated: z.object({
    customerId: z.string().uuid(),
    email: z.string().email().optional(),
    fullName: z.string().optional(),
    phone: z.string().optional(),
    address: z.string().optional(),
    city: z.string().optional(),
    state: z.string().optional(),
    pincode: z.string().optional(),
    updatedAt: z.string().datetime(),
  }),
  /** The password was changed (the hash lives in customer_credentials; `passwordHash` only in older logs). */
  PasswordChanged: z.object({ customerId: z.string().uuid(), passwordHash: z.string().min(1).optional(), changedAt: z.string().datetime() }),
  /** One session (one token) signed out; `expiresAt` is when that token would have expired anyway. */
  SignedOut: z.object({ customerId: z.string().uuid(), sessionId: z.string().min(1).max(100), expiresAt: z.string().datetime(), by: z.string(), at: z.string().datetime() }),
  /** Every session up to now ended ("sign out everywhere", by the customer or an admin). */
  SessionsRevoked: z.object({ customerId: z.string().uuid(), reason: z.enum(['sign-out-everywhere', 'admin']), by: z.string(), at: z.string().datetime() }),
  RoleChanged: z.object({ customerId: z.string().uuid(), from: z.enum(['customer', 'admin']), to: z.enum(['customer', 'admin']), by: z.string(), at: z.string().datetime() }),
  /**
   * The customer's personal data was erased (issue 21): who asked (the customer from their Profile, or an admin on
   * request), who did it, why and when. Their data key is destroyed right after, so every personal field of their
   * events reads as erased from then on, replays included; orders keep amounts, items and status.
   */
  PersonalDataErased: z.object({
    customerId: z.string().uuid(),
    requestedBy: z.enum(['customer', 'admin']),
    by: z.string(),
    reason: z.string().min(1).max(500),
    at: z.string().datetime(),
  }),
  /** Consent to the privacy notice of this version (at sign-up). */
  PrivacyNoticeAccepted: z.object({ customerId: z.string().uuid(), version: z.string().min(1).max(40), at: z.string().datetime() }),
  EmailClaimed: z.object({ email: z.string().email(), customerId: z.string().uuid() }),
  EmailReleased: z.object({ email: z.string().email(), customerId: z.string().uuid() }),
} as const;
registerEvents(customerEvents);

type Data<K extends keyof typeof customerEvents> = z.infer<(typeof customerEvents)[K]>;
export type CustomerEvent =
  | { type: 'CustomerRegistered'; data: Data<'CustomerRegistered'> }
  | { type: 'ProfileUpdated'; data: Data<'ProfileUpdated'> }
  | { type: 'PasswordChanged'; data: Data<'PasswordChanged'> }
  | { type: 'SignedOut'; data: Data<'SignedOut'> }
  | { type: 'SessionsRevoked'; data: Data<'SessionsRevoked'> }
  | { type: 'RoleChanged'; data: Data<'RoleChanged'> }
  | { type: 'PersonalDataErased'; data: Data<'PersonalDataErased'> }
  | { type: 'PrivacyNoticeAccepted'; data: Data<'PrivacyNoticeAccepted'> };
export type EmailEvent =
  | { type: 'EmailClaimed'; data: Data<'EmailClaimed'> }
  | { type: 'EmailReleased'; data: Data<'EmailReleased'> };

export interface CustomerProfile {
  id: string;
  email: string;
  fullName: string;
  phone: string;
  address: string;
  city: string;
  state: string;
  pincode: string;
  role: 'customer' | 'admin';
  createdAt: string;
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
        },
      };
    }
    case 'ProfileUpdated': {
      if (state.status !== 'registered') return state;
      const { customerId: _id, updatedAt: _at, ...changes } = event.data;
      const defined = Object.fromEntries(Object.entries(changes).filter(([, v]) => v !== undefined));
      return { ...state, profile: { ...state.profile, ...defined } };
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
      return state.status === 'registered'
        ? { status: 'erased', customerId: state.profile.id, sessionVersion: nextSessionVersion(state, event) }
        : state;
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
