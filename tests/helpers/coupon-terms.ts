import type { CouponTerms } from '../../src/modules/promotions/events.js';

/**
 * Coupon terms for specs: 10 % off anything, no minimum, no dates, no limits; `over` replaces any of them. One place for
 * the promotions specs and the specs of the modules that price a coupon (orders, GST).
 */
export const couponTerms = (over: Partial<CouponTerms> = {}): CouponTerms => ({
  kind: 'percent',
  value: 1000,
  minOrderPaise: 0,
  startsAt: null,
  endsAt: null,
  maxUses: null,
  maxUsesPerCustomer: null,
  categories: [],
  productIds: [],
  firstOrderOnly: false,
  ...over,
});
