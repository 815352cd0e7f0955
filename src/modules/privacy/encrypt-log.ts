import { randomUUID } from 'node:crypto';
import type pg from 'pg';
import type { NewEvent } from '../../core/event-store.js';
import { anchorDigest, type ChainHead } from '../audit/index.js';
import { ENVELOPE_KEY, type PersonalDataCodec } from './codec.js';
import { logMigrationEvents } from './events.js';
import { personalEventTypes } from './personal-fields.js';

/** The stream where every one-time re-encryption of an older log is recorded. */
export const LOG_MIGRATION_STREAM = 'privacy-log-migrations';

/**
 * The PersonalDataLogEncrypted of the EventStoreDB copy (encrypt-esdb-log.ts), as this migration writes it: the heads
 * before under their new ids (an e-mail address hashed), the digest before over the heads as an older anchor saw them.
 */
export function logMigrationRecord(
  counts: { events: number; streams: number },
  before: { asStored: ChainHead[]; renamed: ChainHead[] },
  headsAfter: ChainHead[],
) {
  return logMigrationEvents.PersonalDataLogEncrypted.parse({
    ...counts,
    headsBefore: before.renamed,
    digestBefore: anchorDigest(before.asStored),
    digestAfter: anchorDigest(headsAfter),
    at: new Date().toISOString(),
  });
}

interface Row {
  global_position: string;
  stream_id: string;
  stream_version: number;
  type: string;
  data: Record<string, unknown>;
}

const EMAIL_STREAM = 'customer-email-%@%';

/**
 * One-time forward migration of a log written before personal data was encrypted (docs/personal-data.md). In one
 * transaction that holds off every append: each event of a personal type still in clear gets its personal fields
 * sealed with its shopper's key (and loses a legacy `passwordHash`), e-mail claim streams move to their keyed-hash
 * ids, every touched stream's hash chain is recomputed from its start by the same function the append trigger uses,
 * and a PersonalDataLogEncrypted event records the heads before and after. Anchors taken before it no longer match the
 * touched streams; the recorded heads explain why. Answers null when nothing was in clear.
 */
