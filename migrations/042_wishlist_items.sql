-- Server-side wishlists (owned by the wishlists projector, from the wishlist-{customerId} streams).
create table if not exists wishlist_items (
  customer_id uuid not null,
  product_id  text not null,
  -- version of the WishlistItemAdded event in its stream: the order the shopper added them in
  seq         integer not null,
  added_at    timestamptz not null,
  primary key (customer_id, product_id)
);
create index if not exists wishlist_items_product on wishlist_items (product_id);
