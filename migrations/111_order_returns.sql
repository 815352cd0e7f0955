-- Returns within 7 days of delivery: what an order's returns refunded (revenue is the total less this), and one row
-- per return for the shopper's order page and the admin's Returns view.
alter table orders add column if not exists returned_amount numeric(12, 2) not null default 0;

create table if not exists order_returns (
  return_id        text primary key,
  order_id         text not null,
  order_number     text not null,
  customer_id      uuid not null,
  status           text not null,
  items            jsonb not null,
  reason           text not null,
  refund_to        text not null,
  upi_id           text,
  refund_amount    numeric(12, 2) not null,
  refunded_amount  numeric(12, 2) not null default 0,
  pickup_awb       text,
  courier          text,
  rejection_reason text,
  received_items   jsonb,
  requested_at     timestamptz not null,
  updated_at       timestamptz not null
);
create index if not exists order_returns_by_status on order_returns (status, requested_at desc, return_id);
create index if not exists order_returns_by_order on order_returns (order_id, requested_at);
