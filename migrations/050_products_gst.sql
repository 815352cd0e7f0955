-- GST classification of a product, owned by the catalogue projector: null means the category's default.
alter table products add column if not exists hsn text;
alter table products add column if not exists gst_rate numeric(5, 2);
