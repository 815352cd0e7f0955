import { z } from 'zod';
import { answers, binary, created, errors, ok, okMessage } from '../../../contract/wire.js';
import { productSchema } from '../search/list-schemas.js';
import { decimalText } from '../../../core/decimal-text.js';
import { invisibleMessage, isVisibleText } from '../../../core/visible-text.js';
import { ValidationError } from '../../../core/errors.js';
import { normaliseImageUrl } from '../../media/index.js';
import { HSN_PATTERN, rateProblem } from '../../../shared/gst-rates.js';
import { isCalendarDate, PREORDER_MESSAGES } from '../../../shared/preorder.js';
import { blankProductDetails, CATEGORIES, type ProductDetails } from './product.js';

const required = 'Please fill in all required fields';
const invalidImages = 'One or more image URLs are invalid...';

const blank = (v: unknown) => v === undefined || v === null || (typeof v === 'string' && v.trim() === '');
// Decimal text only ("499", " 12 " from a spreadsheet cell); never true, "0x3" or "1e2".
const numberish = (v: unknown) => (v === null ? undefined : decimalText(v, { trim: true }));
const boolish = (v: unknown) => (v === 'true' || v === '1' || v === 1 ? true : v === 'false' || v === '0' || v === 0 ? false : v);

/** The admin form sends snake_case; the upload columns are camelCase. Accept both. */
const ALIASES: Record<string, string> = {
  stockQuantity: 'stock_quantity',
  originalPrice: 'original_price',
  isNew: 'is_new',
  isOnSale: 'is_on_sale',
  inStock: 'in_stock',
  power_points: 'powerPoints',
  gstRate: 'gst_rate',
  HSN: 'hsn',
  isPreorder: 'is_preorder',
  releaseDate: 'release_date',
};
export function normaliseKeys(body: unknown): unknown {
  if (typeof body !== 'object' || body === null || Array.isArray(body)) return body;
  const out: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(body)) {
    const target = ALIASES[key] ?? key;
    if (out[target] === undefined || ALIASES[key] === undefined) out[target] = value;
  }
  return out;
}

const imageList = z.preprocess(
  (v) =>
    typeof v === 'string'
      ? v
          .split(/[\n,]/)
          .map((s) => s.trim())
          .filter(Boolean)
      : v === null
        ? []
        : v,
  z.array(z.string({ error: invalidImages }), { error: invalidImages }).max(20, 'Too many images'),
);

