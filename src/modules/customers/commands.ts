import { randomUUID } from 'node:crypto';
import { handleCommand, loadState, metadataFor, runCommand, streamWrite, type CommandContext } from '../../core/command-handler.js';
import { NotFoundError, UnauthorizedError } from '../../core/errors.js';
import type { AppendResult, EventStore, StreamWrite } from '../../core/event-store.js';
import {
  customerStream,
  emailStream,
  evolveCustomer,
  evolveEmail,
  initialCustomerState,
  initialEmailState,
  type CustomerProfile,
  type CustomerState,
  type ProfileFields,
} from './customer.js';
import { decideCustomer, decideEmailClaim } from './decide.js';
import type { CredentialStore } from './credentials.js';
import { hashPassword, verifyPassword } from './password.js';
import { PRIVACY_NOTICE_VERSION } from '../../shared/privacy-notice.js';

const customerDecider = { initialState: initialCustomerState, evolve: evolveCustomer };
const emailDecider = { initialState: initialEmailState, evolve: evolveEmail };

export interface Registration extends ProfileFields {
  email: string;
  password: string;
  role?: 'customer' | 'admin';
}

const normaliseEmail = (email: string) => email.trim().toLowerCase();

/** RegisterCustomer: claims the e-mail stream and opens the customer stream in one atomic append. */
export async function registerCustomer(store: EventStore, credentials: CredentialStore, input: Registration, context: CommandContext = {}) {
  const email = normaliseEmail(input.email);
  const customerId = randomUUID();
  const now = (context.now ?? new Date()).toISOString();
  const events = decideCustomer(
    {
      type: 'RegisterCustomer',
      data: {
        customerId,
        email,
        role: input.role ?? 'customer',
        fullName: input.fullName,
        phone: input.phone,
        address: input.address,
        city: input.city,
        state: input.state,
        pincode: input.pincode,
        privacyNoticeVersion: PRIVACY_NOTICE_VERSION,
        now,
      },
    },
    initialCustomerState(),
  );
  const ctx = { ...context, userId: context.userId ?? customerId };
  // The hash first, under the new id nobody else knows: if the append fails the row is removed again.
  await credentials.setPasswordHash(customerId, await hashPassword(input.password));
  try {
    // Someone may claim the address between our read and our write: the claim is decided again from the new state.
    const { appended } = await runCommand(store, [emailStream(email), customerStream(customerId)], async () => {
      const claim = await loadState(store, emailStream(email), emailDecider);
      const claimEvents = decideEmailClaim(email, customerId, claim.state, 'An account with this email already exists');
      return {
        writes: [streamWrite(emailStream(email), claim.version, claimEvents, ctx), streamWrite(customerStream(customerId), -1, events, ctx)],
        result: null,
      };
    });
    const state = events.reduce(evolveCustomer, initialCustomerState());
    return { profile: (state as Extract<CustomerState, { status: 'registered' }>).profile, result: appended! };
  } catch (error) {
    await credentials.restore(customerId, null);
    throw error;
  }
}

export async function loadCustomer(store: EventStore, customerId: string) {
  const loaded = await loadState(store, customerStream(customerId), customerDecider);
  if (loaded.state.status !== 'registered') throw new NotFoundError('User not found');
  return { ...loaded, state: loaded.state };
}

/** Whether the customer's current address is verified (false for an unknown or erased customer). */
export async function isEmailVerified(store: EventStore, customerId: string): Promise<boolean> {
  const { state } = await loadState(store, customerStream(customerId), customerDecider);
  return state.status === 'registered' && state.profile.emailVerified;
}

/**
 * Login reads the e-mail stream, not a read model, so a fresh signup can sign in at once. Answers the profile and the
 * session version a new token carries.
 */
export async function authenticate(
  store: EventStore,
  credentials: CredentialStore,
  email: string,
  password: string,
): Promise<{ profile: CustomerProfile; sessionVersion: number }> {
  const claim = await loadState(store, emailStream(normaliseEmail(email)), emailDecider);
  const invalid = new UnauthorizedError('Invalid email or password');
  if (!claim.state.owner) {
    await hashPassword(password); // same cost whether or not the account exists
    throw invalid;
  }
  const { state } = await loadCustomer(store, claim.state.owner);
  const hash = await credentials.passwordHash(claim.state.owner);
  if (!hash || !(await verifyPassword(password, hash))) throw invalid;
  return { profile: state.profile, sessionVersion: state.sessionVersion };
}

