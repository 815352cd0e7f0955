-- Coupons read model (owned by the coupons projector): one row per coupon, one per use.
create table if not exists coupons (
  code                  text primary key,
  kind                  text not null,
  value                 integer not null,
  min_order_paise       bigint not null default 0,
  starts_at             timestamptz,
  ends_at               timestamptz,
  max_uses              integer,
  max_uses_per_customer integer,
  categories            jsonb not null default '[]',
  product_ids           jsonb not null default '[]',
  first_order_only      boolean not null default false,
  paused                boolean not null default false,
  uses                  integer not null default 0,
  discount_paise        bigint not null default 0,
  created_at            timestamptz not null,
  updated_at            timestamptz not null
);
create index if not exists coupons_created_at on coupons (created_at desc, code);

create table if not exists coupon_uses (
  code           text not null,
  order_id       text not null,
  customer_id    text not null,
  discount_paise bigint not null,
  used_at        timestamptz not null,
  primary key (code, order_id)
);
create index if not exists coupon_uses_recent on coupon_uses (code, used_at desc);
