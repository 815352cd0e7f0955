import { randomUUID } from 'node:crypto';
import { handleCommand, loadState, metadataFor, toNewEvents, type CommandContext } from '../../core/command-handler.js';
import { NotFoundError, UnauthorizedError, WrongExpectedVersionError } from '../../core/errors.js';
import type { AppendResult, EventStore } from '../../core/event-store.js';
import {
  customerStream,
  emailStream,
  evolveCustomer,
  evolveEmail,
  initialCustomerState,
  initialEmailState,
  type CustomerProfile,
  type CustomerState,
} from './customer.js';
import { decideCustomer, decideEmailClaim } from './decide.js';
import type { CredentialStore } from './credentials.js';
import { hashPassword, verifyPassword } from './password.js';
import { PRIVACY_NOTICE_VERSION } from '../privacy/notice.js';

const customerDecider = { initialState: initialCustomerState, evolve: evolveCustomer };
const emailDecider = { initialState: initialEmailState, evolve: evolveEmail };

export interface Registration {
  email: string;
  password: string;
  fullName: string;
  phone: string;
  address: string;
  city: string;
  state: string;
  pincode: string;
  role?: 'customer' | 'admin';
}

const normaliseEmail = (email: string) => email.trim().toLowerCase();

/** RegisterCustomer: claims the e-mail stream and opens the customer stream in one atomic append. */
export async function registerCustomer(store: EventStore, credentials: CredentialStore, input: Registration, context: CommandContext = {}) {
  const email = normaliseEmail(input.email);
  const customerId = randomUUID();
  const now = (context.now ?? new Date()).toISOString();
  const claim = await loadState(store, emailStream(email), emailDecider);
  const claimEvents = decideEmailClaim(email, customerId, claim.state, 'An account with this email already exists');
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
    const result = await store.appendMany([
      { streamId: emailStream(email), events: toNewEvents(claimEvents, ctx), expectedVersion: claim.version < 0 ? 'no_stream' : claim.version },
      { streamId: customerStream(customerId), events: toNewEvents(events, ctx), expectedVersion: 'no_stream' },
    ]);
    const state = events.reduce(evolveCustomer, initialCustomerState());
    return { profile: (state as Extract<CustomerState, { status: 'registered' }>).profile, result };
  } catch (error) {
    await credentials.restore(customerId, null);
    // Someone claimed the address between our read and our write.
    if (error instanceof WrongExpectedVersionError) return registerCustomer(store, credentials, input, context);
    throw error;
  }
}

export async function loadCustomer(store: EventStore, customerId: string) {
  const loaded = await loadState(store, customerStream(customerId), customerDecider);
  if (loaded.state.status !== 'registered') throw new NotFoundError('User not found');
  return { ...loaded, state: loaded.state };
}

/**
 * Login reads the e-mail stream, not a read model, so a fresh signup can sign in at once. Answers the profile and the
 * session version a new token carries.
 */
export async function authenticate(store: EventStore, credentials: CredentialStore, email: string, password: string): Promise<{ profile: CustomerProfile; sessionVersion: number }> {
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
  const current = await loadCustomer(store, customerId);
  const now = (context.now ?? new Date()).toISOString();
  const { currentPassword, ...fields } = changes;
  const email = fields.email ? normaliseEmail(fields.email) : undefined;
  // Only an e-mail change needs the password, so only then is it hashed (scrypt costs ~50 ms).
  const currentPasswordMatches =
    email && email !== current.state.profile.email && currentPassword
      ? await verifyPassword(currentPassword, (await credentials.passwordHash(customerId)) ?? '')
      : undefined;
  const events = decideCustomer({ type: 'UpdateProfile', data: { ...fields, email, currentPasswordMatches, now } }, current.state);
  if (events.length === 0) return { profile: current.state.profile, result: null };
  const writes = [{ streamId: customerStream(customerId), events: toNewEvents(events, context), expectedVersion: current.version }];
  if (email && email !== current.state.profile.email) {
    const claim = await loadState(store, emailStream(email), emailDecider);
    const claimEvents = decideEmailClaim(email, customerId, claim.state, 'Email already in use');
    const oldEmail = current.state.profile.email;
    const oldClaim = await loadState(store, emailStream(oldEmail), emailDecider);
    const metadata = metadataFor(context);
    writes.push(
      { streamId: emailStream(email), events: toNewEvents(claimEvents, context), expectedVersion: claim.version < 0 ? 'no_stream' : claim.version } as never,
      {
        streamId: emailStream(oldEmail),
        events: [{ type: 'EmailReleased', data: { email: oldEmail, customerId }, metadata }],
        expectedVersion: oldClaim.version,
      } as never,
    );
  }
  try {
    const result = await store.appendMany(writes);
    const state = events.reduce(evolveCustomer, current.state as CustomerState);
    return { profile: (state as Extract<CustomerState, { status: 'registered' }>).profile, result };
  } catch (error) {
    if (error instanceof WrongExpectedVersionError) return updateProfile(store, credentials, customerId, changes, context);
    throw error;
  }
}

export async function changePassword(
  store: EventStore,
  credentials: CredentialStore,
  customerId: string,
  currentPassword: string,
  newPassword: string,
  context: CommandContext,
) {
  const current = await loadCustomer(store, customerId);
  const events = decideCustomer(
    {
      type: 'ChangePassword',
      data: {
        currentPasswordMatches: await verifyPassword(currentPassword, (await credentials.passwordHash(customerId)) ?? ''),
        now: (context.now ?? new Date()).toISOString(),
      },
    },
    current.state,
  );
  // The new hash, then the event that ends every older session; if the append fails the old hash is put back.
  const previous = await credentials.setPasswordHash(customerId, await hashPassword(newPassword));
  let result: AppendResult;
  try {
    result = await store.append(customerStream(customerId), toNewEvents(events, context), { expectedVersion: current.version });
  } catch (error) {
    await credentials.restore(customerId, previous);
    throw error;
  }
  // The change ended every token issued before it; the one answered to this request carries the new version.
  const state = events.reduce(evolveCustomer, current.state as CustomerState) as Extract<CustomerState, { status: 'registered' }>;
  return { result, profile: state.profile, sessionVersion: state.sessionVersion };
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
  const current = await loadState(store, customerStream(customerId), customerDecider);
  const now = (context.now ?? new Date()).toISOString();
  const events = decideCustomer({ type: 'EraseCustomer', data: { ...request, now } }, current.state);
  if (events.length === 0 || current.state.status !== 'registered') {
    await credentials.restore(customerId, null);
    return null;
  }
  const email = current.state.profile.email;
  const claim = await loadState(store, emailStream(email), emailDecider);
  const writes = [{ streamId: customerStream(customerId), events: toNewEvents(events, context), expectedVersion: current.version }];
  if (claim.state.owner === customerId) {
    writes.push({ streamId: emailStream(email), events: [{ type: 'EmailReleased', data: { email, customerId }, metadata: metadataFor(context) }], expectedVersion: claim.version } as never);
  }
  try {
    const result = await store.appendMany(writes);
    await credentials.restore(customerId, null);
    return result;
  } catch (error) {
    if (error instanceof WrongExpectedVersionError) return eraseCustomerRecord(store, credentials, customerId, request, context);
    throw error;
  }
}
