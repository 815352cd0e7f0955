import { createHash } from 'node:crypto';

/**
 * The hash chain of the event log (docs/decisions/0007-hash-chain.md; migrations/043_event_hash_chain.sql computes the
 * same in PostgreSQL):
 * hash = sha256 hex of the jsonb text of [prevHash or '', streamId, version, eventId, type, data, metadata].
 */
export interface ChainedEventContent {
  prevHash: string | null;
  streamId: string;
  version: number;
  eventId: string;
  type: string;
  data: unknown;
  metadata: unknown;
}

/** Hash of an event whose data and metadata are given as values (canonicalised like PostgreSQL's jsonb). */
export function eventHash(event: ChainedEventContent): string {
  return eventHashFromText({ ...event, dataText: jsonbText(event.data), metadataText: jsonbText(event.metadata) });
}

/** Hash of an event whose data and metadata are already jsonb text (as `data::text` returns them). */
export function eventHashFromText(event: Omit<ChainedEventContent, 'data' | 'metadata'> & { dataText: string; metadataText: string }): string {
  const text = `[${jsonbText(event.prevHash ?? '')}, ${jsonbText(event.streamId)}, ${event.version}, ${jsonbText(event.eventId)}, ${jsonbText(event.type)}, ${event.dataText}, ${event.metadataText}]`;
  return createHash('sha256').update(text, 'utf8').digest('hex');
}

const utf8Length = (s: string) => Buffer.byteLength(s, 'utf8');

/** jsonb orders object keys by byte length, then bytewise. */
function compareJsonbKeys(a: string, b: string): number {
  const la = utf8Length(a);
  const lb = utf8Length(b);
  if (la !== lb) return la - lb;
  return Buffer.compare(Buffer.from(a, 'utf8'), Buffer.from(b, 'utf8'));
}

/** PostgreSQL's numeric text for a JSON number: plain decimal notation, never an exponent. */
function numberText(n: number): string {
  if (!Number.isFinite(n)) return 'null';
  const s = String(n);
  if (!/e/i.test(s)) return s;
  const [mantissa, exponentText] = s.toLowerCase().split('e') as [string, string];
  const exponent = Number(exponentText);
  const negative = mantissa.startsWith('-');
  const [whole, fraction = ''] = mantissa.replace('-', '').split('.') as [string, string?];
  const digits = whole + fraction;
  // JavaScript writes an exponent only below 1e-6 (exponent ≤ -7) or from 1e21 (exponent ≥ 21, at most 17 digits): the
  // point falls either before every digit or after all of them, never between two.
  const out = exponent < 0 ? `0.${'0'.repeat(-exponent - whole.length)}${digits}` : digits + '0'.repeat(whole.length + exponent - digits.length);
  return (negative ? '-' : '') + out;
}

/**
 * The text PostgreSQL prints for a value stored as jsonb: keys sorted (by length, then bytes), ', ' and ': ' as
 * separators, strings escaped as JSON.stringify does (both escape only '"', '\\' and control characters).
 */
export function jsonbText(value: unknown): string {
  if (value === null || value === undefined) return 'null';
  if (typeof value === 'string') return JSON.stringify(value);
  if (typeof value === 'number') return numberText(value);
  if (typeof value === 'boolean') return value ? 'true' : 'false';
  if (typeof value === 'bigint') return value.toString();
  // An undefined or function element prints 'null', as JSON.stringify does (the last line below).
  if (Array.isArray(value)) return `[${value.map((v) => jsonbText(v)).join(', ')}]`;
  if (typeof (value as { toJSON?: unknown }).toJSON === 'function') return jsonbText((value as { toJSON: () => unknown }).toJSON());
  if (typeof value === 'object') {
    const entries = Object.entries(value as Record<string, unknown>).filter(([, v]) => v !== undefined && typeof v !== 'function');
    entries.sort(([a], [b]) => compareJsonbKeys(a, b));
    return `{${entries.map(([k, v]) => `${JSON.stringify(k)}: ${jsonbText(v)}`).join(', ')}}`;
  }
  return 'null';
}
