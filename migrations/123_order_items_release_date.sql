-- A pre-order line's release date (the order ships from it), owned by the orders projector: null for any other line.
alter table order_items add column if not exists release_date date;
