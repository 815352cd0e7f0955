import { z } from 'zod';

/** The storefront's page sizes: one page of results, never the whole catalogue (see docs/decisions/0005-lists-at-scale.md). */
export const DEFAULT_PAGE_SIZE = 24;
export const MAX_PAGE_SIZE = 200;
export const MAX_SAMPLE = 12;
export const MAX_RELATED = 12;

/** The spec's price bands (web/src/features/products/filters.ts): min inclusive, max exclusive. */
export const PRICE_BANDS = {
  'under-500': [0, 500],
  '500-1000': [500, 1000],
  '1000-plus': [1000, Infinity],
  'under-1000': [0, 1000],
  '1000-2000': [1000, 2000],
  '2000-3000': [2000, 3000],
  '3000-plus': [3000, Infinity],
} as const satisfies Record<string, readonly [number, number]>;
export type PriceBand = keyof typeof PRICE_BANDS;
const BAND_NAMES = Object.keys(PRICE_BANDS) as [PriceBand, ...PriceBand[]];

export const SORT_ORDERS = ['featured', 'price-low', 'price-high', 'rating', 'newest'] as const;

const limitError = `limit must be between 1 and ${MAX_PAGE_SIZE}`;
const pageError = 'page must be a whole number from 1';

/** `GET /api/products`, `/api/products/category/{c}` and `/api/products/search`: filters, sort and one page. */
export const catalogueQuery = z.object({
  category: z.string().max(100).optional(),
  q: z.string().max(200, 'Search term is too long').optional(),
  priceRange: z.enum(BAND_NAMES, { error: `priceRange must be one of ${BAND_NAMES.join(', ')}` }).optional(),
  minPrice: z.coerce.number({ error: 'minPrice must be a number' }).min(0, 'minPrice must be a number').optional(),
  maxPrice: z.coerce.number({ error: 'maxPrice must be a number' }).min(0, 'maxPrice must be a number').optional(),
  /** `true`: only products that are new or on sale (the home page's featured block). */
  featured: z.enum(['true', 'false'], { error: 'featured must be true or false' }).optional(),
  sort: z.enum(SORT_ORDERS, { error: 'sort must be featured, price-low, price-high, rating or newest' }).optional(),
  page: z.coerce.number({ error: pageError }).int(pageError).min(1, pageError).max(1_000_000, pageError).default(1),
  limit: z.coerce.number({ error: limitError }).int(limitError).min(1, limitError).max(MAX_PAGE_SIZE, limitError).default(DEFAULT_PAGE_SIZE),
  /** Kept from the first paging contract; takes precedence over `page`. */
  offset: z.coerce.number({ error: 'offset must be a number' }).int('offset must be a number').min(0, 'offset must be a number').max(100_000_000).optional(),
  /** Cache buster some clients append; ignored. */
  t: z.string().optional(),
});
export type CatalogueQueryString = z.infer<typeof catalogueQuery>;

export const sampleQuery = z.object({
  category: z.string().max(100).optional(),
  count: z.coerce
    .number({ error: `count must be between 1 and ${MAX_SAMPLE}` })
    .int(`count must be between 1 and ${MAX_SAMPLE}`)
    .min(1, `count must be between 1 and ${MAX_SAMPLE}`)
    .max(MAX_SAMPLE, `count must be between 1 and ${MAX_SAMPLE}`)
    .default(3),
});

export const relatedQuery = z.object({
  limit: z.coerce
    .number({ error: `limit must be between 1 and ${MAX_RELATED}` })
    .int(`limit must be between 1 and ${MAX_RELATED}`)
    .min(1, `limit must be between 1 and ${MAX_RELATED}`)
    .max(MAX_RELATED, `limit must be between 1 and ${MAX_RELATED}`)
    .default(4),
});

export const productParams = z.object({ id: z.string().min(1).max(100) });
export const categoryParams = z.object({ category: z.string().min(1).max(100) });

/** A product as both apps receive it (storefront spec section 3; snake_case as the spec names the fields). */
export const productSchema = z.object({
  id: z.string(),
  name: z.string(),
  price: z.number(),
  original_price: z.number().nullable(),
  image: z.string(),
  images: z.array(z.string()),
  category: z.string(),
  is_new: z.boolean(),
  is_on_sale: z.boolean(),
  discount: z.number().nullable(),
  description: z.string(),
  in_stock: z.boolean(),
  stock_quantity: z.number().int(),
  rating: z.number(),
  reviews: z.number().int(),
  powerPoints: z.number().int(),
  /** GST: the product's HSN code and rate (%), null when its category's default applies. */
  hsn: z.string().nullable(),
  gst_rate: z.number().nullable(),
  /** A pre-order: paid online, shipped from `release_date` (YYYY-MM-DD, a day in India); false once that day begins. */
  is_preorder: z.boolean(),
  release_date: z.string().nullable(),
  created_at: z.string(),
  updated_at: z.string(),
});

const failure = z.object({ success: z.literal(false), error: z.string() });

export const productPage = z.object({
  success: z.literal(true),
  products: z.array(productSchema).max(MAX_PAGE_SIZE),
  /** How many products matched in all. */
  total: z.number().int(),
  page: z.number().int(),
  limit: z.number().int(),
  totalPages: z.number().int(),
  /** The page to ask for next, null on the last page. */
  nextPage: z.number().int().nullable(),
  /** Echoed when the request paged by `offset`. */
  offset: z.number().int().optional(),
  /**
   * Present (true) when `total` is an estimate: a broad search stops reading once its page is certain and estimates
   * the rest from what it read (two significant digits, never below what it counted). Absent: `total` is exact.
   */
  totalApproximate: z.literal(true).optional(),
});

export const listResponses = { 200: productPage, 400: failure };
export const categoryResponses = { 200: productPage.extend({ category: z.string() }), 400: failure };
export const searchResponses = { 200: productPage.extend({ query: z.string() }), 400: failure };
export const sampleResponses = { 200: z.object({ success: z.literal(true), products: z.array(productSchema).max(MAX_SAMPLE) }), 400: failure };
export const relatedResponses = { 200: z.object({ success: z.literal(true), products: z.array(productSchema).max(MAX_RELATED) }), 400: failure, 404: failure };
export const productResponses = { 200: z.object({ success: z.literal(true), product: productSchema }), 404: failure };
