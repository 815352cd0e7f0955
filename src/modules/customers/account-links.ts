import { createHash, createHmac } from 'node:crypto';
import { z } from 'zod';
import { registerEvents, type EventsOf } from '../../core/event-registry.js';
import { erasedEmail, registerPersonalFields } from '../../shared/personal-fields.js';

/**
 * Links mailed to a customer (reset the password, verify the e-mail address). Each request is one event on a stream
 * named after the SHA-256 of its token, so the log (exported to auditors, never forgetting) holds only hashes. The
 * token itself is an HMAC of the event's `requestId` under a key derived from the server's secret: whoever builds the
 * mail (the message pipeline, reading the same event) derives it again, and nothing stores it in clear. See
 * docs/decisions/0012-password-reset-and-verification.md.
 */
export const PASSWORD_RESET_TTL_MS = 30 * 60_000;
export const EMAIL_VERIFICATION_TTL_MS = 7 * 24 * 3600_000;

export const accountLinkEvents = {
  /** A reset link was mailed; it works until `expiresAt`, once, while the account's sessions are those of `sessionVersion`. */
  PasswordResetRequested: z.object({
    customerId: z.string().uuid(),
    requestId: z.string().uuid(),
    email: z.string().email(),
    sessionVersion: z.number().int().nonnegative(),
    expiresAt: z.string().datetime(),
    at: z.string().datetime(),
  }),
  /** The link was used (the customer's stream records the PasswordChanged that ended every session). */
  PasswordResetCompleted: z.object({ customerId: z.string().uuid(), at: z.string().datetime() }),
  /** A verification link for `email` was mailed (at sign-up, or when the customer asked again). */
  EmailVerificationRequested: z.object({
    customerId: z.string().uuid(),
    requestId: z.string().uuid(),
    email: z.string().email(),
    expiresAt: z.string().datetime(),
    at: z.string().datetime(),
  }),
} as const;
registerEvents(accountLinkEvents);
const byCustomerId = (data: Record<string, unknown>) => (typeof data.customerId === 'string' ? data.customerId : undefined);
registerPersonalFields('PasswordResetRequested', { subject: byCustomerId, fields: { email: erasedEmail } });
registerPersonalFields('EmailVerificationRequested', { subject: byCustomerId, fields: { email: erasedEmail } });

export type AccountLinkEvent = EventsOf<typeof accountLinkEvents>;
export type LinkPurpose = 'password-reset' | 'email-verification';

/** The key links are derived with: one HMAC step away from the server's secret, so a link never reveals the secret. */
export function linkKey(serverSecret: Uint8Array): Buffer {
  return createHmac('sha256', serverSecret).update('account links v1').digest();
}

/** The token mailed for the request `requestId` (43 URL-safe characters, 256 bits). */
export const linkToken = (key: Buffer, purpose: LinkPurpose, requestId: string): string =>
  createHmac('sha256', key).update(`${purpose}:${requestId}`).digest('base64url');

export const tokenHash = (token: string): string => createHash('sha256').update(token, 'utf8').digest('hex');

/** The stream of one link: named after its token's hash (the only form in which a token is stored). */
export const linkStream = (purpose: LinkPurpose, token: string) => `${purpose}-${tokenHash(token)}`;

/** The path of the page a link opens, with its token; the mail prefixes PUBLIC_URL. */
export const linkPath = (purpose: LinkPurpose, token: string) =>
  `${purpose === 'password-reset' ? '/reset-password' : '/verify-email'}?token=${encodeURIComponent(token)}`;
