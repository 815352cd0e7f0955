import type { CouponEvent, CouponTerms } from './events.js';

export * from './events.js';

/** A coupon's stream is named by its normalised code, so a code can be created once only. */
export const couponStream = (code: string) => `coupon-${code}`;

export interface Coupon {
  code: string;
  terms: CouponTerms;
  paused: boolean;
  uses: number;
  /** Uses per customer id: the per-customer limit is decided against the same stream as the overall one. */
  usesByCustomer: Record<string, number>;
  /** The uses still held, by order: what a cancelled order gives back (its customer and discount). */
  heldUses: Record<string, { customerId: string; discountPaise: number }>;
}

export type CouponState = { status: 'none' } | { status: 'active'; coupon: Coupon };

export const initialCouponState = (): CouponState => ({ status: 'none' });

/** The terms alone, in one key order (events carry them beside the code and who changed them). */
export const termsOf = (d: CouponTerms): CouponTerms => ({
  kind: d.kind,
  value: d.value,
  minOrderPaise: d.minOrderPaise,
  startsAt: d.startsAt,
  endsAt: d.endsAt,
  maxUses: d.maxUses,
  maxUsesPerCustomer: d.maxUsesPerCustomer,
  categories: d.categories,
  productIds: d.productIds,
  firstOrderOnly: d.firstOrderOnly,
});

export function evolveCoupon(state: CouponState, event: CouponEvent): CouponState {
  if (event.type === 'CouponCreated') {
    return { status: 'active', coupon: { code: event.data.code, terms: termsOf(event.data), paused: false, uses: 0, usesByCustomer: {}, heldUses: {} } };
  }
  if (state.status !== 'active') return state;
  const coupon = state.coupon;
  switch (event.type) {
    case 'CouponEdited':
      return { status: 'active', coupon: { ...coupon, terms: termsOf(event.data) } };
    case 'CouponPaused':
      return { status: 'active', coupon: { ...coupon, paused: true } };
    case 'CouponResumed':
      return { status: 'active', coupon: { ...coupon, paused: false } };
    case 'CouponRedeemed': {
      const customer = event.data.customerId;
      return {
        status: 'active',
        coupon: {
          ...coupon,
          uses: coupon.uses + 1,
          usesByCustomer: { ...coupon.usesByCustomer, [customer]: (coupon.usesByCustomer[customer] ?? 0) + 1 },
          heldUses: { ...coupon.heldUses, [event.data.orderId]: { customerId: customer, discountPaise: event.data.discountPaise } },
        },
      };
    }
    case 'CouponUseReturned': {
      const held = coupon.heldUses[event.data.orderId];
      if (!held) return state;
      const heldUses = { ...coupon.heldUses };
      delete heldUses[event.data.orderId];
      return {
        status: 'active',
        coupon: {
          ...coupon,
          uses: coupon.uses - 1,
          usesByCustomer: { ...coupon.usesByCustomer, [held.customerId]: Math.max(0, (coupon.usesByCustomer[held.customerId] ?? 0) - 1) },
          heldUses,
        },
      };
    }
    default: {
      const exhaustive: never = event;
      return exhaustive;
    }
  }
}

/** Names the shape of CouponState in stored snapshots: change it when the shape changes. */
export const COUPON_SNAPSHOT_KIND = 'coupon-v2';

export const CODE_RULE = 'Coupon codes use 3 to 32 characters: the letters A–Z, digits, - and _';

/**
 * A code as typed to the code it names: trimmed, NFKC-normalised (full-width "ＦＩＲＳＴ１０" is "FIRST10") and
 * upper-cased, so codes are case-insensitive. Anything that is not plain ASCII after NFKC is refused rather than
 * folded: a Cyrillic "А" or a dotless "ı" looks like a Latin letter and would make two codes that read the same.
 * Upper-casing comes after that check, since "ı".toUpperCase() is a Latin "I".
 */
export function normaliseCode(raw: string): { ok: true; code: string } | { ok: false; error: string } {
  const text = raw.trim().normalize('NFKC');
  if (/[\u0000-\u001F\u007F-\u009F\u00AD\u061C\u180E\u200B-\u200F\u202A-\u202E\u2060-\u2069\uFEFF]/.test(text)) {
    return { ok: false, error: 'Coupon code contains control or invisible characters' };
  }
  if (/\s/.test(text)) return { ok: false, error: 'Coupon code must not contain spaces' };
  if (/[^\u0020-\u007E]/.test(text)) {
    return { ok: false, error: `Coupon code contains a character that only looks like a letter or digit. ${CODE_RULE}` };
  }
  const code = text.toUpperCase();
  if (!/^[A-Z0-9_-]{3,32}$/.test(code)) return { ok: false, error: CODE_RULE };
  return { ok: true, code };
}
