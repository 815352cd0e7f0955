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
  created_at: Date;
  updated_at: Date;
}

export const PRODUCT_COLUMNS = `id, name, price::text, original_price::text, image, images, category, is_new, is_on_sale, discount::text,
  description, in_stock, in_stock_flag, stock_quantity, rating::text, reviews_count, power_points, hsn, gst_rate::text, created_at, updated_at`;

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
    created_at: row.created_at.toISOString(),
    updated_at: row.updated_at.toISOString(),
  };
}
