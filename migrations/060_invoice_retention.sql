-- Tax invoices kept after their customer's personal data was erased: GST law (CGST Act s.36) keeps the
-- seller's copy for 72 months from the due date of the annual return of its financial year (31 December after the
-- year ends on 31 March). Copied here, with the buyer's name and address, at erasure; deleted once retain_until has
-- passed. Every read is written to retention_access_log.
create table if not exists retained_invoices (
  order_id     text primary key,
  order_number text        not null,
  customer_id  uuid        not null,
  invoice      jsonb       not null,
  invoice_date timestamptz not null,
  retain_until date        not null,
  stored_at    timestamptz not null default now()
);
create index if not exists retained_invoices_customer on retained_invoices (customer_id);
create index if not exists retained_invoices_retain_until on retained_invoices (retain_until);

create table if not exists retention_access_log (
  id          bigserial primary key,
  order_id    text        not null,
  action      text        not null check (action in ('stored', 'read', 'purged')),
  accessed_by text        not null,
  purpose     text        not null,
  at          timestamptz not null default now()
);
create index if not exists retention_access_log_order on retention_access_log (order_id, at);
