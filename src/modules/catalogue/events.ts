import { z } from 'zod';
import { registerEvents, type EventsOf } from '../../core/event-registry.js';

/**
 * The catalogue feature's events: their schemas (validated at append through the registry) and types, nothing else.
 * The write side folds them; the read side (projections/catalogue) imports only this file.
 */
/** Ids given in an import become stream names: keep them to a safe alphabet. */
export const PRODUCT_ID_PATTERN = /^[A-Za-z0-9][A-Za-z0-9_-]{0,63}$/;

const details = {
  name: z.string(),
  price: z.number().min(0),
  originalPrice: z.number().min(0).nullable(),
  image: z.string(),
  images: z.array(z.string()),
  category: z.string(),
  isNew: z.boolean(),
  isOnSale: z.boolean(),
  discount: z.number().min(0).max(100).nullable(),
  description: z.string(),
  /** The admin's switch: false takes the product off sale whatever the stock. */
  inStock: z.boolean(),
  /** Rating and review count as imported; the reviews feature supersedes the rating once reviews exist. */
  rating: z.number().min(0).max(5),
  reviews: z.number().int().min(0),
  powerPoints: z.number().int(),
  /** GST classification: HSN code and rate in percent; absent means the category's default. */
  hsn: z
    .string()
    .regex(/^(\d{4}|\d{6}|\d{8})$/)
    .optional(),
  gstRate: z.number().min(0).max(100).optional(),
  /** A pre-order: sold before it exists, paid online, shipped from its release date (an IST calendar date). */
  preorder: z.literal(true).optional(),
  releaseDate: z
    .string()
    .regex(/^\d{4}-\d{2}-\d{2}$/)
    .optional(),
};
export const productDetailsSchema = z.object(details);
export type ProductDetails = z.infer<typeof productDetailsSchema>;

export const productEvents = {
  ProductAdded: z.object({ productId: z.string().regex(PRODUCT_ID_PATTERN), ...details, addedAt: z.string().datetime() }),
  /** Carries the whole new state of the details, so projections never merge partial changes. */
  ProductUpdated: z.object({ productId: z.string().regex(PRODUCT_ID_PATTERN), ...details, updatedAt: z.string().datetime() }),
  ProductRemoved: z.object({
    productId: z.string().regex(PRODUCT_ID_PATTERN),
    reason: z.enum(['deleted', 'remove-all', 'cleanup-invalid', 'import-deleteall']),
    removedAt: z.string().datetime(),
  }),
} as const;
registerEvents(productEvents);

export type ProductEvent = EventsOf<typeof productEvents>;

/**
 * The catalogue read model (the `products` table and each instance's in-memory catalogue that follows it): its name
 * and the events it is built from — this feature's, the inventory's stock events and the reviews' ratings.
 */
export const catalogueReadModel: { readonly name: string; readonly handles: readonly string[] } = {
  name: 'catalogue',
  handles: ['ProductAdded', 'ProductUpdated', 'ProductRemoved', 'StockLevelSet', 'StockReserved', 'StockReleased', 'ProductReviewed'],
};
