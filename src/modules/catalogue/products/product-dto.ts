import { beforeRelease } from '../../../shared/preorder.js';

/** A product as both apps receive it (storefront spec section 3): rupees as numbers, snake_case as the spec reads it. */
export interface ProductDto {
  id: string;
  name: string;
  price: number;
  original_price: number | null;
  image: string;
  images: string[];
  category: string;
  is_new: boolean;
  is_on_sale: boolean;
  discount: number | null;
  description: string;
  in_stock: boolean;
  stock_quantity: number;
  rating: number;
  reviews: number;
  powerPoints: number;
  /** GST classification set on the product (null: its category's default applies, see src/modules/gst). */
  hsn: string | null;
  gst_rate: number | null;
  /** Pre-order until its release date begins in India (docs/decisions/0015-pre-orders.md). */
  is_preorder: boolean;
  release_date: string | null;
  created_at: string;
  updated_at: string;
}

export interface ProductRow {
  id: string;
  name: string;
  price: string;
  original_price: string | null;
  image: string;
  images: string[];
  category: string;
  is_new: boolean;
  is_on_sale: boolean;
  discount: string | null;
  description: string;
  in_stock: boolean;
  in_stock_flag: boolean;
  stock_quantity: number;
  rating: string;
  reviews_count: number;
  power_points: number;
  hsn?: string | null;
  gst_rate?: string | null;
  /** The release date of a pre-order (YYYY-MM-DD), null for any other product. */
  release_date?: string | null;
  created_at: Date;
  updated_at: Date;
}

export const PRODUCT_COLUMNS = `id, name, price::text, original_price::text, image, images, category, is_new, is_on_sale, discount::text,
  description, in_stock, in_stock_flag, stock_quantity, rating::text, reviews_count, power_points, hsn, gst_rate::text, release_date::text, created_at, updated_at`;

/**
 * A read-model row in the shape the in-memory catalogue stores it (ProductTable.put): times as epoch milliseconds,
 * `images` null when they are just [image] (or [] without an image). A ProductRow is one too (Dates, arrays).
 */
export interface CatalogueRow extends Omit<ProductRow, 'images' | 'in_stock_flag' | 'created_at' | 'updated_at'> {
  images: string[] | null;
  created_at: number | Date;
  updated_at: number | Date;
}

/**
 * The catalogue's columns (CatalogueRow): pg makes no Date per time and parses no images array in the usual case. The
 * milliseconds are floor(microseconds / 1000), exactly what pg's timestamptz parser (postgres-date) gave `getTime()`,
 * so created_at ties break as before. `in_stock_flag` is not read (in_stock already says it). The images test reads the
 * array's length and first element (the projector always writes an array): half of what sending it as text cost.
 */
export const CATALOGUE_COLUMNS = `id, name, price::text, original_price::text, image,
  case when jsonb_array_length(images) = 1 and images ->> 0 = image or (image = '' and images = '[]'::jsonb) then null else images end as images,
  category, is_new, is_on_sale, discount::text, description, in_stock, stock_quantity, rating::text, reviews_count, power_points, hsn,
  gst_rate::text, release_date::text, floor(extract(epoch from created_at) * 1000)::int8::float8 as created_at,
  floor(extract(epoch from updated_at) * 1000)::int8::float8 as updated_at`;

/** The pre-order fields of a product released on `releaseDate` (null: not a pre-order), as of `at`. */
export function preorderFields(releaseDate: string | null, at: Date = new Date()): { is_preorder: boolean; release_date: string | null } {
  return { is_preorder: releaseDate !== null && beforeRelease(releaseDate, at), release_date: releaseDate };
}

const num = (v: string | null) => (v === null ? null : Number(v));

export function toProductDto(row: ProductRow): ProductDto {
  return {
    id: row.id,
    name: row.name,
    price: Number(row.price),
    original_price: num(row.original_price),
    image: row.image,
    images: row.images,
    category: row.category,
    is_new: row.is_new,
    is_on_sale: row.is_on_sale,
    discount: num(row.discount),
    description: row.description,
    in_stock: row.in_stock,
    stock_quantity: row.stock_quantity,
    rating: Number(row.rating),
    reviews: row.reviews_count,
    powerPoints: row.power_points,
    hsn: row.hsn ?? null,
    gst_rate: num(row.gst_rate ?? null),
    ...preorderFields(row.release_date ?? null),
    created_at: row.created_at.toISOString(),
    updated_at: row.updated_at.toISOString(),
  };
}
