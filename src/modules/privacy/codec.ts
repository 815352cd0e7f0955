import { createHmac, randomBytes } from 'node:crypto';
import type { EventDataCodec } from '../../core/event-codec.js';
import type { NewEvent, RecordedEvent } from '../../core/event-store.js';
import { BatchOpener, type SealedItem } from './batch-opener.js';
import { open as openSealed, seal } from './cipher.js';
import { personalFieldsOf, type ErasedValue } from './personal-fields.js';
import type { SubjectKeyStore } from './subject-keys.js';

/** The stored form of an event's personal fields: whose key, and the sealed JSON of { path: value }. */
export interface PersonalEnvelope {
  subject: string;
  sealed: string;
}
export const ENVELOPE_KEY = 'personal';
export const ERASURE_EVENT = 'PersonalDataErased';
export const EMAIL_INDEX_SUBJECT = '~email-index';
const EMAIL_STREAM_PREFIX = 'customer-email-';
/** Sealed events in one read from which their envelopes are opened in the worker thread (see PersonalDataCodec.create). */
export const WORKER_MIN_EVENTS = 200;

type Data = Record<string, unknown>;

/** A declared field path split once: `a` or `a.b`. */
interface FieldPath {
  path: string;
  head: string;
  tail: string | undefined;
  erased: ErasedValue;
}
interface CompiledSpec {
  subject: (data: Data) => string | undefined;
  paths: FieldPath[];
  /** The declared paths by their full name (putting opened values back). */
  byPath: Map<string, FieldPath>;
  /** The top-level names the paths start with: reading one of them opens the envelope. */
  heads: Set<string>;
  /** Per top-level name with nested paths (`a.b`), the nested names taken; a name absent here is taken whole. */
  tails: Map<string, Set<string>>;
}

/** Each event type's declared paths, split once (the codec runs on every append and every read). */
const compiled = new Map<string, CompiledSpec | null>();
function specOf(type: string): CompiledSpec | null {
  let spec = compiled.get(type);
  if (spec === undefined) {
    const declared = personalFieldsOf(type);
    spec = null;
    if (declared) {
      const paths: FieldPath[] = [];
      const tails = new Map<string, Set<string>>();
      for (const [path, erased] of Object.entries(declared.fields)) {
        const [head, tail] = path.split('.', 2) as [string, string | undefined];
        paths.push({ path, head, tail, erased });
        if (tail !== undefined) {
          let set = tails.get(head);
          if (!set) tails.set(head, (set = new Set()));
          set.add(tail);
        }
      }
      spec = { subject: declared.subject, paths, byPath: new Map(paths.map((p) => [p.path, p])), heads: new Set(paths.map((p) => p.head)), tails };
    }
    compiled.set(type, spec);
  }
  return spec;
}

/**
 * The declared values of `data` ({ path: value }), or null when it holds none. No closures and no copies: this runs for
 * every event appended.
 */
function valuesOf(data: Data, paths: FieldPath[]): Record<string, unknown> | null {
  let values: Record<string, unknown> | null = null;
  for (const p of paths) {
    let value: unknown;
    if (p.tail === undefined) value = data[p.head];
    else {
      const inner = data[p.head];
      if (!inner || typeof inner !== 'object') continue;
      value = (inner as Data)[p.tail];
    }
    if (value !== undefined) (values ??= {})[p.path] = value;
  }
  return values;
}

/**
 * A copy of `data` without its declared fields (a nested object copied without its declared names), built field by
 * field in the original order; `data` is not changed. (Copying then deleting, as before, turned every stored event's
 * data into a slow dictionary-mode object.)
 */
function withoutPaths(data: Data, spec: CompiledSpec): Data {
  const rest: Data = {};
  for (const field in data) {
    if (!Object.hasOwn(data, field)) continue;
    const value = data[field];
    if (!spec.heads.has(field)) {
      rest[field] = value;
      continue;
    }
    const tails = spec.tails.get(field);
    if (tails === undefined) continue; // taken whole
    if (!value || typeof value !== 'object') {
      rest[field] = value;
      continue;
    }
    const own: Data = {};
    for (const name in value as Data) if (Object.hasOwn(value, name) && !tails.has(name)) own[name] = (value as Data)[name];
    rest[field] = own;
  }
  return rest;
}

