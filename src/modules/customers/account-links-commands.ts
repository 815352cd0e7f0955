import { randomUUID } from 'node:crypto';
import { loadState, runCommand, streamWrite, type CommandContext } from '../../core/command-handler.js';
import { ValidationError } from '../../core/errors.js';
import type { AppendResult, EventStore } from '../../core/event-store.js';
import { linkStream, linkToken, type LinkPurpose } from './account-links.js';
import {
  decideResetPassword,
  decideVerifyEmail,
  evolveLink,
  initialLinkState,
  resetRequest,
  RESET_LINK_INVALID,
  verificationRequest,
  VERIFICATION_LINK_INVALID,
} from './account-links-decide.js';
import { customerStream, emailStream, evolveCustomer, evolveEmail, initialCustomerState, initialEmailState } from './customer.js';
import type { CredentialStore } from './credentials.js';
import { hashPassword } from './password.js';

const linkDecider = { initialState: initialLinkState, evolve: evolveLink };
const customerDecider = { initialState: initialCustomerState, evolve: evolveCustomer };
const emailDecider = { initialState: initialEmailState, evolve: evolveEmail };

const nowOf = (context: CommandContext) => (context.now ?? new Date()).toISOString();

/** Password reset and e-mail verification links: asking for one, and using it. `key` is `linkKey(server secret)`. */
export class AccountLinks {
  constructor(
    private readonly store: EventStore,
    private readonly credentials: CredentialStore,
    private readonly key: Buffer,
  ) {}

  private async issue(purpose: LinkPurpose, event: { type: string; data: unknown }, requestId: string, context: CommandContext): Promise<AppendResult> {
    const stream = linkStream(purpose, linkToken(this.key, purpose, requestId));
    const { appended } = await runCommand(this.store, [stream], async () => ({ writes: [streamWrite(stream, -1, [event], context)], result: null }));
    return appended!;
  }

  /** Mails a reset link when an account holds this address; silently nothing otherwise. */
  async requestReset(email: string, context: CommandContext): Promise<AppendResult | null> {
    const claim = await loadState(this.store, emailStream(email), emailDecider);
    if (!claim.state.owner) return null;
    const customer = await loadState(this.store, customerStream(claim.state.owner), customerDecider);
    const requestId = randomUUID();
    const event = resetRequest(customer.state, { requestId, now: nowOf(context) });
    return event ? this.issue('password-reset', event, requestId, context) : null;
  }

  /**
   * Sets the new password and ends every session, once per link. The link is checked before the new hash is written,
   * and checked again under the streams' versions when appending; if the append is refused the old hash comes back.
   */
  async resetPassword(token: string, password: string, context: CommandContext): Promise<{ customerId: string; result: AppendResult }> {
    const stream = linkStream('password-reset', token);
    const now = nowOf(context);
    const decide = async () => {
      const link = await loadState(this.store, stream, linkDecider);
      if (link.state.status !== 'issued') throw new ValidationError(RESET_LINK_INVALID);
      const customer = await loadState(this.store, customerStream(link.state.customerId), customerDecider);
      const decided = decideResetPassword(link.state, customer.state, now);
      return {
        writes: [
          streamWrite(stream, link.version, decided.link, context),
          streamWrite(customerStream(decided.customerId), customer.version, decided.customer, context),
        ],
        result: decided.customerId,
      };
    };
    const customerId = (await decide()).result;
    const mine = await hashPassword(password);
    const previous = await this.credentials.setPasswordHash(customerId, mine);
    try {
      const { appended } = await runCommand(this.store, [stream, customerStream(customerId)], decide);
      return { customerId, result: appended! };
    } catch (error) {
      await this.credentials.restoreIfUnchanged(customerId, mine, previous);
      throw error;
    }
  }

  /** Mails a verification link to the customer's current address; `verified` when there is nothing to verify. */
  async requestVerification(customerId: string, context: CommandContext): Promise<'sent' | 'verified'> {
    const customer = await loadState(this.store, customerStream(customerId), customerDecider);
    const requestId = randomUUID();
    const event = verificationRequest(customer.state, { requestId, now: nowOf(context) });
    if (!event) return 'verified';
    await this.issue('email-verification', event, requestId, context);
    return 'sent';
  }

  /** Marks the address the link was mailed to as verified (once; opening the link again changes nothing). */
  async verifyEmail(token: string, context: CommandContext): Promise<{ customerId: string; result: AppendResult | null }> {
    const stream = linkStream('email-verification', token);
    const now = nowOf(context);
    const link = await loadState(this.store, stream, linkDecider);
    if (link.state.status !== 'issued') throw new ValidationError(VERIFICATION_LINK_INVALID);
    const customerId = link.state.customerId;
    const { appended } = await runCommand(this.store, [customerStream(customerId)], async () => {
      const customer = await loadState(this.store, customerStream(customerId), customerDecider);
      const events = decideVerifyEmail(link.state, customer.state, now);
      return { writes: events.length ? [streamWrite(customerStream(customerId), customer.version, events, context)] : [], result: null };
    });
    return { customerId, result: appended };
  }
}
