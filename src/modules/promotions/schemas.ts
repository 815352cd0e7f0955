import { z } from 'zod';
import { answers, created, ok, pagingQueryFields } from '../../contract/wire.js';
import { normaliseCode } from './coupon.js';

/** India has one time zone and no daylight saving: IST is UTC+05:30 all year. */
const IST_OFFSET = '+05:30';

/**
 * An instant as the admin gives it: ISO text with a zone (`2026-12-01T00:00:00Z`, `…+05:30`), or a local date-time
 * without one, read as IST (`2026-12-01T18:30`, `2026-12-01 18:30:15`), or a bare date: the start of that day in IST
 * for a start, the start of the next day (the end of that day) for an end.
 */
export function istInstant(text: string, bareDateMeans: 'start' | 'end'): string | null {
  const t = text.trim();
  // Date.parse rolls 30 February over into March: a day that is not on the calendar is refused instead.
  const ymd = /^(\d{4})-(\d{2})-(\d{2})/.exec(t);
  if (!ymd || new Date(Date.UTC(+ymd[1]!, +ymd[2]! - 1, +ymd[3]!)).getUTCDate() !== +ymd[3]!) return null;
  const date = /^(\d{4}-\d{2}-\d{2})$/.exec(t);
  if (date) {
    const start = Date.parse(`${date[1]}T00:00:00${IST_OFFSET}`);
    if (Number.isNaN(start)) return null;
    return new Date(bareDateMeans === 'start' ? start : start + 86_400_000).toISOString();
  }
  const local = /^(\d{4}-\d{2}-\d{2})[T ](\d{2}:\d{2})(:\d{2}(?:\.\d{1,3})?)?$/.exec(t);
  const withZone = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d{1,3})?)?(Z|[+-]\d{2}:\d{2})$/.test(t);
  const parsed = local ? Date.parse(`${local[1]}T${local[2]}${local[3] ?? ':00'}${IST_OFFSET}`) : withZone ? Date.parse(t) : NaN;
  return Number.isNaN(parsed) ? null : new Date(parsed).toISOString();
}

const instant = (label: string, bareDateMeans: 'start' | 'end') =>
  z
    .string({ error: `${label} must be a date and time` })
    .max(40, `${label} must be a date and time`)
    .transform((v, ctx) => {
      const at = istInstant(v, bareDateMeans);
      if (!at) {
        ctx.addIssue({ code: 'custom', message: `${label} must be a date (YYYY-MM-DD) or a date and time (IST unless a zone is given)` });
        return z.NEVER;
      }
      return at;
    });

/** Rupees with at most two decimals, to integer paise. */
const rupeesToPaise = (label: string) =>
  z.number({ error: `${label} must be a number` }).transform((v, ctx) => {
    const paise = Math.round(v * 100);
    if (!Number.isFinite(v) || v < 0 || Math.abs(v * 100 - paise) > 1e-6 || paise > 1e11) {
      ctx.addIssue({ code: 'custom', message: `${label} must be an amount in rupees with at most two decimals` });
      return z.NEVER;
    }
    return paise;
  });

const code = z
  .string({ error: 'Coupon code is required' })
  .max(64, 'Coupon code is too long')
  .transform((v, ctx) => {
    const normalised = normaliseCode(v);
    if (!normalised.ok) {
      ctx.addIssue({ code: 'custom', message: normalised.error });
      return z.NEVER;
    }
    return normalised.code;
  });

const uses = (label: string) =>
  z
    .number({ error: `${label} must be a whole number of at least 1` })
    .int(`${label} must be a whole number of at least 1`)
    .min(1, `${label} must be a whole number of at least 1`)
    .max(10_000_000, `${label} is too large`)
    .nullable();

