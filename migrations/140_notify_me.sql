-- 'Notify me when available' subscriptions (docs/decisions/0019-notify-me.md), owned by the notify-me projector: one
-- row per (product, shopper), waiting until they unsubscribe or are told; asking again after that makes it waiting again.
create table if not exists notify_me_subscriptions (
  product_id    text not null,
  customer_id   text not null,
  -- waiting | notified | unsubscribed
  state         text not null,
  subscribed_at timestamptz not null,
  changed_at    timestamptz not null,
  primary key (product_id, customer_id)
);
create index if not exists notify_me_subscriptions_customer on notify_me_subscriptions (customer_id, subscribed_at) where state = 'waiting';
create index if not exists notify_me_subscriptions_waiting on notify_me_subscriptions (product_id) where state = 'waiting';
