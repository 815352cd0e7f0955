-- A cash-on-delivery return's refund paid out to the shopper's UPI id: its state (pending, paid, failed; null for a
-- refund to the original payment), the provider's payout id once paid, and the reason of the last failure.
alter table order_returns add column if not exists payout_status text;
alter table order_returns add column if not exists payout_reference text;
alter table order_returns add column if not exists payout_reason text;
