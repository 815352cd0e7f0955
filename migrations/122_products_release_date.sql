-- The release date of a pre-order product, owned by the catalogue projector: null for any product that is not one.
alter table products add column if not exists release_date date;