const fields = {
  kind: z.enum(['percent', 'amount'], { error: "kind must be 'percent' or 'amount'" }),
  value: z
    .number({ error: 'value must be a positive number' })
    .positive('value must be a positive number')
    .max(1e9, 'value is too large')
    .refine((v) => Math.abs(v * 100 - Math.round(v * 100)) < 1e-6, 'value has at most two decimals'),
  minOrder: rupeesToPaise('minOrder').nullable(),
  startsAt: instant('startsAt', 'start').nullable(),
  endsAt: instant('endsAt', 'end').nullable(),
  maxUses: uses('maxUses'),
  maxUsesPerCustomer: uses('maxUsesPerCustomer'),
  categories: z
    .array(z.string().trim().min(1, 'Empty category').max(100, 'Category is too long'), { error: 'categories must be a list of category names' })
    .max(50, 'At most 50 categories'),
  productIds: z
    .array(z.string().trim().min(1, 'Empty product id').max(100, 'Invalid product id'), { error: 'productIds must be a list of product ids' })
    .max(200, 'At most 200 products'),
  firstOrderOnly: z.boolean({ error: 'firstOrderOnly must be true or false' }),
};

export const createCouponBody = z.object({
  code,
  kind: fields.kind,
  value: fields.value,
  minOrder: fields.minOrder.optional(),
  startsAt: fields.startsAt.optional(),
  endsAt: fields.endsAt.optional(),
  maxUses: fields.maxUses.optional(),
  maxUsesPerCustomer: fields.maxUsesPerCustomer.optional(),
  categories: fields.categories.optional(),
  productIds: fields.productIds.optional(),
  firstOrderOnly: fields.firstOrderOnly.optional(),
});
export type CreateCouponBody = z.infer<typeof createCouponBody>;

/** An edit names the fields it changes; `null` clears an optional one. The code is the coupon's identity and stays. */
export const editCouponBody = z.object({
  kind: fields.kind.optional(),
  value: fields.value.optional(),
  minOrder: fields.minOrder.optional(),
  startsAt: fields.startsAt.optional(),
  endsAt: fields.endsAt.optional(),
  maxUses: fields.maxUses.optional(),
  maxUsesPerCustomer: fields.maxUsesPerCustomer.optional(),
  categories: fields.categories.optional(),
  productIds: fields.productIds.optional(),
  firstOrderOnly: fields.firstOrderOnly.optional(),
});
export type EditCouponBody = z.infer<typeof editCouponBody>;

export const couponParams = z.object({ code });

export const couponsQuery = z.object({
  ...pagingQueryFields,
  search: z.string().trim().max(64, 'search is too long').optional(),
});

export const COUPON_STATUSES = ['active', 'paused', 'scheduled', 'expired', 'used up'] as const;

export const couponSchema = z.object({
  code: z.string(),
  kind: z.enum(['percent', 'amount']),
  /** Percent for `percent`, rupees for `amount`. */
  value: z.number(),
  minOrder: z.number().nullable(),
  startsAt: z.string().nullable(),
  endsAt: z.string().nullable(),
  maxUses: z.number().int().nullable(),
  maxUsesPerCustomer: z.number().int().nullable(),
  categories: z.array(z.string()),
  productIds: z.array(z.string()),
  firstOrderOnly: z.boolean(),
  paused: z.boolean(),
  uses: z.number().int(),
  /** Rupees given as discount over all uses. */
  discountTotal: z.number(),
  status: z.enum(COUPON_STATUSES),
  created_at: z.string(),
  updated_at: z.string(),
});
export type CouponDto = z.infer<typeof couponSchema>;

export const couponUseSchema = z.object({ orderId: z.string(), customerId: z.string(), discount: z.number(), usedAt: z.string() });

const paged = { total: z.number().int(), page: z.number().int(), limit: z.number().int(), totalPages: z.number().int() };
export const couponCreatedResponses = created(ok({ message: z.string(), coupon: couponSchema }));
export const couponResponses = answers(ok({ message: z.string(), coupon: couponSchema }));
export const couponListResponses = answers(ok({ coupons: z.array(couponSchema), ...paged }));
export const couponUsesResponses = answers(ok({ coupon: couponSchema, uses: z.array(couponUseSchema), ...paged }));