export const productFields = {
  name: z
    .string({ error: required })
    .trim()
    .min(1, required)
    .max(300, 'Name is too long')
    .refine((v) => isVisibleText(v), invisibleMessage('Product name')),
  price: z.preprocess(
    numberish,
    z
      .number({ error: (issue) => (blank(issue.input) ? required : 'Please enter a valid price') })
      .gt(0, 'Please enter a valid price')
      .max(10_000_000, 'Please enter a valid price'),
  ),
  category: z
    .string({ error: required })
    .trim()
    .min(1, required)
    .pipe(z.enum(CATEGORIES, { error: `Category must be one of ${CATEGORIES.join(', ')}` })),
  stock_quantity: z.preprocess(
    numberish,
    z
      .number({ error: (issue) => (blank(issue.input) ? required : 'Please enter a valid stock quantity') })
      .int('Please enter a valid stock quantity')
      .min(0, 'Please enter a valid stock quantity')
      .max(1_000_000, 'Please enter a valid stock quantity'),
  ),
  image: z.string({ error: invalidImages }).max(2000, invalidImages).optional(),
  images: imageList.optional(),
  description: z
    .string()
    .max(5000, 'Description is too long')
    .refine((v) => isVisibleText(v, { multiline: true }), invisibleMessage('Description'))
    .optional(),
  original_price: z
    .preprocess(
      (v) => (blank(v) ? null : numberish(v)),
      z.number({ error: 'Please enter a valid original price' }).min(0, 'Please enter a valid original price').nullable(),
    )
    .optional(),
  discount: z
    .preprocess(
      (v) => (blank(v) ? null : numberish(v)),
      z.number({ error: 'Discount must be a percentage' }).min(0, 'Discount must be a percentage').max(100, 'Discount must be a percentage').nullable(),
    )
    .optional(),
  is_new: z.preprocess(boolish, z.boolean({ error: 'is_new must be true or false' })).optional(),
  is_on_sale: z.preprocess(boolish, z.boolean({ error: 'is_on_sale must be true or false' })).optional(),
  in_stock: z.preprocess(boolish, z.boolean({ error: 'in_stock must be true or false' })).optional(),
  rating: z
    .preprocess(
      numberish,
      z.number({ error: 'Rating must be between 0 and 5' }).min(0, 'Rating must be between 0 and 5').max(5, 'Rating must be between 0 and 5'),
    )
    .optional(),
  reviews: z.preprocess(numberish, z.number().int().min(0)).optional(),
  // "powerPoints numeric, else 0" (admin spec section 5); absent means the default 50.
  powerPoints: z.unknown().optional(),
  /** GST: blank clears it (the category's default applies). */
  hsn: z
    .preprocess(
      (v) => (blank(v) ? null : typeof v === 'number' ? String(v) : typeof v === 'string' ? v.trim() : v),
      z.string({ error: 'HSN must be 4, 6 or 8 digits' }).regex(HSN_PATTERN, 'HSN must be 4, 6 or 8 digits').nullable(),
    )
    .optional(),
  gst_rate: z
    .preprocess(
      (v) => (blank(v) ? null : numberish(typeof v === 'string' ? v.replace(/%\s*$/, '') : v)),
      z
        .number({ error: 'GST rate must be a number' })
        .refine((r) => rateProblem(r) === null, { error: () => rateProblem(-1)! })
        .nullable(),
    )
    .optional(),
  is_preorder: z.preprocess(boolish, z.boolean({ error: 'is_preorder must be true or false' })).optional(),
  /** YYYY-MM-DD; also a spreadsheet's date cell (midnight UTC) or DD/MM/YYYY as India writes it. Blank clears it. */
  release_date: z
    .preprocess(
      (v) => (blank(v) ? null : typeof v === 'string' ? calendarDateText(v.trim()) : v),
      z.string({ error: PREORDER_MESSAGES.invalidReleaseDate }).refine(isCalendarDate, PREORDER_MESSAGES.invalidReleaseDate).nullable(),
    )
    .optional(),
};

/** A date cell's text as YYYY-MM-DD where it is one written another way; anything else as it was (then refused). */
function calendarDateText(text: string): string {
  const cell = /^(\d{4}-\d{2}-\d{2})T00:00:00(\.000)?Z$/.exec(text);
  if (cell) return cell[1]!;
  const dayFirst = /^(\d{1,2})[/.-](\d{1,2})[/.-](\d{4})$/.exec(text);
  return dayFirst ? `${dayFirst[3]}-${dayFirst[2]!.padStart(2, '0')}-${dayFirst[1]!.padStart(2, '0')}` : text;
}

export const createProductBody = z.preprocess(normaliseKeys, z.object(productFields));
export const updateProductBody = z.preprocess(normaliseKeys, z.object(productFields).partial());
export type ProductForm = z.infer<typeof updateProductBody>;

export function powerPointsFrom(value: unknown, fallback: number): number {
  if (value === undefined) return fallback;
  const n = typeof value === 'number' ? value : typeof value === 'string' && value.trim() !== '' ? Number(value) : NaN;
  return Number.isFinite(n) ? Math.trunc(n) : 0;
}

/** Main image first, the rest extra; every entry must be a usable image reference. Null when one is invalid. */
export function imagesFrom(image: string | undefined, images: string[] | undefined): { image: string; images: string[] } | null {
  const all = [...(image && image.trim() ? [image] : []), ...(images ?? [])];
  const normalised: string[] = [];
  for (const entry of all) {
    const url = normaliseImageUrl(entry);
    if (url === null) return null;
    if (!normalised.includes(url)) normalised.push(url);
  }
  return { image: normalised[0] ?? '', images: normalised };
}

const round2 = (n: number) => Math.round(n * 100) / 100;

/**
 * Applies a (partial) form on top of the current details; throws the form's message for bad image URLs. `pictures`:
 * imagesFrom(form.image, form.images) when the caller made it already (the bulk import checks every row's images).
 */
