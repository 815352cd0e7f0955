import { randomUUID } from 'node:crypto';
import { START, comparePositions, type GlobalPosition, type NewEvent, type RecordedEvent } from '../../core/event-store.js';
import type { EventStoreDbEventStore } from '../../event-store/eventstoredb.js';
import type { StreamHead as ChainHead } from '../../core/event-store.js';
import { ENVELOPE_KEY, type PersonalDataCodec } from '../../modules/privacy/codec.js';
import { LOG_MIGRATION_STREAM, logMigrationRecord } from '../../modules/privacy/encrypt-log.js';
import { personalFieldsOf } from '../../modules/privacy/personal-fields.js';

type Data = Record<string, unknown>;

export interface EsdbLogCopy {
  /** Events copied (all of the source's user events). */
  copied: number;
  /** Events whose stored form changed (sealed, password hash dropped, or moved to a hashed e-mail stream). */
  events: number;
  /** Streams holding such an event. */
  streams: number;
}

/**
 * EventStoreDB's answer to the PostgreSQL forward migration (encrypt-log.ts). Its log cannot be updated in place, so
 * an older log is copied, in log order, into a new, empty database: every event keeps its stream version, id, type
 * and metadata (its original time is in metadata.timestamp; the server stamps the copy); an event of a personal type
 * still in clear has its personal fields sealed with its shopper's key (a shopper already erased: with a key thrown
 * away, so it reads as erased), a legacy `passwordHash` is dropped, an e-mail claim stream moves to its keyed-hash id,
 * and every chain is computed again by the target adapter over the stored bytes (a stream nothing changed in gets the
 * same hashes). A PersonalDataLogEncrypted event records the heads of the changed streams before and after, with their
 * digests. `source` and `target` are adapters without a codec (they read and write the stored form); the operator then
 * points EVENTSTORE_URL at the target and retires the source (docs/personal-data.md).
 */
export async function copyEsdbLogEncrypted(source: EventStoreDbEventStore, target: EventStoreDbEventStore, codec: PersonalDataCodec): Promise<EsdbLogCopy> {
  if (comparePositions(await target.headPosition(), START) !== 0) throw new Error('The target EventStoreDB already holds events: copy into an empty database');
  const buyers = new Map<string, string>(); // order id -> customer id, from OrderPlaced (an older InvoiceIssued lacks it)
  const changedStreams = new Map<string, string>(); // stored id in the copy -> id in the source, of streams that change
  let copied = 0;
  let changed = 0;
  let position: GlobalPosition = START;
  for (;;) {
    const batch = await source.readAll(position, 500);
    if (batch.length === 0) break;
    for (const event of batch) {
      const { stream, data, dirty } = await migrated(event, codec, buyers);
      if (dirty) {
        changed++;
        changedStreams.set(stream, event.streamId);
      }
      await target.appendStored(stream, [{ id: event.id, type: event.type, data, metadata: event.metadata }], {
        expectedVersion: event.streamVersion === 0 ? 'no_stream' : event.streamVersion - 1,
      });
      copied++;
    }
    position = batch[batch.length - 1]!.position;
  }
  if (changed === 0) return { copied, events: 0, streams: 0 };
  // Heads of every changed stream in the source and in the copy, under the copy's ids (an e-mail address hashed).
  const streams = [...changedStreams.keys()].sort();
  const finalHeads = await headsOf(source, streams, (stream) => changedStreams.get(stream)!);
  const after = await headsOf(target, streams, (stream) => stream);
  // The digest before is over the heads as an anchor of the old log saw them (their old ids), as on PostgreSQL.
  const asStored = finalHeads
    .map((h) => ({ ...h, stream: changedStreams.get(h.stream)! }))
    .sort((a, b) => (a.stream < b.stream ? -1 : a.stream > b.stream ? 1 : 0));
  const record = logMigrationRecord({ events: changed, streams: finalHeads.length }, { asStored, renamed: finalHeads }, after);
  await target.appendStored(
    LOG_MIGRATION_STREAM,
    [{ type: 'PersonalDataLogEncrypted', data: record, metadata: { correlationId: randomUUID(), userId: 'system', timestamp: record.at } }],
    { expectedVersion: 'any' },
  );
  return { copied, events: changed, streams: finalHeads.length };
}

/** What one stored event becomes in the copy. */
async function migrated(event: RecordedEvent, codec: PersonalDataCodec, buyers: Map<string, string>): Promise<{ stream: string; data: Data; dirty: boolean }> {
  const stored = event.data as Data;
  const { passwordHash: dropped, ...data } = stored;
  if (event.type === 'OrderPlaced' && typeof data.orderId === 'string' && typeof data.customerId === 'string') buyers.set(data.orderId, data.customerId);
  if (event.type === 'InvoiceIssued' && typeof data.customerId !== 'string' && typeof data.orderId === 'string' && buyers.has(data.orderId))
    data.customerId = buyers.get(data.orderId);
  let sealedData: Data = data;
  if (personalFieldsOf(event.type) && !data[ENVELOPE_KEY]) {
    const plain: NewEvent = { type: event.type, data, metadata: event.metadata };
    sealedData = (await codec.encodeOrShred([plain]))[0]!.data as Data;
  }
  const stream = codec.storedStreamId(event.streamId);
  const dirty =
    dropped !== undefined || stream !== event.streamId || sealedData[ENVELOPE_KEY] !== stored[ENVELOPE_KEY] || data.customerId !== stored.customerId;
  return { stream, data: dirty ? sealedData : stored, dirty };
}

async function headsOf(store: EventStoreDbEventStore, streams: string[], idIn: (stream: string) => string): Promise<ChainHead[]> {
  const heads: ChainHead[] = [];
  for (const stream of streams) {
    const last = (await store.readStream(idIn(stream))).at(-1);
    if (last) heads.push({ stream, version: last.streamVersion, hash: last.hash ?? '' });
  }
  return heads;
}
