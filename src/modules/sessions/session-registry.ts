import type { EventStore, GlobalPosition, RecordedEvent } from '../../core/event-store.js';
import { LogFollower } from '../../core/log-follower.js';
import type { Logger } from '../../core/logger.js';
import { customerStream, nextSessionVersion, type CustomerEvent } from '../customers/index.js';

export type Role = 'customer' | 'admin';

/** What a verified token says about its session. */
export interface SessionClaims {
  customerId: string;
  sessionId: string;
  sessionVersion: number;
}

/** A customer's sessions as far as this instance knows: what a token is checked against on every request. */
interface SessionEntry {
  /** Version of the last event of the customer's stream folded in. */
  streamVersion: number;
  registered: boolean;
  role: Role;
  sessionVersion: number;
  /** Signed-out session ids -> when their tokens expire anyway (then they are forgotten). */
  ended: Map<string, number>;
}

const CUSTOMER_STREAM = /^customer-([0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12})$/i;
const SESSION_EVENTS = new Set(['CustomerRegistered', 'PasswordChanged', 'SessionsRevoked', 'SignedOut', 'RoleChanged']);
/** Entries kept in memory; past it the oldest is dropped and read again from the log when next needed. */
const MAX_ENTRIES = 200_000;

function emptyEntry(): SessionEntry {
  return { streamVersion: -1, registered: false, role: 'customer', sessionVersion: 0, ended: new Map() };
}

function applyEvent(entry: SessionEntry, recorded: RecordedEvent, now: number): void {
  const event = recorded as unknown as CustomerEvent;
  entry.streamVersion = recorded.streamVersion;
  switch (event.type) {
    case 'CustomerRegistered':
      entry.registered = true;
      entry.role = event.data.role;
      return;
    case 'RoleChanged':
      entry.role = event.data.to;
      return;
    case 'SignedOut': {
      const expires = Date.parse(event.data.expiresAt);
      for (const [id, at] of entry.ended) if (at <= now) entry.ended.delete(id);
      if (expires > now) entry.ended.set(event.data.sessionId, expires);
      return;
    }
    default: {
      const next = nextSessionVersion(entry, event);
      if (next !== entry.sessionVersion) {
        entry.sessionVersion = next;
        entry.ended.clear(); // every older token is refused by its version now
      }
    }
  }
}

/**
 * Every customer's sessions, in memory in each API instance, so that checking a token costs a map lookup. Kept
 * current from the log like the in-memory catalogue (a store subscription from the log's end at start), and filled
 * lazily: a customer is read from the log the first time one of their tokens arrives, and again whenever a token is
 * newer than what this instance knows (issued by another instance after a change this one has not seen yet). The
 * instance that appends a change reads it back before answering (`refresh`), so its own refusal has no window;
 * another instance refuses as soon as its subscription has seen the event (`waitFor`).
 */
export class SessionRegistry {
  private readonly entries = new Map<string, SessionEntry>();
  private readonly loading = new Map<string, Promise<SessionEntry | null>>();
  /** Customers whose stream changed while a read of it was under way: read again. */
  private readonly changedWhileLoading = new Set<string>();
  private readonly listeners = new Set<(customerId: string) => void>();
  private readonly follower: LogFollower;

  constructor(
    private readonly store: EventStore,
    private readonly log: Logger,
  ) {
    this.follower = new LogFollower(store, 'session registry', (error) => this.log.warn({ err: error }, 'session registry subscription error'));
  }

  /** Follows the log from its end now: customers are read from their streams when first needed. */
  start(): Promise<void> {
    return this.follower.start((events) => this.follow(events));
  }

  async stop(): Promise<void> {
    const stopping = this.follower.stop();
    this.entries.clear();
    await stopping;
  }

  /** The role the session has now, or null when it ended (signed out, revoked, unknown customer). */
  async check(claims: SessionClaims): Promise<Role | null> {
    let entry = this.entries.get(claims.customerId);
    if (!entry || claims.sessionVersion > entry.sessionVersion) entry = (await this.load(claims.customerId)) ?? undefined;
    if (!entry?.registered || claims.sessionVersion !== entry.sessionVersion) return null;
    const ended = entry.ended.get(claims.sessionId);
    if (ended !== undefined) return null;
    return entry.role;
  }

  /** After this instance appended a change to the customer's sessions: reads it back before the request answers. */
  async refresh(customerId: string): Promise<void> {
    await this.load(customerId);
    this.notify(customerId);
  }

  /** Called with a customer's id whenever their sessions or role change (the live feed re-checks its sockets). */
  onChange(listener: (customerId: string) => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  /** Resolves once this instance's subscription has seen `position`. */
  waitFor(position: GlobalPosition, timeoutMs = 10_000): Promise<void> {
    return this.follower.waitFor(position, timeoutMs);
  }

  get size(): number {
    return this.entries.size;
  }

  private follow(events: RecordedEvent[]): void {
    const now = Date.now();
    const changed = new Set<string>();
    for (const event of events) {
      const customerId = CUSTOMER_STREAM.exec(event.streamId)?.[1];
      if (!customerId) continue;
      if (this.loading.has(customerId)) this.changedWhileLoading.add(customerId);
      const entry = this.entries.get(customerId);
      if (entry && event.streamVersion > entry.streamVersion) {
        // A gap means an event was missed: forget the customer, the next token reads the stream again.
        if (event.streamVersion !== entry.streamVersion + 1) this.entries.delete(customerId);
        else applyEvent(entry, event, now);
      }
      if (SESSION_EVENTS.has(event.type)) changed.add(customerId);
    }
    for (const customerId of changed) this.notify(customerId);
  }

  private notify(customerId: string): void {
    for (const listener of this.listeners) {
      try {
        listener(customerId);
      } catch (error) {
        this.log.warn({ err: error }, 'session change listener failed');
      }
    }
  }

  /** Reads the customer's stream (one read at a time per customer) and keeps the newer of it and what we had. */
  private load(customerId: string): Promise<SessionEntry | null> {
    const pending = this.loading.get(customerId);
    if (pending) return pending;
    const read = (async () => {
      for (;;) {
        this.changedWhileLoading.delete(customerId);
        const events = await this.store.readStream(customerStream(customerId));
        if (this.changedWhileLoading.has(customerId)) continue;
        if (events.length === 0) return null;
        const now = Date.now();
        const entry = emptyEntry();
        for (const event of events) applyEvent(entry, event, now);
        const known = this.entries.get(customerId);
        if (known && known.streamVersion >= entry.streamVersion) return known;
        // Without a subscription nothing would keep the entry current: answer from the log every time.
        if (this.follower.following) this.remember(customerId, entry);
        return entry;
      }
    })().finally(() => this.loading.delete(customerId));
    this.loading.set(customerId, read);
    return read;
  }

  private remember(customerId: string, entry: SessionEntry): void {
    this.entries.delete(customerId);
    this.entries.set(customerId, entry);
    if (this.entries.size > MAX_ENTRIES) this.entries.delete(this.entries.keys().next().value!);
  }
}
