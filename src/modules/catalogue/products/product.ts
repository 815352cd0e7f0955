import { ProductDetails, ProductEvent } from '../events.js';

export * from '../events.js';

export const CATEGORIES = ['Anime Figures', 'Keychains', 'Hot Wheels', 'Trending'] as const;
export type Category = (typeof CATEGORIES)[number];
/**
 * Categories the shop shows as "coming soon" (home tiles, footer): their products are managed by admins but neither
 * listed, found, shown nor sold to shoppers until the category opens (remove it from this list).
 */
export const COMING_SOON_CATEGORIES: readonly Category[] = ['Hot Wheels', 'Trending'];
const COMING_SOON = new Set(COMING_SOON_CATEGORIES.map((c) => c.toLowerCase()));
/** Whether products of this category may be listed and sold now (case-insensitive). */
export const categoryOnSale = (category: string): boolean => !COMING_SOON.has(category.trim().toLowerCase());
export const DEFAULT_POWER_POINTS = 50;

/** One stream per product; its stock lives in the inventory module's stream `inventory-{productId}`. */
export const productStream = (productId: string) => `product-${productId}`;

export type ProductState = { status: 'none' } | { status: 'listed'; productId: string; details: ProductDetails } | { status: 'removed'; productId: string };

export const initialProductState = (): ProductState => ({ status: 'none' });

/** A product's details before any form or import filled them (in stock, unrated, the default power points). */
export const blankProductDetails = (): ProductDetails => ({
  name: '',
  price: 0,
  originalPrice: null,
  image: '',
  images: [],
  category: '',
  isNew: false,
  isOnSale: false,
  discount: null,
  description: '',
  inStock: true,
  rating: 0,
  reviews: 0,
  powerPoints: DEFAULT_POWER_POINTS,
});

export function pickDetails(source: ProductDetails): ProductDetails {
  return {
    name: source.name,
    price: source.price,
    originalPrice: source.originalPrice,
    image: source.image,
    images: source.images,
    category: source.category,
    isNew: source.isNew,
    isOnSale: source.isOnSale,
    discount: source.discount,
    description: source.description,
    inStock: source.inStock,
    rating: source.rating,
    reviews: source.reviews,
    powerPoints: source.powerPoints,
    ...(source.hsn !== undefined ? { hsn: source.hsn } : {}),
    ...(source.gstRate !== undefined ? { gstRate: source.gstRate } : {}),
    ...(source.preorder ? { preorder: true as const } : {}),
    ...(source.preorder && source.releaseDate !== undefined ? { releaseDate: source.releaseDate } : {}),
  };
}

export function evolveProduct(state: ProductState, event: ProductEvent): ProductState {
  switch (event.type) {
    case 'ProductAdded':
    case 'ProductUpdated':
      return { status: 'listed', productId: event.data.productId, details: pickDetails(event.data) };
    case 'ProductRemoved':
      return { status: 'removed', productId: event.data.productId };
    default: {
      const exhaustive: never = event;
      return exhaustive;
    }
  }
}