export function detailsFromForm(form: ProductForm, current: ProductDetails | null, pictures?: { image: string; images: string[] }): ProductDetails {
  const base: ProductDetails = current ?? blankProductDetails();
  let image = base.image;
  let images = base.images;
  if (form.image !== undefined || form.images !== undefined) {
    const picked = pictures ?? imagesFrom(form.image, form.images);
    if (!picked) throw new ValidationError(invalidImages);
    ({ image, images } = picked);
  }
  const hsn = form.hsn !== undefined ? form.hsn : (base.hsn ?? null);
  const gstRate = form.gst_rate !== undefined ? form.gst_rate : (base.gstRate ?? null);
  const preorder = form.is_preorder ?? base.preorder === true;
  const releaseDate = form.release_date !== undefined ? form.release_date : (base.releaseDate ?? null);
  return {
    name: form.name ?? base.name,
    price: form.price !== undefined ? round2(form.price) : base.price,
    originalPrice: form.original_price !== undefined ? (form.original_price === null ? null : round2(form.original_price)) : base.originalPrice,
    image,
    images,
    category: form.category ?? base.category,
    isNew: form.is_new ?? base.isNew,
    isOnSale: form.is_on_sale ?? base.isOnSale,
    discount: form.discount !== undefined ? form.discount : base.discount,
    description: form.description !== undefined ? form.description.trim() : base.description,
    inStock: form.in_stock ?? base.inStock,
    rating: form.rating !== undefined ? round2(form.rating) : base.rating,
    reviews: form.reviews ?? base.reviews,
    powerPoints: powerPointsFrom(form.powerPoints, base.powerPoints),
    ...(hsn !== null ? { hsn } : {}),
    ...(gstRate !== null ? { gstRate } : {}),
    ...(preorder ? { preorder: true as const, ...(releaseDate !== null ? { releaseDate } : {}) } : {}),
  };
}

export const adminListQuery = z.object({
  page: z.coerce.number().int().min(1).default(1),
  limit: z.coerce
    .number({ error: 'limit must be between 1 and 200' })
    .int('limit must be between 1 and 200')
    .min(1, 'limit must be between 1 and 200')
    .max(200, 'limit must be between 1 and 200')
    .default(100),
  search: z.string().max(200).optional(),
  category: z.string().max(100).optional(),
});

export const productIdParams = z.object({ id: z.string().min(1).max(100) });

/** The admin table's page; `totals` counts the whole catalogue (valid: a name, a price and stock). */
export const adminProductsResponses = answers(
  ok({
    products: z.array(productSchema),
    page: z.number().int(),
    limit: z.number().int(),
    total: z.number().int(),
    totalPages: z.number().int(),
    totals: z.object({ total: z.number().int(), valid: z.number().int(), invalid: z.number().int() }),
  }),
);
export const templateResponses = { 200: binary('The bulk import template (text/csv)'), ...errors };
/** `product` is `{ id }` alone in the rare case this instance's catalogue has not caught up yet. */
export const productCreatedResponses = created(ok({ message: z.string(), product: z.union([productSchema, z.object({ id: z.string() })]) }));
export const productUpdatedResponses = answers(ok({ message: z.string(), product: productSchema.nullable() }));
export const productsDeletedResponses = answers(ok({ message: z.string(), deletedCount: z.number().int() }));
export const productDeletedResponses = answers(okMessage);

/** Step 2's column check: the file's headers, the template's columns, which feeds which, the required ones missing. */
export const bulkColumnsResponses = answers(
  ok({
    headers: z.array(z.string()),
    templateColumns: z.array(z.string()).readonly(),
    columns: z.record(z.string(), z.string()),
    missing: z.array(z.string()),
  }),
);
export const bulkImportResponses = answers(
  ok({
    message: z.string(),
    mode: z.enum(['add', 'update', 'upsert', 'deleteall']),
    processed: z.number().int(),
    total: z.number().int(),
    created: z.number().int(),
    updated: z.number().int(),
    skipped: z.number().int(),
    deleted: z.number().int(),
    /** One per refused row: its number in the file, its name when it had one, why. */
    errors: z.array(z.object({ row: z.number().int(), name: z.string().optional(), reason: z.string() })),
  }),
);
