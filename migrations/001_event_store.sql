-- Append-only event log. Readers follow it in (transaction_id, global_position) order and only up to
-- the oldest in-flight transaction (pg_snapshot_xmin), so an event committed late is never skipped.
create table if not exists events (
  global_position bigserial primary key,
  transaction_id  xid8        not null default pg_current_xact_id(),
  stream_id       text        not null,
  stream_version  integer     not null,
  event_id        uuid        not null unique,
  type            text        not null,
  data            jsonb       not null,
  metadata        jsonb       not null,
  created_at      timestamptz not null default now(),
  constraint events_stream_version_unique unique (stream_id, stream_version)
);
create index if not exists events_tx_position on events (transaction_id, global_position);

-- Events are never updated or deleted.
create or replace function events_append_only() returns trigger language plpgsql as $$
begin
  raise exception 'events are append-only';
end $$;
drop trigger if exists events_no_update on events;
create trigger events_no_update before update or delete on events
  for each row execute function events_append_only();
