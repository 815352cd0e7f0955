-- One row per projector: the last (transaction id, position) it applied, written in the same
-- transaction as its read-model changes.
create table if not exists projection_checkpoints (
  name        text primary key,
  commit_pos  numeric(20) not null default 0,
  prepare_pos numeric(20) not null default 0,
  updated_at  timestamptz not null default now(),
  last_error  text
);
