-- Credentials live here, owned by the customers module, never in event payloads: the log is exported to auditors and
-- can never forget what it holds. One row per customer: the scrypt hash of the current password.
create table if not exists customer_credentials (
  customer_id   uuid primary key,
  password_hash text        not null,
  updated_at    timestamptz not null default now()
);

-- Logs written before this table carried the hash in CustomerRegistered / PasswordChanged: take each customer's
-- latest one from there (readers strip those keys; see README "Personal data").
insert into customer_credentials (customer_id, password_hash, updated_at)
select distinct on (stream_id) (data->>'customerId')::uuid, data->>'passwordHash', created_at
  from events
 where type in ('CustomerRegistered', 'PasswordChanged') and data ? 'passwordHash' and stream_id like 'customer-%'
 order by stream_id, stream_version desc
on conflict (customer_id) do nothing;
