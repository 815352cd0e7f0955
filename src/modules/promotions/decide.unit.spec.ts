import { describe, expect, it } from 'vitest';
import { deciderSpec } from '../../../tests/helpers/decider-spec.js';
import { evolveCoupon, initialCouponState, type CouponEvent, type CouponTerms } from './coupon.js';
import { decideCoupon, type CouponCommand, type Redemption } from './decide.js';
import type { CartLine } from './discount.js';
import { couponTerms as terms } from '../../../tests/helpers/coupon-terms.js';

const at = '2026-11-28T10:00:00.000Z';
const created = (over: Partial<CouponTerms> = {}): CouponEvent => ({ type: 'CouponCreated', data: { code: 'FIRST10', ...terms(over), by: 'admin', at } });
const redeemed = (customerId: string, orderId = `o-${Math.random()}`): CouponEvent => ({
  type: 'CouponRedeemed',
  data: { code: 'FIRST10', orderId, customerId, discountPaise: 100, at },
});
const { given } = deciderSpec({ initialState: initialCouponState, evolve: evolveCoupon, decide: decideCoupon });
const lines: CartLine[] = [{ lineNo: 1, productId: 'p1', category: 'Anime Figures', unitPricePaise: 1500_00, quantity: 1 }];
const redeem = (over: Partial<Redemption> = {}): CouponCommand => ({
  type: 'RedeemCoupon',
  data: { orderId: 'o1', customerId: 'c1', lines, priorOrders: 0, at, ...over },
});

describe('coupon decider', () => {
  it('creates a coupon once per code', () => {
    given([])
      .when({ type: 'CreateCoupon', data: { code: 'FIRST10', terms: terms(), by: 'admin', at } })
      .then([created()]);
    given([created()])
      .when({ type: 'CreateCoupon', data: { code: 'FIRST10', terms: terms(), by: 'admin', at } })
      .thenRefuses(409, 'A coupon with this code already exists');
  });

  it('refuses terms that contradict themselves', () => {
    const create = (t: Partial<CouponTerms>): CouponCommand => ({ type: 'CreateCoupon', data: { code: 'X10', terms: terms(t), by: 'a', at } });
    given([])
      .when(create({ value: 10_001 }))
      .thenRefuses(400, 'A percentage discount cannot exceed 100%');
    given([])
      .when(create({ startsAt: at, endsAt: at }))
      .thenRefuses(400, 'The coupon must end after it starts');
    given([])
      .when(create({ maxUses: 5, maxUsesPerCustomer: 6 }))
      .thenRefuses(400, 'Uses per customer cannot exceed the total uses');
  });

  it('a use records the discount; pause, resume and an unchanged edit are idempotent', () => {
    given([created()])
      .when(redeem())
      .then([{ type: 'CouponRedeemed', data: { code: 'FIRST10', orderId: 'o1', customerId: 'c1', discountPaise: 150_00, at } }]);
    const pause: CouponCommand = { type: 'PauseCoupon', data: { by: 'a', at } };
    expect(given([created()]).when(pause).events()).toHaveLength(1);
    given([created(), { type: 'CouponPaused', data: { code: 'FIRST10', by: 'a', at } }])
      .when(pause)
      .thenNothingHappened();
    given([created()])
      .when({ type: 'ResumeCoupon', data: { by: 'a', at } })
      .thenNothingHappened();
    given([created()])
      .when({ type: 'EditCoupon', data: { terms: terms(), by: 'a', at } })
      .thenNothingHappened();
    given([])
      .when({ type: 'EditCoupon', data: { terms: terms(), by: 'a', at } })
      .thenRefuses(404, 'Coupon not found');
  });

  it("refuses a use with the shopper's messages", () => {
    given([]).when(redeem()).thenRefuses(400, 'Invalid coupon code');
    given([created(), { type: 'CouponPaused', data: { code: 'FIRST10', by: 'a', at } }])
      .when(redeem())
      .thenRefuses(400, 'Invalid coupon code');
    given([created({ startsAt: '2026-11-28T10:00:00.001Z' })])
      .when(redeem())
      .thenRefuses(400, 'Invalid coupon code');
    given([created({ maxUses: 2 }), redeemed('a'), redeemed('b')])
      .when(redeem())
      .thenRefuses(409, 'This coupon has reached its usage limit');
    given([created({ maxUsesPerCustomer: 1 }), redeemed('c1')])
      .when(redeem())
      .thenRefuses(400, 'You have already used this coupon');
    given([created({ firstOrderOnly: true })])
      .when(redeem({ priorOrders: 1 }))
      .thenRefuses(400, 'This coupon is for your first order only');
    given([created({ categories: ['keychains'] })])
      .when(redeem())
      .thenRefuses(400, 'This coupon does not apply to the items in your cart');
    given([created({ minOrderPaise: 1999_50 })])
      .when(redeem())
      .thenRefuses(400, 'Add items worth ₹499.50 more to use this coupon');
    given([created({ minOrderPaise: 2750_00 })])
      .when(redeem())
      .thenRefuses(400, 'Add items worth ₹1,250 more to use this coupon');
    given([created({ minOrderPaise: 1500_00 })])
      .when(redeem())
      .thenTypes(['CouponRedeemed']);
  });

  it('expires at the exact instant: usable a millisecond before endsAt, expired at it', () => {
    // 23:59:59 IST on 28 Nov 2026 is 18:29:59 UTC.
    const events = [created({ endsAt: '2026-11-28T18:29:59.000Z' })];
    given(events)
      .when(redeem({ at: '2026-11-28T18:29:58.999Z' }))
      .thenTypes(['CouponRedeemed']);
    given(events)
      .when(redeem({ at: '2026-11-28T18:29:59.000Z' }))
      .thenRefuses(400, 'This coupon has expired');
  });

  it('counts uses per customer and overall', () => {
    const state = given([created(), redeemed('a'), redeemed('a'), redeemed('b')]).state();
    expect(state.status === 'active' && state.coupon.uses).toBe(3);
    expect(state.status === 'active' && state.coupon.usesByCustomer).toEqual({ a: 2, b: 1 });
  });
});

