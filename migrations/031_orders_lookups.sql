-- Orders read model lookups: payments find their order by the provider's order id; order numbers are unique.
create index if not exists orders_razorpay_order on orders (razorpay_order_id) where razorpay_order_id is not null;
create unique index if not exists orders_order_number_unique on orders (order_number);
create index if not exists orders_payment_pending on orders (created_at) where payment_method = 'razorpay' and status in ('pending', 'placed');
