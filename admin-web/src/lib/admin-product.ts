import { num } from '@kit/format';

export type AdminProduct = {
  id: string;
  name: string;
  category: string;
  price: number;
  originalPrice: number | null;
  stock_quantity: number;
  image: string;
  images: string[];
  description: string;
  powerPoints: number;
  inStock: boolean;
  /** GST: the product's own HSN code and rate (%); null takes its category's default. */
  hsn: string | null;
  gstRate: number | null;
  /** A pre-order not yet released, and its release date (YYYY-MM-DD). */
  isPreorder: boolean;
  releaseDate: string | null;
};

export function toAdminProduct(raw: Record<string, any>): AdminProduct {
  const images: string[] = Array.isArray(raw.images) ? raw.images.filter((u: unknown): u is string => typeof u === 'string' && u.length > 0) : [];
  return {
    id: String(raw.id ?? raw._id ?? ''),
    name: typeof raw.name === 'string' ? raw.name : '',
    category: typeof raw.category === 'string' ? raw.category : '',
    price: num(raw.price),
    originalPrice: (raw.originalPrice ?? raw.original_price) ? num(raw.originalPrice ?? raw.original_price) : null,
    stock_quantity: num(raw.stock_quantity ?? raw.stockQuantity),
    image: typeof raw.image === 'string' ? raw.image : (images[0] ?? ''),
    images,
    description: typeof raw.description === 'string' ? raw.description : '',
    powerPoints: num(raw.powerPoints ?? raw.power_points, 50),
    inStock: Boolean(raw.inStock ?? raw.in_stock ?? num(raw.stock_quantity ?? raw.stockQuantity) > 0),
    hsn: typeof raw.hsn === 'string' && raw.hsn ? raw.hsn : null,
    gstRate: raw.gst_rate === null || raw.gst_rate === undefined ? null : num(raw.gst_rate),
    isPreorder: Boolean(raw.is_preorder ?? raw.isPreorder),
    releaseDate: typeof raw.release_date === 'string' ? raw.release_date : null,
  };
}

/** Valid only with a name, a price above 0 and a stock quantity above 0 (spec section 4). */
export const isValidProduct = (p: AdminProduct) => p.name.trim().length > 0 && p.price > 0 && p.stock_quantity > 0;

export const CATEGORIES = ['Anime Figures', 'Keychains', 'Hot Wheels', 'Trending'] as const;

/** All the extra images beyond the main one, without duplicates of it. */
export function extraImages(p: AdminProduct): string[] {
  return p.images.filter((url, i) => !(i === 0 && url === p.image) && url !== p.image);
}
