import { createHmac } from 'node:crypto';
import type { EventDataCodec } from '../../core/event-codec.js';
import type { NewEvent, RecordedEvent } from '../../core/event-store.js';
import { open, seal } from './cipher.js';
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

type Data = Record<string, unknown>;

function getPath(data: Data, path: string): unknown {
  const [head, tail] = path.split('.', 2) as [string, string | undefined];
  if (tail === undefined) return data[head];
  const inner = data[head];
  return inner && typeof inner === 'object' ? (inner as Data)[tail] : undefined;
}

/** Copies `data` without the given paths (nested objects copied, never mutated). */
function withoutPaths(data: Data, paths: string[]): Data {
  const copy: Data = { ...data };
  for (const path of paths) {
    const [head, tail] = path.split('.', 2) as [string, string | undefined];
    if (tail === undefined) delete copy[head];
    else if (copy[head] && typeof copy[head] === 'object') {
      const inner = { ...(copy[head] as Data) };
      delete inner[tail];
      copy[head] = inner;
    }
  }
  return copy;
}

function withValues(data: Data, values: Record<string, unknown>): Data {
  const copy: Data = { ...data };
  for (const [path, value] of Object.entries(values)) {
    const [head, tail] = path.split('.', 2) as [string, string | undefined];
    if (tail === undefined) copy[head] = value;
    else copy[head] = { ...((copy[head] as Data | undefined) ?? {}), [tail]: value };
  }
  return copy;
}

const aadOf = (type: string, subject: string) => `${type}:${subject}`;
const erased = (value: ErasedValue, subject: string) => (typeof value === 'function' ? value(subject) : value);

/**
 * The event store's codec for personal data (issue 21): on append, the personal fields of the event types declared in
 * personal-fields.ts leave `data` and are stored sealed (AES-256-GCM) with the subject's key under `data.personal`, so
 * the `events` rows and their hash chain hold ciphertext only; on read they are put back. Once the subject's key is
 * destroyed (erasure) they read as the declared erased values ("Erased customer"), on every read and every replay.
 * An e-mail claim stream (`customer-email-<address>`) is stored as `customer-email-<HMAC-SHA256(index key, address)>`:
 * sign-in and uniqueness look it up by the same keyed hash, and the address is in no stream id.
 */
export class PersonalDataCodec implements EventDataCodec {
  private constructor(
    private readonly keys: SubjectKeyStore,
    private readonly emailIndexKey: Buffer,
  ) {}

  static async create(keys: SubjectKeyStore): Promise<PersonalDataCodec> {
    return new PersonalDataCodec(keys, await keys.keyFor(EMAIL_INDEX_SUBJECT));
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

  async encode(events: NewEvent[]): Promise<NewEvent[]> {
    const out: NewEvent[] = [];
    for (const event of events) {
      const spec = personalFieldsOf(event.type);
      const data = event.data as Data;
      if (!spec || !data || typeof data !== 'object') {
        out.push(event);
        continue;
      }
      const subject = spec.subject(data);
      const values: Record<string, unknown> = {};
      for (const path of Object.keys(spec.fields)) {
        const value = getPath(data, path);
        if (value !== undefined) values[path] = value;
      }
      const paths = Object.keys(values);
      if (!subject || paths.length === 0) {
        out.push(event);
        continue;
      }
      const key = await this.keys.keyFor(subject);
      const sealed = seal(key, Buffer.from(JSON.stringify(values), 'utf8'), aadOf(event.type, subject)).toString('base64');
      const envelope: PersonalEnvelope = { subject, sealed };
      out.push({ ...event, data: { ...withoutPaths(data, paths), [ENVELOPE_KEY]: envelope } });
    }
    return out;
  }

  async decode(events: RecordedEvent[]): Promise<RecordedEvent[]> {
    // An erasure written by another instance: its cached key must not outlive the event.
    for (const event of events) {
      if (event.type === ERASURE_EVENT) {
        const subject = (event.data as Data).customerId;
        if (typeof subject === 'string') this.keys.forget(subject);
      }
    }
    const subjects = new Set<string>();
    for (const event of events) {
      const envelope = envelopeOf(event.data);
      if (envelope) subjects.add(envelope.subject);
    }
    if (subjects.size === 0) return events;
    const keys = await this.keys.keysOf(subjects);
    return events.map((event) => {
      const envelope = envelopeOf(event.data);
      if (!envelope) return event;
      const spec = personalFieldsOf(event.type);
      const rest = withoutPaths(event.data as Data, [ENVELOPE_KEY]);
      const key = keys.get(envelope.subject);
      let values: Record<string, unknown>;
      if (key) {
        values = JSON.parse(open(key, Buffer.from(envelope.sealed, 'base64'), aadOf(event.type, envelope.subject)).toString('utf8')) as Record<string, unknown>;
      } else {
        // Key destroyed (or never stored): every declared field reads as erased.
        values = Object.fromEntries(Object.entries(spec?.fields ?? {}).map(([path, value]) => [path, erased(value, envelope.subject)]));
        if (event.type === 'ProfileUpdated') for (const path of Object.keys(values)) values[path] = undefined;
      }
      return { ...event, data: withValues(rest, values) };
    });
  }
}

export function envelopeOf(data: unknown): PersonalEnvelope | null {
  if (!data || typeof data !== 'object') return null;
  const envelope = (data as Data)[ENVELOPE_KEY] as PersonalEnvelope | undefined;
  return envelope && typeof envelope.subject === 'string' && typeof envelope.sealed === 'string' ? envelope : null;
}
