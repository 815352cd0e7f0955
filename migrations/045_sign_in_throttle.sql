-- Failed sign-in attempts per account (e-mail) and per client address, shared by every API instance on this database
-- (README, "Limits"). Operational state, not history: rows are forgotten once their window is over, and dropping the
-- table only forgives pending delays.
create table if not exists sign_in_throttle (
  key               text        primary key,
  failures          integer     not null,
  window_started_at timestamptz not null,
  blocked_until     timestamptz not null,
  expires_at        timestamptz not null
);
create index if not exists sign_in_throttle_expires_at on sign_in_throttle (expires_at);
