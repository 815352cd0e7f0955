-- Courier updates find their order by its AWB (the order's tracking number).
create index if not exists orders_tracking_number on orders (tracking_number) where tracking_number is not null;
