import type { ModuleDeps, StoreModule } from '../module.js';
import { messagesApi } from './api.js';
import { OUTBOX_READ_MODEL } from './events.js';
import { MESSAGE_KINDS } from './kinds/index.js';
import { checkKinds, MessageSender } from './sender.js';
import { transportFor } from './transport.js';

export { MESSAGE_TRIGGERS, kindsCausedBy, outboxId, OUTBOX_READ_MODEL, type MessageTrigger } from './events.js';
export { defineMessageKind, isErasedAddress, type ComposeContext, type MessageAttachment, type MessageDraft, type MessageKind } from './kind.js';
export { MessageLayout, Paragraph, Action, OrderLines, inr, indianDate, colours } from './layout.js';
export { MessageSender, linkFor, type SenderOptions } from './sender.js';
export { smtpTransport, fileTransport, transportFor, type MailTransport } from './transport.js';
export { MESSAGE_KINDS } from './kinds/index.js';

/** After the features whose events cause messages (their modules register the events). */
export const startOrder = 90;

/**
 * Mail to shoppers: the outbox projector (projections/messages) queues messages from the log; this module's sender
 * delivers them through SMTP_URL, or keeps them as .eml files under DATA_DIR/outbox; the admin lists them.
 */
export function createModule(deps: ModuleDeps): StoreModule {
  checkKinds(MESSAGE_KINDS, deps.env.MESSAGES_OFF);
  let sender: MessageSender | null = null;
  let unsubscribe: (() => void) | null = null;
  return {
    name: 'messages',
    routes: messagesApi(
      MESSAGE_KINDS,
      () => sender?.describe ?? (deps.env.SMTP_URL ? 'smtp' : 'files'),
      () => sender?.wake(),
    ),
    async start(runtime: ModuleDeps) {
      const transport = transportFor(runtime.env);
      sender = new MessageSender(runtime, transport, MESSAGE_KINDS, {
        off: runtime.env.MESSAGES_OFF,
        maxAttempts: runtime.env.MESSAGES_MAX_ATTEMPTS,
        backoffMs: runtime.env.MESSAGES_RETRY_MS,
      });
      // Woken as soon as the outbox projector commits a batch here (the leader); other instances poll.
      unsubscribe = runtime.projections.onAdvance((name) => {
        if (name === OUTBOX_READ_MODEL) sender?.wake();
      });
      sender.start();
      runtime.log.info({ transport: transport.describe }, 'messages: sender started');
    },
    async stop() {
      unsubscribe?.();
      await sender?.stop();
      sender = null;
    },
  };
}
