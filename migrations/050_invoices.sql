-- GST documents read model, owned by the invoices projector: one row per tax invoice or credit note, the
-- event's data kept whole so an invoice is rebuilt from its row byte for byte.
create table if not exists invoices (
  document_number text primary key,
  -- 'invoice' or 'credit-note'
  kind            text not null,
  financial_year  text not null,
  -- the invoice itself, or the invoice a credit note reverses
  invoice_number  text not null,
  order_id        text not null,
  order_number    text not null,
  issued_at       timestamptz not null,
  -- GSTR-1 tax period (calendar month in India time), YYYY-MM
  tax_period      text not null,
  place_of_supply text not null,
  supply_type     text not null,
  taxable_paise   bigint not null,
  cgst_paise      bigint not null,
  sgst_paise      bigint not null,
  igst_paise      bigint not null,
  total_paise     bigint not null,
  document        jsonb not null
);
create index if not exists invoices_tax_period on invoices (tax_period, kind, document_number);
create index if not exists invoices_order on invoices (order_id);
