import { loadJwtSecret } from '../../../config/jwt-secret.js';
import { linkKey, linkPath, linkToken, loadCustomer, type AccountLinkEvent } from '../../customers/index.js';
import { defineMessageKind, isErasedAddress, type ComposeContext } from '../kind.js';
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

export const passwordReset = defineMessageKind({
  name: 'password-reset',
  label: 'Password reset',
  async compose(event, context) {
    const data = event.data as Requested<'PasswordResetRequested'>;
    const to = await recipient(data, context);
    if (!to) return null;
    const href = context.link(linkPath('password-reset', tokenOf(context, 'password-reset', data.requestId)));
    return {
      to: { email: to.email, name: to.name },
      customerId: data.customerId,
      subject: 'Reset your password',
      body: (
        <MessageLayout preview="A link to choose a new password, valid for 30 minutes" heading="Reset your password" shopUrl={context.link('/')}>
          <Paragraph>Hi {to.name},</Paragraph>
          <Paragraph>Someone (we hope you) asked to reset the password of your account. The link below works once, for 30 minutes.</Paragraph>
          <Action href={href}>Choose a new password</Action>
          <Paragraph>If you did not ask for this, ignore this e-mail: your password stays as it is.</Paragraph>
        </MessageLayout>
      ),
    };
  },
});

export const emailVerification = defineMessageKind({
  name: 'email-verification',
  label: 'E-mail verification',
  async compose(event, context) {
    const data = event.data as Requested<'EmailVerificationRequested'>;
    const to = await recipient(data, context);
    if (!to) return null;
    const href = context.link(linkPath('email-verification', tokenOf(context, 'email-verification', data.requestId)));
    return {
      to: { email: to.email, name: to.name },
      customerId: data.customerId,
      subject: 'Verify your e-mail address',
      body: (
        <MessageLayout preview="One click to confirm this address is yours" heading="Verify your e-mail address" shopUrl={context.link('/')}>
          <Paragraph>Hi {to.name},</Paragraph>
          <Paragraph>Please confirm that {to.email} is your address: it lets us reach you about your orders.</Paragraph>
          <Action href={href}>Verify my e-mail address</Action>
          <Paragraph>If you did not create an account with us, ignore this e-mail.</Paragraph>
        </MessageLayout>
      ),
    };
  },
});
