-- Whether a cash-on-delivery order was placed by a new account (unverified, or opened days ago): what new accounts
-- hold of a product together is summed over these (docs/decisions/0018-cod-holds.md).
alter table orders add column if not exists cod_new_account boolean not null default false;
create index if not exists orders_open_cod_new_account on orders (status) where cod_new_account;