/** Puts values back into `target`, a copy this codec made (nested objects are copied before they are written). */
function putValues(target: Data, original: Data, values: Record<string, unknown>, byPath: Map<string, FieldPath> | undefined): Data {
  for (const path in values) {
    // Usually a declared path (split once); a value sealed under a declaration since changed is put back as well.
    const declared = byPath?.get(path);
    const [head, tail] = declared ? [declared.head, declared.tail] : (path.split('.', 2) as [string, string | undefined]);
    if (tail === undefined) target[head] = values[path];
    else {
      const inner = target[head];
      const own = inner && typeof inner === 'object' && inner !== original[head] ? (inner as Data) : { ...((inner as Data | undefined) ?? {}) };
      own[tail] = values[path];
      target[head] = own;
    }
  }
  return target;
}

const aadOf = (type: string, subject: string) => `${type}:${subject}`;
const erased = (value: ErasedValue, subject: string) => (typeof value === 'function' ? value(subject) : value);

/**
 * The event store's codec for personal data: on append, the personal fields of the event types declared in
 * personal-fields.ts leave `data` and are stored sealed (AES-256-GCM) with the subject's key under `data.personal`, so
 * the `events` rows and their hash chain hold ciphertext only; on read they are put back. Once the subject's key is
 * destroyed (erasure) they read as the declared erased values ("Erased customer"), on every read and every replay.
 * An e-mail claim stream (`customer-email-<address>`) is stored as `customer-email-<HMAC-SHA256(index key, address)>`:
 * sign-in and uniqueness look it up by the same keyed hash, and the address is in no stream id.
 * Why: docs/decisions/0006-crypto-shredding.md.
 */
export class PersonalDataCodec implements EventDataCodec {
  private opener: BatchOpener | null;
  /** The opener was made here (closed with the codec), not handed in by the caller. */
  private readonly ownsOpener: boolean;

  private constructor(
    private readonly keys: SubjectKeyStore,
    private readonly emailIndexKey: Buffer,
    private readonly workerMinEvents: number,
    opener: BatchOpener | undefined,
  ) {
    this.opener = opener ?? null;
    this.ownsOpener = !opener;
  }

  /**
   * `workerMinEvents`: a read decoding at least this many sealed events opens them in a worker thread (batch-opener.ts);
   * smaller reads (a stream, a command's decide, a live subscription's few new events) open on first use on this thread.
   * `Infinity`: never. `opener`: a worker shared with other codecs (kept warm across them; its owner closes it).
   */
  static async create(keys: SubjectKeyStore, options: { workerMinEvents?: number; opener?: BatchOpener } = {}): Promise<PersonalDataCodec> {
    return new PersonalDataCodec(keys, await keys.keyFor(EMAIL_INDEX_SUBJECT), options.workerMinEvents ?? WORKER_MIN_EVENTS, options.opener);
  }

  /** The keyed blind index of an e-mail address (lower-cased, trimmed). */
  emailIndex(email: string): string {
    return createHmac('sha256', this.emailIndexKey).update(email.trim().toLowerCase()).digest('hex');
  }

  storedStreamId(streamId: string): string {
    if (!streamId.startsWith(EMAIL_STREAM_PREFIX)) return streamId;
    const rest = streamId.slice(EMAIL_STREAM_PREFIX.length);
    // Only an address is hashed: a stored id (already a hex digest) passes through unchanged.
    return rest.includes('@') ? EMAIL_STREAM_PREFIX + this.emailIndex(rest) : streamId;
  }

  encode(events: NewEvent[]): Promise<NewEvent[]> {
    return this.sealWith(events, false);
  }

