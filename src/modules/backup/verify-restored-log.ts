import type pg from 'pg';
import { BackupRefused } from './format.js';

/**
 * A restore copies the backup's events straight into `events`, recorded hashes included, with the append trigger that
 * would compute each hash (migrations/043_event_hash_chain.sql) switched off in the restoring transaction only; then
 * verifyChains recomputes every hash from the rows as stored, with the trigger's own expression, before anything
 * commits. One set-based pass instead of a trigger call, an index probe and a comparison per event.
 *
 * `alter table … disable trigger` is transactional and locks the table against other writers until commit: no other
 * session ever appends without the trigger, and a refusal (rollback) brings the trigger back with everything else.
 */
export async function withoutHashTrigger<T>(client: pg.PoolClient, load: () => Promise<T>): Promise<T> {
  await client.query('alter table events disable trigger events_hash_chain');
  const result = await load();
  await client.query('alter table events enable trigger events_hash_chain');
  return result;
}

interface BrokenLink {
  event_id: string;
  stream_id: string;
  stream_version: number;
  recorded: string;
  computed: string;
  prev_hash: string | null;
  predecessor: string | null;
  has_predecessor: boolean;
}

/**
 * Every event's hash, recomputed as the append trigger computes it (over the row as stored, chained to the stored hash
 * of its stream's previous event), must equal the hash the backup recorded; its recorded prev_hash must be that
 * predecessor's hash, and every event but a stream's first must have a predecessor. Refuses with the first event
 * (in log order) that fails, and why.
 */
export async function verifyChains(client: pg.PoolClient): Promise<void> {
  const { rows } = await client.query<BrokenLink>(
    `select * from (
       select e.global_position, e.event_id::text, e.stream_id, e.stream_version, e.hash as recorded, e.prev_hash,
              p.hash as predecessor, p.stream_id is not null as has_predecessor,
              encode(sha256(convert_to(jsonb_build_array(coalesce(p.hash, ''), e.stream_id, e.stream_version, e.event_id::text, e.type,
                e.data, e.metadata)::text, 'UTF8')), 'hex') as computed
         from events e
         left join events p on p.stream_id = e.stream_id and p.stream_version = e.stream_version - 1) c
      where c.computed <> c.recorded or c.prev_hash is distinct from c.predecessor or (c.stream_version <> 0 and not c.has_predecessor)
      order by c.global_position
      limit 1`,
  );
  const bad = rows[0];
  if (!bad) return;
  const which = `event ${bad.event_id} (stream ${bad.stream_id} version ${bad.stream_version})`;
  if (bad.stream_version !== 0 && !bad.has_predecessor) throw new BackupRefused(`${which} has no predecessor to chain to: the backup was edited`);
  if (bad.computed !== bad.recorded) {
    throw new BackupRefused(`${which} hashes to ${bad.computed} when restored, not to the ${bad.recorded} the backup recorded: the backup was edited`);
  }
  throw new BackupRefused(`${which} records ${bad.prev_hash} as its predecessor's hash, which is ${bad.predecessor}: the backup was edited`);
}

/** Every anchored head (staged in restore_heads) must be the last event of its stream, with the recorded hash. */
export async function checkAnchor(client: pg.PoolClient): Promise<void> {
  const { rows } = await client.query<{ stream: string; version: number }>(
    `select h.stream, h.version from restore_heads h
       left join events e on e.stream_id = h.stream and e.stream_version = h.version
      where e.hash is distinct from h.hash
         or exists (select 1 from events n where n.stream_id = h.stream and n.stream_version = h.version + 1)
      limit 1`,
  );
  const bad = rows[0];
  if (bad) throw new BackupRefused(`the anchor's head of stream ${bad.stream} (version ${bad.version}) does not match the restored log: the backup was edited`);
}
