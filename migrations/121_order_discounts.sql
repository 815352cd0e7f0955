-- Orders read model: the coupon's discount on an order and each line's share of it (zero without a coupon).
alter table orders add column if not exists discount numeric(12, 2) not null default 0;
alter table orders add column if not exists coupon_code text;
alter table order_items add column if not exists discount numeric(12, 2) not null default 0;