export async function updateProfile(
  store: EventStore,
  credentials: CredentialStore,
  customerId: string,
  changes: Partial<Pick<CustomerProfile, 'email' | 'fullName' | 'phone' | 'address' | 'city' | 'state' | 'pincode'>> & { currentPassword?: string },
  context: CommandContext,
): Promise<{ profile: CustomerProfile; result: AppendResult | null }> {
  const now = (context.now ?? new Date()).toISOString();
  const { currentPassword, ...fields } = changes;
  const email = fields.email ? normaliseEmail(fields.email) : undefined;
  // Only an e-mail change needs the password, so only then is it hashed (scrypt costs ~50 ms), once per command.
  let passwordChecked: Promise<boolean> | undefined;
  const streams = [customerStream(customerId), ...(email ? [emailStream(email)] : [])];
  const { result, appended } = await runCommand(store, streams, async () => {
    const current = await loadCustomer(store, customerId);
    const emailChanges = Boolean(email && email !== current.state.profile.email);
    const currentPasswordMatches =
      emailChanges && currentPassword
        ? await (passwordChecked ??= credentials.passwordHash(customerId).then((hash) => verifyPassword(currentPassword, hash ?? '')))
        : undefined;
    const events = decideCustomer({ type: 'UpdateProfile', data: { ...fields, email, currentPasswordMatches, now } }, current.state);
    const state = events.reduce(evolveCustomer, current.state as CustomerState) as Extract<CustomerState, { status: 'registered' }>;
    if (events.length === 0) return { writes: [], result: state.profile };
    const writes: StreamWrite[] = [streamWrite(customerStream(customerId), current.version, events, context)];
    if (email && emailChanges) {
      const claim = await loadState(store, emailStream(email), emailDecider);
      const claimEvents = decideEmailClaim(email, customerId, claim.state, 'Email already in use');
      const oldEmail = current.state.profile.email;
      const oldClaim = await loadState(store, emailStream(oldEmail), emailDecider);
      writes.push(streamWrite(emailStream(email), claim.version, claimEvents, context), {
        streamId: emailStream(oldEmail),
        events: [{ type: 'EmailReleased', data: { email: oldEmail, customerId }, metadata: metadataFor(context) }],
        expectedVersion: oldClaim.version,
      });
    }
    return { writes, result: state.profile };
  });
  return { profile: result, result: appended };
}

export async function changePassword(
  store: EventStore,
  credentials: CredentialStore,
  customerId: string,
  currentPassword: string,
  newPassword: string,
  context: CommandContext,
) {
  // The current password is checked once, against the hash stored before this change.
  const currentPasswordMatches = await verifyPassword(currentPassword, (await credentials.passwordHash(customerId)) ?? '');
  const decide = async () => {
    const current = await loadCustomer(store, customerId);
    const events = decideCustomer({ type: 'ChangePassword', data: { currentPasswordMatches, now: (context.now ?? new Date()).toISOString() } }, current.state);
    // The change ended every token issued before it; the one answered to this request carries the new version.
    const state = events.reduce(evolveCustomer, current.state as CustomerState) as Extract<CustomerState, { status: 'registered' }>;
    return { writes: [streamWrite(customerStream(customerId), current.version, events, context)], result: state };
  };
  // A refused change (wrong current password) throws here, before any hash is written.
  await decide();
  // The new hash, then the event that ends every older session; if the append fails the old hash is put back.
  const previous = await credentials.setPasswordHash(customerId, await hashPassword(newPassword));
  try {
    const { result: state, appended } = await runCommand(store, [customerStream(customerId)], decide);
    return { result: appended!, profile: state.profile, sessionVersion: state.sessionVersion };
  } catch (error) {
    await credentials.restore(customerId, previous);
    throw error;
  }
}

type SessionCommand =
  | { type: 'SignOut'; data: { sessionId: string; expiresAt: string; by: string } }
  | { type: 'RevokeSessions'; data: { reason: 'sign-out-everywhere' | 'admin'; by: string } }
  | { type: 'ChangeRole'; data: { role: 'customer' | 'admin'; by: string } };

/** SignOut (one token), RevokeSessions (every token so far) and ChangeRole on the customer's stream. */
export async function changeSessions(store: EventStore, customerId: string, command: SessionCommand, context: CommandContext) {
  const now = (context.now ?? new Date()).toISOString();
  const { result } = await handleCommand(
    store,
    customerStream(customerId),
    { ...customerDecider, decide: decideCustomer },
    { ...command, data: { ...command.data, now } } as Parameters<typeof decideCustomer>[0],
    context,
  );
  return result;
}

/**
 * EraseCustomer: PersonalDataErased on the customer's stream and, in the same append, the release of their e-mail
 * claim (the address may sign up again). Removes the password hash. Answers null when the customer was erased already.
 * The caller destroys the data key afterwards (src/modules/privacy/erase.ts): these events still need it.
 */
export async function eraseCustomerRecord(
  store: EventStore,
  credentials: CredentialStore,
  customerId: string,
  request: { requestedBy: 'customer' | 'admin'; by: string; reason: string },
  context: CommandContext,
): Promise<AppendResult | null> {
  const now = (context.now ?? new Date()).toISOString();
  const { appended } = await runCommand(store, [customerStream(customerId)], async () => {
    const current = await loadState(store, customerStream(customerId), customerDecider);
    const events = decideCustomer({ type: 'EraseCustomer', data: { ...request, now } }, current.state);
    if (events.length === 0 || current.state.status !== 'registered') return { writes: [], result: null };
    const email = current.state.profile.email;
    const claim = await loadState(store, emailStream(email), emailDecider);
    const writes: StreamWrite[] = [streamWrite(customerStream(customerId), current.version, events, context)];
    if (claim.state.owner === customerId)
      writes.push(streamWrite(emailStream(email), claim.version, [{ type: 'EmailReleased', data: { email, customerId } }], context));
    return { writes, result: null };
  });
  await credentials.restore(customerId, null);
  return appended;
}
