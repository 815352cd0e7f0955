-- When an unpaid online order expired (OrderExpired): the storefront says so instead of a bare "Cancelled".
alter table orders add column if not exists expired_at timestamptz;