describe('a use given back and taken again', () => {
  const giveBack = (orderId: string): CouponCommand => ({ type: 'ReturnCouponUse', data: { orderId, reason: 'OrderExpired', at } });
  const retake = (orderId: string, customerId = 'a'): CouponCommand => ({ type: 'RetakeCouponUse', data: { orderId, customerId, discountPaise: 100, at } });
  const returnedUse = (orderId: string, customerId: string, reason: string): CouponEvent => ({
    type: 'CouponUseReturned',
    data: { code: 'FIRST10', orderId, customerId, discountPaise: 100, reason, at },
  });

  it("an order that stops holding its goods gives its use back, once, and the coupon's counts follow", () => {
    const history = [created({ maxUses: 1, maxUsesPerCustomer: 1 }), redeemed('a', 'o1')];
    given(history)
      .when(giveBack('o1'))
      .then([returnedUse('o1', 'a', 'OrderExpired')]);
    const after = [...history, returnedUse('o1', 'a', 'OrderExpired')];
    const state = given(after).state();
    expect(state.status === 'active' && [state.coupon.uses, state.coupon.usesByCustomer.a]).toEqual([0, 0]);
    given(after).when(giveBack('o1')).thenNothingHappened();
    // the last use is free again, for the same shopper too
    given(after)
      .when(redeem({ orderId: 'o2', customerId: 'a' }))
      .thenTypes(['CouponRedeemed']);
  });

  it('an order that never used the coupon gives nothing back', () => {
    given([created(), redeemed('a', 'o1')])
      .when(giveBack('o9'))
      .thenNothingHappened();
    given([]).when(giveBack('o1')).thenNothingHappened();
  });

  it('a reopened order takes its use again within the limits, keeping its discount', () => {
    const history = [created({ maxUses: 1 }), redeemed('a', 'o1'), returnedUse('o1', 'a', 'x')];
    given(history)
      .when(retake('o1'))
      .then([{ type: 'CouponRedeemed', data: { code: 'FIRST10', orderId: 'o1', customerId: 'a', discountPaise: 100, at } }]);
    const taken = [...history, redeemed('b', 'o2')];
    given(taken).when(retake('o1')).thenRefuses(409, 'This coupon has reached its usage limit');
    given(taken).when(retake('o2', 'b')).thenNothingHappened();
  });
});
