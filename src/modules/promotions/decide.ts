import { ConflictError, NotFoundError, ValidationError } from '../../core/errors.js';
import { evolveCoupon, initialCouponState, termsOf, type Coupon, type CouponEvent, type CouponState, type CouponTerms } from './coupon.js';
import { priceCoupon, type CartLine } from './discount.js';

export const INVALID_CODE = 'Invalid coupon code';
export const EXPIRED = 'This coupon has expired';
export const ALREADY_USED = 'You have already used this coupon';
export const LIMIT_REACHED = 'This coupon has reached its usage limit';
export const FIRST_ORDER_ONLY = 'This coupon is for your first order only';
export const NOT_APPLICABLE = 'This coupon does not apply to the items in your cart';
export const NOT_FOUND = 'Coupon not found';

/** ₹ and Indian digit grouping; paise only when there are some (₹1,250 / ₹99.50). */
export function rupeesText(paise: number): string {
  const whole = paise % 100 === 0;
  return `₹${(paise / 100).toLocaleString('en-IN', { minimumFractionDigits: whole ? 0 : 2, maximumFractionDigits: 2 })}`;
}
export const shortOfMinimum = (paise: number) => `Add items worth ${rupeesText(paise)} more to use this coupon`;

export interface Redemption {
  orderId: string;
  customerId: string;
  lines: CartLine[];
  /** The customer's earlier orders that were not cancelled (for first-order coupons). */
  priorOrders: number;
  at: string;
}

export type CouponCommand =
  | { type: 'CreateCoupon'; data: { code: string; terms: CouponTerms; by: string; at: string } }
  | { type: 'EditCoupon'; data: { terms: CouponTerms; by: string; at: string } }
  | { type: 'PauseCoupon'; data: { by: string; at: string } }
  | { type: 'ResumeCoupon'; data: { by: string; at: string } }
  | { type: 'RedeemCoupon'; data: Redemption }
  /** The order stopped holding its goods (cancelled, expired, deleted): its use goes back to the coupon. */
  | { type: 'ReturnCouponUse'; data: { orderId: string; reason: string; at: string } }
  /** A cancelled order reopened with its stock: it takes its use (and discount) again, within the limits. */
  | { type: 'RetakeCouponUse'; data: { orderId: string; customerId: string; discountPaise: number; at: string } };

function existing(state: CouponState): Coupon {
  if (state.status !== 'active') throw new NotFoundError(NOT_FOUND);
  return state.coupon;
}

/** Refuses terms that contradict themselves (the edge has checked each field's shape). */
function checkTerms(terms: CouponTerms): void {
  if (terms.kind === 'percent' && terms.value > 10_000) throw new ValidationError('A percentage discount cannot exceed 100%');
  if (terms.startsAt && terms.endsAt && Date.parse(terms.endsAt) <= Date.parse(terms.startsAt)) {
    throw new ValidationError('The coupon must end after it starts');
  }
  if (terms.maxUses !== null && terms.maxUsesPerCustomer !== null && terms.maxUsesPerCustomer > terms.maxUses) {
    throw new ValidationError('Uses per customer cannot exceed the total uses');
  }
}

/**
 * Whether the coupon may be used for this cart now, and for how much; throws the shopper's message when not. The
 * order of the checks is the order a shopper can act on them: a code that does not work at all first, then what they
 * can change (their cart).
 */
export function judgeRedemption(state: CouponState, r: Redemption): ReturnType<typeof priceCoupon> {
  if (state.status !== 'active') throw new ValidationError(INVALID_CODE);
  const { terms, paused, uses, usesByCustomer } = state.coupon;
  const now = Date.parse(r.at);
  if (paused || (terms.startsAt && now < Date.parse(terms.startsAt))) throw new ValidationError(INVALID_CODE);
  // endsAt is the instant the coupon stops working: valid up to the millisecond before it.
  if (terms.endsAt && now >= Date.parse(terms.endsAt)) throw new ValidationError(EXPIRED);
  if (terms.maxUses !== null && uses >= terms.maxUses) throw new ConflictError(LIMIT_REACHED);
  if (terms.maxUsesPerCustomer !== null && (usesByCustomer[r.customerId] ?? 0) >= terms.maxUsesPerCustomer) throw new ValidationError(ALREADY_USED);
  if (terms.firstOrderOnly && r.priorOrders > 0) throw new ValidationError(FIRST_ORDER_ONLY);
  const priced = priceCoupon(terms, r.lines);
  if (priced.basePaise === 0) throw new ValidationError(NOT_APPLICABLE);
  if (priced.basePaise < terms.minOrderPaise) throw new ValidationError(shortOfMinimum(terms.minOrderPaise - priced.basePaise));
  return priced;
}

export function decideCoupon(command: CouponCommand, state: CouponState): CouponEvent[] {
  switch (command.type) {
    case 'CreateCoupon': {
      if (state.status !== 'none') throw new ConflictError('A coupon with this code already exists');
      checkTerms(command.data.terms);
      const { code, terms, by, at } = command.data;
      return [{ type: 'CouponCreated', data: { code, ...terms, by, at } }];
    }
    case 'EditCoupon': {
      const coupon = existing(state);
      checkTerms(command.data.terms);
      const { terms, by, at } = command.data;
      if (JSON.stringify(termsOf(terms)) === JSON.stringify(termsOf(coupon.terms))) return [];
      return [{ type: 'CouponEdited', data: { code: coupon.code, ...terms, by, at } }];
    }
    case 'PauseCoupon': {
      const coupon = existing(state);
      return coupon.paused ? [] : [{ type: 'CouponPaused', data: { code: coupon.code, ...command.data } }];
    }
    case 'ResumeCoupon': {
      const coupon = existing(state);
      return coupon.paused ? [{ type: 'CouponResumed', data: { code: coupon.code, ...command.data } }] : [];
    }
    case 'RedeemCoupon': {
      const { discountPaise } = judgeRedemption(state, command.data);
      const { orderId, customerId, at } = command.data;
      return [{ type: 'CouponRedeemed', data: { code: existing(state).code, orderId, customerId, discountPaise, at } }];
    }
    case 'ReturnCouponUse': {
      if (state.status !== 'active') return [];
      const held = state.coupon.heldUses[command.data.orderId];
      // Given back already (or never used by this order): nothing to return twice.
      if (!held) return [];
      const { orderId, reason, at } = command.data;
      return [
        { type: 'CouponUseReturned', data: { code: state.coupon.code, orderId, customerId: held.customerId, discountPaise: held.discountPaise, reason, at } },
      ];
    }
    case 'RetakeCouponUse': {
      const coupon = existing(state);
      const { orderId, customerId, discountPaise, at } = command.data;
      if (coupon.heldUses[orderId]) return [];
      const { terms, uses, usesByCustomer } = coupon;
      // The order keeps the discount it was placed with; only the limits are judged again (not dates or the cart).
      if (terms.maxUses !== null && uses >= terms.maxUses) throw new ConflictError(LIMIT_REACHED);
      if (terms.maxUsesPerCustomer !== null && (usesByCustomer[customerId] ?? 0) >= terms.maxUsesPerCustomer) throw new ConflictError(ALREADY_USED);
      return [{ type: 'CouponRedeemed', data: { code: coupon.code, orderId, customerId, discountPaise, at } }];
    }
    default: {
      const exhaustive: never = command;
      return exhaustive;
    }
  }
}

export const couponDecider = { initialState: initialCouponState, evolve: evolveCoupon, decide: decideCoupon };
