-- Per-shopper data keys: each shopper's personal fields in the event log are encrypted (AES-256-GCM) with
-- their own key, kept here wrapped (encrypted) by the master key (DATA_KEY or DATA_DIR/data-key), never in the log.
-- Erasure destroys the key (wrapped_key null, erased_at set): the log's ciphertext stays, hash chains intact, unreadable.
-- subject_id is a customer id, or '~email-index' for the key of the e-mail blind index.
create table if not exists personal_data_keys (
  subject_id    text primary key,
  wrapped_key   bytea,
  master_key_id text,
  created_at    timestamptz not null default now(),
  erased_at     timestamptz,
  constraint personal_data_keys_erased check ((wrapped_key is null) = (erased_at is not null))
);
