import type pg from 'pg';
import type { z } from 'zod';
import type { addressSchema, wishlistEntrySchema } from './schemas.js';

/** An address and a wishlist entry as the storefront reads them: the routes' response schemas (schemas.ts). */
export type AddressDto = z.infer<typeof addressSchema>;
export type WishlistEntryDto = z.infer<typeof wishlistEntrySchema>;

export interface ProductSummary {
  id: string;
  name: string;
}

export async function addressesOf(pool: pg.Pool, customerId: string): Promise<AddressDto[]> {
  const result = await pool.query(
    `select id, name, address, address_line2, landmark, city, state, pincode, phone, is_default, address_type, created_at, updated_at
       from customer_addresses where customer_id = $1 order by seq`,
    [customerId],
  );
  return result.rows.map((row) => ({
    ...row,
    created_at: (row.created_at as Date).toISOString(),
    updated_at: (row.updated_at as Date).toISOString(),
  })) as AddressDto[];
}

/** Wishlist entries joined with the catalogue read model; a product gone from the catalogue drops out. */
export async function wishlistOf(pool: pg.Pool, customerId: string): Promise<WishlistEntryDto[]> {
  const result = await pool.query<{
    product_id: string;
    name: string;
    image: string;
    category: string;
    price: string;
    in_stock: boolean;
    stock_quantity: number;
  }>(
    `select w.product_id, p.name, p.image, p.category, p.price::text as price, p.in_stock, p.stock_quantity
       from wishlist_items w join products p on p.id = w.product_id
      where w.customer_id = $1 order by w.seq`,
    [customerId],
  );
  return result.rows.map((row) => ({
    productId: row.product_id,
    name: row.name,
    image: row.image,
    category: row.category,
    price: Number(row.price),
    inStock: row.in_stock,
    stockQuantity: row.stock_quantity,
  }));
}
