create table if not exists customers (
  id         uuid primary key,
  email      text not null,
  full_name  text not null,
  phone      text not null default '',
  address    text not null default '',
  city       text not null default '',
  state      text not null default '',
  pincode    text not null default '',
  role       text not null default 'customer',
  created_at timestamptz not null,
  updated_at timestamptz not null
);
create index if not exists customers_email on customers (lower(email));
create index if not exists customers_created_at on customers (created_at desc);