export async function encryptExistingLog(pool: pg.Pool, codec: PersonalDataCodec): Promise<{ events: number; streams: number } | null> {
  const types = personalEventTypes();
  const probe = await pool.query(
    `select 1 from events where (type = any($1::text[]) and not (data ? $2)) or stream_id like $3 or data ? 'passwordHash' limit 1`,
    [types, ENVELOPE_KEY, EMAIL_STREAM],
  );
  if (probe.rowCount === 0) return null;
  const client = await pool.connect();
  try {
    await client.query('begin');
    await client.query('lock table events in share row exclusive mode'); // appends wait; readers go on
    const { rows: candidates } = await client.query<Row>(
      `select global_position::text, stream_id, stream_version, type, data from events
        where (type = any($1::text[]) and not (data ? $2)) or stream_id like $3 or data ? 'passwordHash'
        order by stream_id, stream_version`,
      [types, ENVELOPE_KEY, EMAIL_STREAM],
    );
    // What each candidate becomes; one the codec cannot seal (no subject) and that has nothing else to change stays as is.
    const rows: (Row & { sealed: Record<string, unknown>; storedStream: string })[] = [];
    for (const row of candidates) {
      const { passwordHash: dropped, ...data } = row.data;
      // An invoice issued before the buyer's id was recorded in it takes the id from its order (the key that seals it).
      if (row.type === 'InvoiceIssued' && typeof data.customerId !== 'string') {
        const buyer = await client.query<{ id: string }>(
          `select data->>'customerId' as id from events where type = 'OrderPlaced' and data->>'orderId' = $1 limit 1`,
          [data.orderId],
        );
        if (buyer.rows[0]?.id) data.customerId = buyer.rows[0].id;
      }
      const plain: NewEvent = { type: row.type, data, metadata: { correlationId: 'log-migration', timestamp: new Date(0).toISOString() } };
      const [sealed] = data[ENVELOPE_KEY] ? [plain] : await codec.encode([plain]);
      const storedStream = codec.storedStreamId(row.stream_id);
      const changed = dropped !== undefined || storedStream !== row.stream_id || (sealed!.data as Record<string, unknown>)[ENVELOPE_KEY] !== data[ENVELOPE_KEY];
      if (changed) rows.push({ ...row, sealed: sealed!.data as Record<string, unknown>, storedStream });
    }
    if (rows.length === 0) {
      await client.query('rollback');
      return null;
    }
    const streams = [...new Set(rows.map((r) => r.stream_id))];
    const heads = await client.query<ChainHead>(
      `select distinct on (stream_id) stream_id as stream, stream_version as version, hash from events
        where stream_id = any($1::text[]) order by stream_id, stream_version desc`,
      [streams],
    );
    await client.query('alter table events disable trigger events_no_update');
    const renamed = new Map<string, string>();
    for (const row of rows) {
      if (row.storedStream !== row.stream_id) renamed.set(row.stream_id, row.storedStream);
      await client.query('update events set data = $2, stream_id = $3 where global_position = $1', [
        row.global_position,
        JSON.stringify(row.sealed),
        row.storedStream,
      ]);
    }
    const touched = streams.map((s) => renamed.get(s) ?? s);
    await client.query('create temporary table privacy_touched_streams (stream_id text primary key) on commit drop');
    await client.query('insert into privacy_touched_streams select unnest($1::text[])', [touched]);
    // Every touched stream's chain, recomputed from version 0 with the append trigger's own function (migration 043).
    await client.query(`do $$
      declare r record; prev text := null; current_stream text := null;
      begin
        for r in select e.global_position, e.stream_id, e.stream_version, e.event_id, e.type, e.data, e.metadata
                   from events e join privacy_touched_streams t using (stream_id) order by e.stream_id, e.stream_version loop
          if current_stream is distinct from r.stream_id then current_stream := r.stream_id; prev := null; end if;
          update events set prev_hash = prev, hash = event_hash(prev, r.stream_id, r.stream_version, r.event_id, r.type, r.data, r.metadata)
           where global_position = r.global_position returning hash into prev;
        end loop;
      end $$`);
    await client.query('alter table events enable trigger events_no_update');
    const after = await client.query<ChainHead>(
      `select distinct on (stream_id) stream_id as stream, stream_version as version, hash from events
        where stream_id = any($1::text[]) order by stream_id, stream_version desc`,
      [touched],
    );
    // The heads before are recorded with their stream ids as they were, e-mail addresses excepted (hashed like the streams).
    const headsBefore = heads.rows.map((h) => ({ ...h, stream: renamed.get(h.stream) ?? h.stream }));
    const record = {
      events: rows.length,
      streams: streams.length,
      headsBefore,
      digestBefore: anchorDigest(heads.rows),
      digestAfter: anchorDigest(after.rows),
      at: new Date().toISOString(),
    };
    logMigrationEvents.PersonalDataLogEncrypted.parse(record);
    const version = await client.query<{ v: number }>('select coalesce(max(stream_version), -1)::int as v from events where stream_id = $1', [
      LOG_MIGRATION_STREAM,
    ]);
    await client.query(
      `insert into events (stream_id, stream_version, event_id, type, data, metadata) values ($1, $2, $3, 'PersonalDataLogEncrypted', $4, $5)`,
      [
        LOG_MIGRATION_STREAM,
        version.rows[0]!.v + 1,
        randomUUID(),
        JSON.stringify(record),
        JSON.stringify({ correlationId: randomUUID(), userId: 'system', timestamp: record.at }),
      ],
    );
    await client.query('commit');
    return { events: rows.length, streams: streams.length };
  } catch (error) {
    await client.query('rollback').catch(() => undefined);
    throw error;
  } finally {
    client.release();
  }
}