  /**
   * As encode, for copying an older log forward: the clear fields of a shopper whose key is already destroyed are
   * sealed with a key made for the occasion and thrown away, so they are gone at once and read as erased.
   */
  encodeOrShred(events: NewEvent[]): Promise<NewEvent[]> {
    return this.sealWith(events, true);
  }

  private async keysOrShredded(subjects: string[]): Promise<Map<string, Buffer>> {
    const live = await this.keys.keysOf(subjects);
    const wanted = [...new Set(subjects)].filter((s) => live.get(s) !== null);
    const keys = wanted.length > 0 ? await this.keys.keysForWriting(wanted) : new Map<string, Buffer>();
    for (const s of subjects) if (!keys.has(s)) keys.set(s, randomBytes(32));
    return keys;
  }

  /**
   * Seals each event's declared fields with its subject's key. It runs once per append, so it is written for that:
   * plain loops (no closure per call: under tsx each closure made is also named by a defineProperty), every key taken
   * synchronously from the key store's cache when it holds them all (one look-up for all of them otherwise, created
   * together where missing), and the stored data built as a fresh object rather than a copy with fields deleted.
   */
  private async sealWith(events: NewEvent[], shred: boolean): Promise<NewEvent[]> {
    let taken: ({ subject: string; values: Record<string, unknown>; spec: CompiledSpec } | null)[] | null = null;
    let subjects: string[] | null = null;
    for (let i = 0; i < events.length; i++) {
      const event = events[i]!;
      const spec = specOf(event.type);
      const data = event.data as Data;
      if (!spec || !data || typeof data !== 'object') continue;
      const subject = spec.subject(data);
      if (!subject) continue;
      const values = valuesOf(data, spec.paths);
      if (!values) continue;
      (taken ??= new Array(events.length).fill(null))[i] = { subject, values, spec };
      (subjects ??= []).push(subject);
    }
    if (!taken || !subjects) return events;
    const keys = shred ? await this.keysOrShredded(subjects) : (this.keys.cachedKeysForWriting(subjects) ?? (await this.keys.keysForWriting(subjects)));
    const out: NewEvent[] = new Array(events.length);
    for (let i = 0; i < events.length; i++) {
      const event = events[i]!;
      const t = taken[i];
      if (!t) {
        out[i] = event;
        continue;
      }
      const rest = withoutPaths(event.data as Data, t.spec);
      const envelope: PersonalEnvelope = {
        subject: t.subject,
        sealed: seal(keys.get(t.subject)!, Buffer.from(JSON.stringify(t.values), 'utf8'), aadOf(event.type, t.subject)).toString('base64'),
      };
      rest[ENVELOPE_KEY] = envelope;
      out[i] = { ...event, data: rest };
    }
    return out;
  }

  async decode(events: RecordedEvent[]): Promise<RecordedEvent[]> {
    const subjects = new Set<string>();
    let sealed = 0;
    for (const event of events) {
      // An erasure written by another instance: its cached key must not outlive the event.
      if (event.type === ERASURE_EVENT) {
        const subject = (event.data as Data).customerId;
        if (typeof subject === 'string') this.keys.forget(subject);
      }
      const envelope = envelopeOf(event.data);
      if (envelope) {
        subjects.add(envelope.subject);
        sealed++;
      }
    }
    if (subjects.size === 0) return events;
    // Every subject of the batch in one look-up (cached keys need none).
    const keys = await this.keys.keysOf(subjects);
    if (sealed >= this.workerMinEvents) {
      const opened = await this.openInWorker(events, keys);
      if (opened) return opened;
    }
    return events.map((event) => this.decodeOne(event, keys));
  }

  /** Ends the open worker, if this codec made one (the event store's close). */
  close(): Promise<void> {
    return (this.ownsOpener && this.opener?.close()) || Promise.resolve();
  }

  /** Batches handed to the open worker so far. */
  get workerBatches(): number {
    return this.opener?.batches ?? 0;
  }

