-- Shoppers waiting to hear that a product can be bought (docs/decisions/0019-notify-me.md), owned by the notify-me
-- projector: a row per waiting (product, shopper), removed when they unsubscribe or are told.
create table if not exists notify_me_waiting (
  product_id    text not null,
  customer_id   text not null,
  subscribed_at timestamptz not null,
  primary key (product_id, customer_id)
);
create index if not exists notify_me_waiting_customer on notify_me_waiting (customer_id, subscribed_at);
