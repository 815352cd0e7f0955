-- Snapshots of decider state for long streams (a popular product's inventory stream holds every reservation ever
-- made): the state folded from events 0..version, so a command reads only the events after it. A cache derived
-- from the immutable log: dropping the table loses nothing. `kind` names the state's shape (e.g. 'inventory-v1');
-- a snapshot of another kind is ignored.
create table if not exists stream_snapshots (
  stream_id  text primary key,
  kind       text        not null,
  version    integer     not null,
  state      jsonb       not null,
  updated_at timestamptz not null default now()
);
