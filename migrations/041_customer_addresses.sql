-- Saved delivery addresses (owned by the addresses projector, from the addressbook-{customerId} streams).
create table if not exists customer_addresses (
  id            uuid primary key,
  customer_id   uuid not null,
  -- version of the AddressAdded event in its stream: the order the shopper added them in
  seq           integer not null,
  name          text not null,
  address       text not null,
  address_line2 text not null default '',
  landmark      text not null default '',
  city          text not null,
  state         text not null,
  pincode       text not null,
  phone         text not null default '',
  address_type  text not null default 'Home',
  is_default    boolean not null default false,
  created_at    timestamptz not null,
  updated_at    timestamptz not null
);
create index if not exists customer_addresses_customer on customer_addresses (customer_id, seq);
-- At most one default per customer, whatever a projector bug might try.
create unique index if not exists customer_addresses_one_default on customer_addresses (customer_id) where is_default;