  /**
   * A bulk read (at least workerMinEvents sealed events): every envelope with a live key is opened in the worker
   * thread, eagerly, into plain objects (no proxy: a replay's projectors spread, serialise and read them many times).
   * Keys destroyed while the worker was at it are looked up again after its answer (cached keys: no query), and their
   * events read as erased. Null when the worker failed (the caller decodes the batch itself: a changed byte throws
   * there, where it would have).
   */
  private async openInWorker(events: RecordedEvent[], keys: Map<string, Buffer | null>): Promise<RecordedEvent[] | null> {
    const items: SealedItem[] = [];
    const slots: number[] = [];
    for (let i = 0; i < events.length; i++) {
      const event = events[i]!;
      const envelope = envelopeOf(event.data);
      const key = envelope && keys.get(envelope.subject);
      if (!envelope || !key || !specOf(event.type)) continue;
      items.push({ key, aad: aadOf(event.type, envelope.subject), sealed: envelope.sealed });
      slots.push(i);
    }
    if (items.length === 0) return null;
    this.opener ??= new BatchOpener();
    const values = await this.opener.open(items).catch(() => null);
    if (!values || values.length !== items.length) return null;
    const now = await this.keys.keysOf(new Set(items.map((_, j) => envelopeOf(events[slots[j]!]!.data)!.subject)));
    const out = events.map((event) => event);
    for (let j = 0; j < slots.length; j++) {
      const i = slots[j]!;
      const event = events[i]!;
      const stored = event.data as Data;
      const subject = envelopeOf(stored)!.subject;
      if (now.get(subject) !== items[j]!.key) {
        out[i] = this.decodeOne(event, now); // destroyed meanwhile: erased values, never the opened ones
        continue;
      }
      out[i] = { ...event, data: putValues(withoutEnvelope(stored), stored, values[j]!, specOf(event.type)!.byPath) };
    }
    for (let i = 0; i < events.length; i++) if (out[i] === events[i]) out[i] = this.decodeOne(events[i]!, keys);
    return out;
  }

  /** One event decoded on this thread: erased values without a key, else opened on first use. */
  private decodeOne(event: RecordedEvent, keys: Map<string, Buffer | null>): RecordedEvent {
    const envelope = envelopeOf(event.data);
    if (!envelope) return event;
    const spec = specOf(event.type);
    const paths = spec?.paths ?? [];
    const original = event.data as Data;
    const key = keys.get(envelope.subject);
    if (!key) {
      // Key destroyed (or never stored): every declared field reads as erased (no cryptography, so no need to wait).
      const values = Object.fromEntries(paths.map((p) => [p.path, event.type === 'ProfileUpdated' ? undefined : erased(p.erased, envelope.subject)]));
      return { ...event, data: putValues(withoutEnvelope(original), original, values, spec?.byPath) };
    }
    // Opened on first use: a reader that never touches a personal field (most subscribers: catalogue, stock, metrics,
    // refunds) pays no decryption. The key was taken now, so the event reads as it would have been read eagerly.
    if (!spec) {
      // A sealed event of a type no longer declared opens at once (which of its fields are personal is unknown).
      return { ...event, data: openInto(withoutEnvelope(original), original, event.type, envelope, key, undefined) };
    }
    const decoded: RecordedEvent = { ...event };
    const handler = new OpenOnUse(original, event.type, envelope, key, spec);
    decoded.data = handler.proxyFor(decoded);
    return decoded;
  }
}

const EMPTY: Data = Object.freeze({}) as Data;

/** A copy of `data` without its envelope (a loop: rest destructuring with a computed key copies more slowly). */
function withoutEnvelope(data: Data): Data {
  const rest: Data = {};
  for (const field in data) if (field !== ENVELOPE_KEY) rest[field] = data[field];
  return rest;
}

/** Opens the envelope and puts its values into `target` (a copy of `stored` without the envelope). */
function openInto(target: Data, stored: Data, type: string, envelope: PersonalEnvelope, key: Buffer, byPath: Map<string, FieldPath> | undefined): Data {
  const plain = openSealed(key, Buffer.from(envelope.sealed, 'base64'), aadOf(type, envelope.subject));
  return putValues(target, stored, JSON.parse(plain.toString('utf8')) as Record<string, unknown>, byPath);
}

