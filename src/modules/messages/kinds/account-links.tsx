import { loadJwtSecret } from '../../../config/jwt-secret.js';
import { linkKey, linkPath, linkToken, loadCustomer, type AccountLinkEvent } from '../../customers/index.js';
import { defineMessageKind, isErasedAddress, type ComposeContext } from '../kind.js';
import type { ReactNode } from 'react';
import { Action, MessageLayout, Paragraph } from '../layout.js';

type Requested<T extends AccountLinkEvent['type']> = Extract<AccountLinkEvent, { type: T }>['data'];

/**
 * The shopper a link is for, by name, while the account still exists and the link still works; null otherwise (the
 * message is then skipped: an expired or orphaned link is not worth a mail).
 */
async function recipient(data: { customerId: string; email: string; expiresAt: string }, context: ComposeContext) {
  if (isErasedAddress(data.email) || context.now >= Date.parse(data.expiresAt)) return null;
  const customer = await loadCustomer(context.runtime.store, data.customerId).catch(() => null);
  if (!customer) return null;
  return { email: data.email, name: customer.state.profile.fullName };
}

/** The link's token, derived again from the request id (the log holds only its hash). */
const tokenOf = (context: ComposeContext, purpose: 'password-reset' | 'email-verification', requestId: string) =>
  linkToken(linkKey(loadJwtSecret(context.runtime.env)), purpose, requestId);

/** What tells one account-link mail from the other: its kind's name and label, and its words. */
interface LinkMessage {
  purpose: 'password-reset' | 'email-verification';
  label: string;
  subject: string;
  preview: string;
  /** The paragraph saying what the link is for. */
  explain: (to: { email: string; name: string }) => ReactNode;
  action: string;
  /** The closing paragraph for a shopper who did not ask for the link. */
  ignore: string;
}

/**
 * A mail carrying an account link: one recipient rule, one token and one layout for every purpose, so the password
 * reset and the e-mail verification differ only in their words.
 */
function linkMessageKind(message: LinkMessage) {
  return defineMessageKind({
    name: message.purpose,
    label: message.label,
    async compose(event, context) {
      const data = event.data as Requested<'PasswordResetRequested' | 'EmailVerificationRequested'>;
      const to = await recipient(data, context);
      if (!to) return null;
      const href = context.link(linkPath(message.purpose, tokenOf(context, message.purpose, data.requestId)));
      return {
        to: { email: to.email, name: to.name },
        customerId: data.customerId,
        subject: message.subject,
        body: (
          <MessageLayout preview={message.preview} heading={message.subject} shopUrl={context.link('/')}>
            <Paragraph>Hi {to.name},</Paragraph>
            <Paragraph>{message.explain(to)}</Paragraph>
            <Action href={href}>{message.action}</Action>
            <Paragraph>{message.ignore}</Paragraph>
          </MessageLayout>
        ),
      };
    },
  });
}

export const passwordReset = linkMessageKind({
  purpose: 'password-reset',
  label: 'Password reset',
  subject: 'Reset your password',
  preview: 'A link to choose a new password, valid for 30 minutes',
  explain: () => 'Someone (we hope you) asked to reset the password of your account. The link below works once, for 30 minutes.',
  action: 'Choose a new password',
  ignore: 'If you did not ask for this, ignore this e-mail: your password stays as it is.',
});

export const emailVerification = linkMessageKind({
  purpose: 'email-verification',
  label: 'E-mail verification',
  subject: 'Verify your e-mail address',
  preview: 'One click to confirm this address is yours',
  explain: (to) => <>Please confirm that {to.email} is your address: it lets us reach you about your orders.</>,
  action: 'Verify my e-mail address',
  ignore: 'If you did not create an account with us, ignore this e-mail.',
});
