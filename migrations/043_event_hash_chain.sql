-- Tamper-evident log: every event carries a SHA-256 over its stream, version, id, type, data and metadata together
-- with the hash of the previous event of its stream (a hash chain per stream). The hash input is the jsonb text of
--   [prev_hash or '', stream_id, stream_version, event_id, type, data, metadata]
-- which src/core/event-hash.ts reproduces byte for byte (the EventStoreDB adapter and `npm run audit -- verify`).
alter table events add column if not exists prev_hash text;
alter table events add column if not exists hash text;

create or replace function event_hash(prev text, stream text, version integer, id uuid, type text, data jsonb, metadata jsonb)
returns text language sql immutable parallel safe as $$
  select encode(sha256(convert_to(jsonb_build_array(coalesce(prev, ''), stream, version, id::text, type, data, metadata)::text, 'UTF8')), 'hex')
$$;

-- Computed at append time, in the appending transaction. Rows inserted earlier by the same statement are visible here
-- (PostgreSQL runs row-level BEFORE triggers in insertion order), so a multi-event append chains within itself.
create or replace function events_hash_chain() returns trigger language plpgsql as $$
begin
  if new.stream_version = 0 then
    new.prev_hash := null;
  else
    select e.hash into new.prev_hash from events e where e.stream_id = new.stream_id and e.stream_version = new.stream_version - 1;
    if new.prev_hash is null then
      raise exception 'event % of stream % has no predecessor to chain to', new.stream_version, new.stream_id;
    end if;
  end if;
  -- event_hash() spelled out: a SQL function called from PL/pgSQL is not inlined and costs more than the hash itself.
  new.hash := encode(sha256(convert_to(jsonb_build_array(coalesce(new.prev_hash, ''), new.stream_id, new.stream_version, new.event_id::text, new.type, new.data, new.metadata)::text, 'UTF8')), 'hex');
  return new;
end $$;

-- Chain the events written before this migration, stream by stream (the append-only guard is lifted for this only).
alter table events disable trigger events_no_update;
do $$
declare
  r record;
  prev text := null;
  current_stream text := null;
begin
  for r in select global_position, stream_id, stream_version, event_id, type, data, metadata from events where hash is null order by stream_id, stream_version loop
    if current_stream is distinct from r.stream_id then
      current_stream := r.stream_id;
      prev := null;
    end if;
    update events set prev_hash = prev, hash = event_hash(prev, r.stream_id, r.stream_version, r.event_id, r.type, r.data, r.metadata)
     where global_position = r.global_position
     returning hash into prev;
  end loop;
end $$;
alter table events enable trigger events_no_update;
alter table events alter column hash set not null;

drop trigger if exists events_hash_chain on events;
create trigger events_hash_chain before insert on events for each row execute function events_hash_chain();

-- History only grows: TRUNCATE is refused like UPDATE and DELETE (events_no_update).
drop trigger if exists events_no_truncate on events;
create trigger events_no_truncate before truncate on events for each statement execute function events_append_only();