/**
 * The proxy handler of a decoded event's data until its envelope is opened: fields that are not personal are read from
 * the stored data as they are; the first read of a personal field, of the list of keys (spreading, JSON.stringify,
 * Object.keys) or any write opens the envelope once, fills the proxy's target with the opened data and drops this
 * handler's traps (its prototype becomes Object.prototype), so from then on the proxy is its plain target. The stored
 * envelope is never visible. One object per event and no closures: cheap to make for events nobody opens.
 */
class OpenOnUse implements ProxyHandler<Data> {
  // Dropped once the envelope is opened (no trap reads them again): the stored copy, its ciphertext and the key do not
  // outlive the opening (less to keep for a replay's batches held while projectors run, and no key left behind).
  private stored: Data;
  private envelope: PersonalEnvelope | null;
  private key: Buffer | null;
  /** The decoded event and its proxy: once opened, the event's data becomes the plain target (no proxy on later reads). */
  private event: RecordedEvent | null = null;
  private proxy: Data | null = null;

  constructor(
    stored: Data,
    private readonly type: string,
    envelope: PersonalEnvelope,
    key: Buffer,
    private readonly spec: CompiledSpec,
  ) {
    this.stored = stored;
    this.envelope = envelope;
    this.key = key;
  }

  /** The proxy of `event`'s data; opening puts the plain data in its place. */
  proxyFor(event: RecordedEvent): Data {
    this.event = event;
    return (this.proxy = new Proxy<Data>({}, this));
  }

  private open(target: Data): Data {
    const stored = this.stored;
    for (const field in stored) if (field !== ENVELOPE_KEY) target[field] = stored[field]; // no delete: it would slow the object down
    openInto(target, stored, this.type, this.envelope!, this.key!, this.spec.byPath);
    Object.setPrototypeOf(this, Object.prototype); // no traps left: the proxy forwards everything to its target
    // Later reads through the event get the plain object: a proxy costs on every read even without traps (~3 µs per
    // spread, ~2 µs per JSON.stringify), and projectors read the same event again and again.
    if (this.event && this.event.data === this.proxy) this.event.data = target;
    this.stored = EMPTY;
    this.envelope = null;
    this.key = null;
    this.event = null;
    this.proxy = null;
    return target;
  }

  private personal(prop: string | symbol): boolean {
    return prop === ENVELOPE_KEY || (typeof prop === 'string' && this.spec.heads.has(prop));
  }

  get(target: Data, prop: string | symbol): unknown {
    return this.personal(prop) ? Reflect.get(this.open(target), prop) : Reflect.get(this.stored, prop);
  }

  has(target: Data, prop: string | symbol): boolean {
    return this.personal(prop) ? Reflect.has(this.open(target), prop) : Reflect.has(this.stored, prop);
  }

  ownKeys(target: Data): (string | symbol)[] {
    return Reflect.ownKeys(this.open(target));
  }

  getOwnPropertyDescriptor(target: Data, prop: string | symbol): PropertyDescriptor | undefined {
    return Reflect.getOwnPropertyDescriptor(this.open(target), prop);
  }

  set(target: Data, prop: string | symbol, value: unknown): boolean {
    return Reflect.set(this.open(target), prop, value);
  }

  defineProperty(target: Data, prop: string | symbol, descriptor: PropertyDescriptor): boolean {
    return Reflect.defineProperty(this.open(target), prop, descriptor);
  }

  deleteProperty(target: Data, prop: string | symbol): boolean {
    return Reflect.deleteProperty(this.open(target), prop);
  }
}

export function envelopeOf(data: unknown): PersonalEnvelope | null {
  if (!data || typeof data !== 'object') return null;
  const envelope = (data as Data)[ENVELOPE_KEY] as PersonalEnvelope | undefined;
  return envelope && typeof envelope.subject === 'string' && typeof envelope.sealed === 'string' ? envelope : null;
}
