-- Catalogue read model (owned by the catalogue projector). Orders price from it; the admin lists it.
create table if not exists products (
  id             text primary key,
  name           text not null default '',
  price          numeric(12, 2) not null default 0,
  original_price numeric(12, 2),
  image          text not null default '',
  images         jsonb not null default '[]',
  category       text not null default '',
  is_new         boolean not null default false,
  is_on_sale     boolean not null default false,
  discount       numeric(5, 2),
  description    text not null default '',
  in_stock       boolean not null default false,
  -- false when an admin switched the product off regardless of stock
  in_stock_flag  boolean not null default true,
  stock_quantity integer not null default 0,
  rating         numeric(3, 2) not null default 0,
  imported_rating numeric(3, 2) not null default 0,
  reviews_count  integer not null default 0,
  rating_sum     integer not null default 0,
  rating_count   integer not null default 0,
  power_points   integer not null default 50,
  created_at     timestamptz not null,
  updated_at     timestamptz not null
);
create index if not exists products_category on products (category);
create index if not exists products_created_at on products (created_at desc);
