-- The outbox of messages to shoppers (docs/decisions/0011-messages.md), owned by the messages projector (which queues
-- rows) and the sender (which moves them on). One row per (causing event, kind): its id is derived from the pair.
create table if not exists message_outbox (
  id               uuid primary key,
  event_id         text not null,
  kind             text not null,
  event_type       text not null,
  stream_id        text not null,
  stream_version   integer not null,
  commit_pos       bigint not null,
  prepare_pos      bigint not null,
  -- when the causing event was recorded, and when it reached the outbox
  event_at         timestamptz not null,
  queued_at        timestamptz not null default now(),
  -- queued | sending | sent | failed | skipped
  state            text not null default 'queued',
  attempts         integer not null default 0,
  -- the next attempt is not before this
  due_at           timestamptz not null default now(),
  -- a 'sending' row belongs to its sender until then (a sender that died leaves it to be taken over)
  lease_until      timestamptz,
  -- the SMTP Message-ID, fixed before the first attempt
  message_id       text not null,
  -- filled in by the first attempt (compose); blanked by an erasure
  customer_id      text,
  recipient        text,
  subject          text,
  html             text,
  text_body        text,
  attachments      jsonb not null default '[]'::jsonb,
  eml_file         text,
  last_error       text,
  note             text,
  sent_at          timestamptz,
  erased_at        timestamptz,
  unique (event_id, kind),
  constraint message_outbox_state check (state in ('queued', 'sending', 'sent', 'failed', 'skipped'))
);
create index if not exists message_outbox_due on message_outbox (due_at) where state in ('queued', 'sending');
create index if not exists message_outbox_recent on message_outbox (queued_at desc, id desc);
create index if not exists message_outbox_customer on message_outbox (customer_id) where customer_id is not null;
-- Shoppers erased (PersonalDataErased, as the messages projector saw it): the sender never writes a composed message
-- for them, even one it composed from the log just before the erasure.
create table if not exists message_erased_customers (
  customer_id text primary key,
  erased_at   timestamptz not null
);
