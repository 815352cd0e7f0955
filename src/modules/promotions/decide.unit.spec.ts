import { describe, expect, it } from 'vitest';
import { evolveCoupon, initialCouponState, type CouponEvent, type CouponTerms } from './coupon.js';
import { decideCoupon, type CouponCommand, type Redemption } from './decide.js';
import type { CartLine } from './discount.js';

const at = '2026-11-28T10:00:00.000Z';
const terms = (over: Partial<CouponTerms> = {}): CouponTerms => ({
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
const created = (over: Partial<CouponTerms> = {}): CouponEvent => ({ type: 'CouponCreated', data: { code: 'FIRST10', ...terms(over), by: 'admin', at } });
const redeemed = (customerId: string, orderId = `o-${Math.random()}`): CouponEvent => ({
  type: 'CouponRedeemed',
  data: { code: 'FIRST10', orderId, customerId, discountPaise: 100, at },
});
const given = (events: CouponEvent[]) => events.reduce(evolveCoupon, initialCouponState());
const lines: CartLine[] = [{ lineNo: 1, productId: 'p1', category: 'Anime Figures', unitPricePaise: 1500_00, quantity: 1 }];
const redeem = (over: Partial<Redemption> = {}): CouponCommand => ({
  type: 'RedeemCoupon',
  data: { orderId: 'o1', customerId: 'c1', lines, priorOrders: 0, at, ...over },
});
const refusal = (command: CouponCommand, events: CouponEvent[]) => {
  try {
    decideCoupon(command, given(events));
    return null;
  } catch (e) {
    return [(e as { statusCode: number }).statusCode, (e as Error).message];
  }
};

describe('coupon decider', () => {
  it('creates a coupon once per code', () => {
    expect(decideCoupon({ type: 'CreateCoupon', data: { code: 'FIRST10', terms: terms(), by: 'admin', at } }, given([]))).toEqual([created()]);
    expect(refusal({ type: 'CreateCoupon', data: { code: 'FIRST10', terms: terms(), by: 'admin', at } }, [created()])).toEqual([
      409,
      'A coupon with this code already exists',
    ]);
  });

  it('refuses terms that contradict themselves', () => {
    const create = (t: Partial<CouponTerms>): CouponCommand => ({ type: 'CreateCoupon', data: { code: 'X10', terms: terms(t), by: 'a', at } });
    expect(refusal(create({ value: 10_001 }), [])).toEqual([400, 'A percentage discount cannot exceed 100%']);
    expect(refusal(create({ startsAt: at, endsAt: at }), [])).toEqual([400, 'The coupon must end after it starts']);
    expect(refusal(create({ maxUses: 5, maxUsesPerCustomer: 6 }), [])).toEqual([400, 'Uses per customer cannot exceed the total uses']);
  });

  it('a use records the discount; pause, resume and an unchanged edit are idempotent', () => {
    expect(decideCoupon(redeem(), given([created()]))).toEqual([
      { type: 'CouponRedeemed', data: { code: 'FIRST10', orderId: 'o1', customerId: 'c1', discountPaise: 150_00, at } },
    ]);
    const pause: CouponCommand = { type: 'PauseCoupon', data: { by: 'a', at } };
    expect(decideCoupon(pause, given([created()]))).toHaveLength(1);
    expect(decideCoupon(pause, given([created(), { type: 'CouponPaused', data: { code: 'FIRST10', by: 'a', at } }]))).toEqual([]);
    expect(decideCoupon({ type: 'ResumeCoupon', data: { by: 'a', at } }, given([created()]))).toEqual([]);
    expect(decideCoupon({ type: 'EditCoupon', data: { terms: terms(), by: 'a', at } }, given([created()]))).toEqual([]);
    expect(refusal({ type: 'EditCoupon', data: { terms: terms(), by: 'a', at } }, [])).toEqual([404, 'Coupon not found']);
  });

  it("refuses a use with the shopper's messages", () => {
    expect(refusal(redeem(), [])).toEqual([400, 'Invalid coupon code']);
    expect(refusal(redeem(), [created(), { type: 'CouponPaused', data: { code: 'FIRST10', by: 'a', at } }])).toEqual([400, 'Invalid coupon code']);
    expect(refusal(redeem(), [created({ startsAt: '2026-11-28T10:00:00.001Z' })])).toEqual([400, 'Invalid coupon code']);
    expect(refusal(redeem(), [created({ maxUses: 2 }), redeemed('a'), redeemed('b')])).toEqual([409, 'This coupon has reached its usage limit']);
    expect(refusal(redeem(), [created({ maxUsesPerCustomer: 1 }), redeemed('c1')])).toEqual([400, 'You have already used this coupon']);
    expect(refusal(redeem({ priorOrders: 1 }), [created({ firstOrderOnly: true })])).toEqual([400, 'This coupon is for your first order only']);
    expect(refusal(redeem(), [created({ categories: ['keychains'] })])).toEqual([400, 'This coupon does not apply to the items in your cart']);
    expect(refusal(redeem(), [created({ minOrderPaise: 1999_50 })])).toEqual([400, 'Add items worth ₹499.50 more to use this coupon']);
    expect(refusal(redeem(), [created({ minOrderPaise: 2750_00 })])).toEqual([400, 'Add items worth ₹1,250 more to use this coupon']);
    expect(refusal(redeem(), [created({ minOrderPaise: 1500_00 })])).toBeNull();
  });

  it('expires at the exact instant: usable a millisecond before endsAt, expired at it', () => {
    // 23:59:59 IST on 28 Nov 2026 is 18:29:59 UTC.
    const events = [created({ endsAt: '2026-11-28T18:29:59.000Z' })];
    expect(refusal(redeem({ at: '2026-11-28T18:29:58.999Z' }), events)).toBeNull();
    expect(refusal(redeem({ at: '2026-11-28T18:29:59.000Z' }), events)).toEqual([400, 'This coupon has expired']);
  });

  it('counts uses per customer and overall', () => {
    const state = given([created(), redeemed('a'), redeemed('a'), redeemed('b')]);
    expect(state.status === 'active' && state.coupon.uses).toBe(3);
    expect(state.status === 'active' && state.coupon.usesByCustomer).toEqual({ a: 2, b: 1 });
  });
});

describe('a use given back and taken again', () => {
  const giveBack = (orderId: string): CouponCommand => ({ type: 'ReturnCouponUse', data: { orderId, reason: 'OrderExpired', at } });
  const retake = (orderId: string, customerId = 'a'): CouponCommand => ({ type: 'RetakeCouponUse', data: { orderId, customerId, discountPaise: 100, at } });
  const apply = (state: ReturnType<typeof given>, events: CouponEvent[]) => events.reduce(evolveCoupon, state);

  it("an order that stops holding its goods gives its use back, once, and the coupon's counts follow", () => {
    const state = given([created({ maxUses: 1, maxUsesPerCustomer: 1 }), redeemed('a', 'o1')]);
    const returned = decideCoupon(giveBack('o1'), state);
    expect(returned).toEqual([
      { type: 'CouponUseReturned', data: { code: 'FIRST10', orderId: 'o1', customerId: 'a', discountPaise: 100, reason: 'OrderExpired', at } },
    ]);
    const after = apply(state, returned);
    expect(after.status === 'active' && [after.coupon.uses, after.coupon.usesByCustomer.a]).toEqual([0, 0]);
    expect(decideCoupon(giveBack('o1'), after)).toEqual([]);
    // the last use is free again, for the same shopper too
    expect(decideCoupon(redeem({ orderId: 'o2', customerId: 'a' }), after)).toHaveLength(1);
  });

  it('an order that never used the coupon gives nothing back', () => {
    expect(decideCoupon(giveBack('o9'), given([created(), redeemed('a', 'o1')]))).toEqual([]);
    expect(decideCoupon(giveBack('o1'), given([]))).toEqual([]);
  });

  it('a reopened order takes its use again within the limits, keeping its discount', () => {
    const state = apply(given([created({ maxUses: 1 }), redeemed('a', 'o1')]), [
      { type: 'CouponUseReturned', data: { code: 'FIRST10', orderId: 'o1', customerId: 'a', discountPaise: 100, reason: 'x', at } },
    ]);
    expect(decideCoupon(retake('o1'), state)).toEqual([
      { type: 'CouponRedeemed', data: { code: 'FIRST10', orderId: 'o1', customerId: 'a', discountPaise: 100, at } },
    ]);
    const taken = apply(state, [redeemed('b', 'o2')]);
    expect(() => decideCoupon(retake('o1'), taken)).toThrow('This coupon has reached its usage limit');
    expect(decideCoupon(retake('o2', 'b'), taken)).toEqual([]);
  });
});
