import type { ReactElement } from 'react';
import type { RecordedEvent } from '../../core/event-store.js';
import type { ModuleDeps } from '../module.js';

/** A file sent with a message (the GST tax invoice PDF). */
export interface MessageAttachment {
  filename: string;
  contentType: string;
  content: Buffer;
}

/** What a kind makes of its causing event: who gets it, its subject and its React body (rendered to HTML and text). */
export interface MessageDraft {
  to: { email: string; name?: string };
  /** The shopper the message is about: erasing them erases the message (null when it is nobody's, e.g. an operator's). */
  customerId: string | null;
  subject: string;
  body: ReactElement;
  attachments?: MessageAttachment[];
}

/** What a composer may use: the runtime (event store, pool, env) and the shop's links built from PUBLIC_URL. */
export interface ComposeContext {
  runtime: Pick<ModuleDeps, 'store' | 'pool' | 'env' | 'log'>;
  /** An absolute link into the shop: `link('/orders')` → `${PUBLIC_URL}/orders`. */
  link: (path: string) => string;
  /** The sending time (ms). */
  now: number;
}

/**
 * How one kind of message is written. `compose` runs in the sender, just before the first attempt, and may read
 * the log (e.g. the order's OrderPlaced for the shopper's address; personal data comes decrypted, or erased).
 * It returns null when there is nothing to send (the shopper was erased, the order is gone): the message is
 * recorded as skipped. A throw is a failed attempt (retried with back-off like an SMTP failure).
 */
export interface MessageKind {
  /** The name its trigger has in `events.ts` (MESSAGE_TRIGGERS). */
  name: string;
  /** What the admin's Messages view calls it. */
  label: string;
  compose(event: RecordedEvent, context: ComposeContext): Promise<MessageDraft | null>;
}

/** Declares a kind (typed helper; register it in `kinds/index.ts`). */
export function defineMessageKind(kind: MessageKind): MessageKind {
  return kind;
}

/** Whether an address is an erased shopper's placeholder (src/shared/personal-fields.ts): never mailed. */
export const isErasedAddress = (email: string) => email === '' || email.endsWith('@erased.invalid');
