import { z } from 'zod';
import { registerEvents, type EventsOf } from '../../core/event-registry.js';

/**
 * The promotions feature's events: their schemas (validated at append through the registry) and types, nothing else.
 * The write side folds them; the read side (projections/coupons) imports only this file.
 */
const iso = z.string().datetime({ offset: true });
const paise = z.number().int().min(0);

/** A coupon's terms: amounts in paise, a percentage in basis points (10 % = 1000), instants as ISO text. */
export const couponTermsSchema = z.object({
  kind: z.enum(['percent', 'amount']),
  /** Basis points for `percent` (1..10000), paise for `amount`. */
  value: z.number().int().min(1),
  minOrderPaise: paise,
  startsAt: iso.nullable(),
  endsAt: iso.nullable(),
  maxUses: z.number().int().min(1).nullable(),
  maxUsesPerCustomer: z.number().int().min(1).nullable(),
  /** Lower-case category names; empty: every category. */
  categories: z.array(z.string()),
  productIds: z.array(z.string()),
  firstOrderOnly: z.boolean(),
});
export type CouponTerms = z.infer<typeof couponTermsSchema>;

export const couponEvents = {
  CouponCreated: couponTermsSchema.extend({ code: z.string().min(1), by: z.string(), at: iso }),
  CouponEdited: couponTermsSchema.extend({ code: z.string().min(1), by: z.string(), at: iso }),
  CouponPaused: z.object({ code: z.string().min(1), by: z.string(), at: iso }),
  CouponResumed: z.object({ code: z.string().min(1), by: z.string(), at: iso }),
  /** One use, decided against the coupon in the same append as the order it discounts. */
  CouponRedeemed: z.object({
    code: z.string().min(1),
    orderId: z.string().min(1),
    customerId: z.string().min(1),
    discountPaise: paise,
    at: iso,
  }),
  /** The use of an order that was cancelled, expired or deleted with its stock released: the coupon may be used again. */
  CouponUseReturned: z.object({
    code: z.string().min(1),
    orderId: z.string().min(1),
    customerId: z.string().min(1),
    discountPaise: paise,
    reason: z.string(),
    at: iso,
  }),
} as const;
registerEvents(couponEvents);

export type CouponEvent = EventsOf<typeof couponEvents>;
export const COUPON_EVENT_TYPES = Object.keys(couponEvents) as CouponEvent['type'][];
