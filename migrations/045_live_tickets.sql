-- Single-use tickets for the admin live feed (websocket): a browser cannot send an Authorization header on a
-- websocket, and a bearer token in the URL ends up in access logs. A ticket is valid ~30 s, once, on any instance
-- (no sticky sessions behind nginx), so it lives here; only its SHA-256 is stored. Not part of the event log.
create table if not exists live_tickets (
  ticket_hash     text primary key,
  customer_id     uuid        not null,
  session_id      text        not null,
  session_version integer     not null,
  expires_at      timestamptz not null
);
create index if not exists live_tickets_expires_at on live_tickets (expires_at);
