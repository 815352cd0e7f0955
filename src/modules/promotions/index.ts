import type { ModuleDeps, StoreModule } from '../module.js';
import { promotionsApi } from './api.js';
import './coupon.js';

export { couponRedemption, couponUseWrites, previewCoupon, loadCoupon } from './commands.js';
export { couponStream, normaliseCode, COUPON_EVENT_TYPES, type CouponEvent, type CouponState } from './coupon.js';
export { INVALID_CODE, EXPIRED, ALREADY_USED, LIMIT_REACHED, shortOfMinimum, rupeesText } from './decide.js';
export { priceCoupon, spreadDiscount, type CartLine } from './discount.js';

export const startOrder = 40;

/** Coupons: the admin's CreateCoupon, EditCoupon, PauseCoupon and ResumeCoupon; each use is decided with the order it discounts. */
export function createModule(_deps: ModuleDeps): StoreModule {
  return { name: 'promotions', routes: promotionsApi };
}
