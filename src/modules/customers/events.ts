import { z } from 'zod';
import { registerEvents, type EventsOf } from '../../core/event-registry.js';

/**
 * The customers feature's events: their schemas (validated at append through the registry) and types, nothing else.
 * The write side folds them; the read side (projections/customers) imports only this file.
 */
const profileFields = {
  fullName: z.string(),
  phone: z.string(),
  address: z.string(),
  city: z.string(),
  state: z.string(),
  pincode: z.string(),
};
/** The contact details a customer gives at sign-up and may edit later. */
export type ProfileFields = z.infer<z.ZodObject<typeof profileFields>>;

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
    ...z.object(profileFields).partial().shape,
    updatedAt: z.string().datetime(),
  }),
  /** The password was changed (the hash lives in customer_credentials; `passwordHash` only in older logs). */
  PasswordChanged: z.object({ customerId: z.string().uuid(), passwordHash: z.string().min(1).optional(), changedAt: z.string().datetime() }),
  /** One session (one token) signed out; `expiresAt` is when that token would have expired anyway. */
  SignedOut: z.object({
    customerId: z.string().uuid(),
    sessionId: z.string().min(1).max(100),
    expiresAt: z.string().datetime(),
    by: z.string(),
    at: z.string().datetime(),
  }),
  /** Every session up to now ended ("sign out everywhere", by the customer or an admin). */
  SessionsRevoked: z.object({ customerId: z.string().uuid(), reason: z.enum(['sign-out-everywhere', 'admin']), by: z.string(), at: z.string().datetime() }),
  RoleChanged: z.object({
    customerId: z.string().uuid(),
    from: z.enum(['customer', 'admin']),
    to: z.enum(['customer', 'admin']),
    by: z.string(),
    at: z.string().datetime(),
  }),
  /**
   * The customer's personal data was erased: who asked (the customer from their Profile, or an admin on
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
  /** The customer opened the verification link mailed to `email`, their address at the time. */
  EmailVerified: z.object({ customerId: z.string().uuid(), email: z.string().email(), at: z.string().datetime() }),
  EmailClaimed: z.object({ email: z.string().email(), customerId: z.string().uuid() }),
  EmailReleased: z.object({ email: z.string().email(), customerId: z.string().uuid() }),
} as const;
registerEvents(customerEvents);

export type CustomerEvent = EventsOf<typeof customerEvents, Exclude<keyof typeof customerEvents, EmailEvent['type']>>;
export type EmailEvent = EventsOf<typeof customerEvents, 'EmailClaimed' | 'EmailReleased'>;
