import { z } from 'zod';
import { registerEvents } from '../../core/event-registry.js';

/**
 * The privacy feature's events: their schemas (validated at append through the registry) and types, nothing else.
 * Consent and erasure are events of the shopper's own stream (customers' events.ts: PrivacyNoticeAccepted,
 * PersonalDataErased); privacy itself records the one-time re-encryption of a log written before personal data was encrypted.
 */
export const logMigrationEvents = {
  /**
   * A log written before encryption had personal data (and older password hashes) in clear; this event records the
   * one-time re-encryption: how many events and streams changed, and the chain heads before and after (their
   * digests), so an auditor can tie an anchor taken before it to the chains after it.
   */
  PersonalDataLogEncrypted: z.object({
    events: z.number().int().min(0),
    streams: z.number().int().min(0),
    headsBefore: z.array(z.object({ stream: z.string(), version: z.number().int(), hash: z.string() })),
    digestBefore: z.string(),
    digestAfter: z.string(),
    at: z.string().datetime(),
  }),
} as const;
registerEvents(logMigrationEvents);

export type PersonalDataLogEncrypted = z.infer<typeof logMigrationEvents.PersonalDataLogEncrypted>;
export type PrivacyEvent = { type: 'PersonalDataLogEncrypted'; data: PersonalDataLogEncrypted };
