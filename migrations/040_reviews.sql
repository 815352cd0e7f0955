-- Product reviews read model (owned by the reviews projector).
create table if not exists product_reviews (
  id         uuid primary key,
  product_id text not null,
  user_id    uuid not null,
  user_name  text not null,
  order_id   text,
  rating     integer not null check (rating between 1 and 5),
  comment    text not null,
  created_at timestamptz not null,
  updated_at timestamptz not null,
  unique (product_id, user_id)
);
create index if not exists product_reviews_product on product_reviews (product_id, created_at desc);
