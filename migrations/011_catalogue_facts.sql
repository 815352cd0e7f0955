-- Per-product facts the catalogue projector keeps apart from the products row (owned by the catalogue projector):
-- stock and review totals survive a product being removed and added again, and arrive in any order.
create table if not exists catalogue_product_facts (
  product_id     text primary key,
  stock_quantity integer not null default 0,
  rating_sum     integer not null default 0,
  rating_count   integer not null default 0
);

-- The review count as imported; reviews_count shows it until real reviews exist.
alter table products add column if not exists imported_reviews integer not null default 0;
