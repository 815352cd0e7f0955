-- The buyer of each tax invoice in the invoices read model: an erasure blanks the recipient of that
-- customer's invoices (the seller's copy is kept in retained_invoices). Rows written before this take it from orders.
alter table invoices add column if not exists customer_id text;
update invoices i set customer_id = o.customer_id::text from orders o where i.customer_id is null and o.id::text = i.order_id;
create index if not exists invoices_customer on invoices (customer_id);
