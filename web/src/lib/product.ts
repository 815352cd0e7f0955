/** A product as the storefront displays it (spec section 3, normalised from the server's fields). */
export interface Product {
  id: string;
  name: string;
  price: number;
  originalPrice?: number;
  image: string;
  images: string[];
  category: string;
  isNew: boolean;
  isOnSale: boolean;
  discount?: number;
  description: string;
  inStock: boolean;
  stockQuantity?: number;
  rating: number;
  reviewsCount?: number;
  createdAt?: string;
  /** Sold before it exists: paid online, shipped from `releaseDate` (YYYY-MM-DD). */
  isPreorder?: boolean;
  releaseDate?: string;
}

export type RawProduct = Record<string, unknown>;

const num = (value: unknown): number | undefined => {
  if (value === null || value === undefined || value === '') return undefined;
  const n = typeof value === 'number' ? value : Number(value);
  return Number.isFinite(n) ? n : undefined;
};

export function normalizeProduct(raw: RawProduct): Product {
  const stockQuantity = num(raw.stock_quantity ?? raw.stockQuantity);
  const rawInStock = raw.in_stock ?? raw.inStock;
  const inStock = typeof rawInStock === 'boolean' ? rawInStock : stockQuantity !== undefined ? stockQuantity > 0 : true;
  const image = typeof raw.image === 'string' ? raw.image : '';
  const extra = Array.isArray(raw.images) ? raw.images.filter((i): i is string => typeof i === 'string' && !!i) : [];
  const images = [image, ...extra].filter((value, index, all) => !!value && all.indexOf(value) === index);
  const originalPrice = num(raw.original_price ?? raw.originalPrice);
  return {
    id: String(raw.id ?? ''),
    name: typeof raw.name === 'string' ? raw.name : '',
    price: num(raw.price) ?? 0,
    originalPrice: originalPrice && originalPrice > 0 ? originalPrice : undefined,
    image,
    images,
    category: typeof raw.category === 'string' ? raw.category : '',
    isNew: Boolean(raw.is_new ?? raw.isNew),
    isOnSale: Boolean(raw.is_on_sale ?? raw.isOnSale),
    discount: num(raw.discount) || undefined,
    description: typeof raw.description === 'string' ? raw.description : '',
    inStock,
    stockQuantity,
    rating: num(raw.rating) ?? 0,
    reviewsCount: num(raw.reviews_count ?? raw.reviewsCount ?? raw.reviews),
    createdAt: typeof raw.created_at === 'string' ? raw.created_at : typeof raw.createdAt === 'string' ? raw.createdAt : undefined,
    isPreorder: Boolean(raw.is_preorder ?? raw.isPreorder),
    releaseDate: typeof raw.release_date === 'string' ? raw.release_date : typeof raw.releaseDate === 'string' ? raw.releaseDate : undefined,
  };
}

/** The highest quantity a shopper may choose for a product: min(stock, 10), 10 when stock is unknown. */
export function maxQuantity(product: Pick<Product, 'stockQuantity'>): number {
  return product.stockQuantity === undefined ? 10 : Math.max(0, Math.min(product.stockQuantity, 10));
}
