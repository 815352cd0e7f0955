-- A read model's generation: a counter moved on in the same transaction as the rows whenever its projector applied
-- an event it handles (and by a replay, which empties the tables). Caches of what a read model shows (the server
-- render cache keys pages with the carousels' generation) read it on every instance, the ones that do not project too:
-- they learn it with the checkpoint. Events a projector does not handle move the checkpoint, never the generation.
alter table projection_checkpoints add column if not exists generation bigint not null default 0;
