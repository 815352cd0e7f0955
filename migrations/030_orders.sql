-- Orders read model (owned by the orders projector).
create table if not exists orders (
  id                 text primary key,
  order_number       text not null,
  customer_id        uuid not null,
  customer_name      text not null default '',
  customer_email     text not null default '',
  status             text not null,
  payment_status     text not null,
  payment_method     text not null,
  subtotal           numeric(12, 2) not null,
  shipping           numeric(12, 2) not null,
  total_amount       numeric(12, 2) not null,
  shipping_address   jsonb not null,
  razorpay_order_id  text,
  razorpay_payment_id text,
  tracking_number    text,
  estimated_delivery timestamptz,
  actual_delivery    timestamptz,
  created_at         timestamptz not null,
  updated_at         timestamptz not null
);
create index if not exists orders_customer on orders (customer_id, created_at desc);
create index if not exists orders_created_at on orders (created_at desc);
create index if not exists orders_status on orders (status);

create table if not exists order_items (
  order_id   text not null references orders (id) on delete cascade,
  line_no    integer not null,
  product_id text not null,
  name       text not null,
  image      text not null default '',
  category   text not null default '',
  price      numeric(12, 2) not null,
  quantity   integer not null,
  primary key (order_id, line_no)
);
create index if not exists order_items_product on order_items (product_id);
