import { handleCommand, streamWrite, type CommandContext } from '../../core/command-handler.js';
import type { AppendResult, EventStore, StreamWrite } from '../../core/event-store.js';
import { loadSnapshotted } from '../../core/snapshots.js';
import { COUPON_SNAPSHOT_KIND, couponStream, type CouponEvent, type CouponState, type CouponTerms } from './coupon.js';
import { couponDecider, decideCoupon, judgeRedemption, type CouponCommand, type Redemption } from './decide.js';

/** A coupon's stream grows by one event per use, so it is folded from its snapshot and the events after it. */
export function loadCoupon(store: EventStore, code: string): Promise<{ state: CouponState; version: number }> {
  return loadSnapshotted<CouponState, CouponEvent>(store, couponStream(code), couponDecider, COUPON_SNAPSHOT_KIND);
}

/** An admin's command on one coupon, through the command pipeline. */
export async function runCouponCommand(store: EventStore, code: string, command: CouponCommand, context: CommandContext): Promise<AppendResult | null> {
  const { result } = await handleCommand(store, couponStream(code), couponDecider, command, context);
  return result;
}

export const createCoupon = (store: EventStore, code: string, terms: CouponTerms, by: string, context: CommandContext) =>
  runCouponCommand(store, code, { type: 'CreateCoupon', data: { code, terms, by, at: at(context) } }, context);

export const editCoupon = (store: EventStore, code: string, terms: CouponTerms, by: string, context: CommandContext) =>
  runCouponCommand(store, code, { type: 'EditCoupon', data: { terms, by, at: at(context) } }, context);

export const pauseCoupon = (store: EventStore, code: string, paused: boolean, by: string, context: CommandContext) =>
  runCouponCommand(store, code, { type: paused ? 'PauseCoupon' : 'ResumeCoupon', data: { by, at: at(context) } }, context);

const at = (context: CommandContext) => (context.now ?? new Date()).toISOString();

/**
 * One use of a coupon, decided against its stream as it is now, as a write for order placement to append with the
 * order and its stock in one atomic append: the write expects the version the use was decided at, so two orders that
 * both saw the last use free cannot both be appended (the loser re-decides and is refused). Returns each line's share
 * of the discount.
 */
export async function couponRedemption(
  store: EventStore,
  code: string,
  redemption: Redemption,
  context: CommandContext,
): Promise<{ discountPaise: number; lineDiscounts: Map<number, number>; write: StreamWrite }> {
  const { state, version } = await loadCoupon(store, code);
  const priced = judgeRedemption(state, redemption);
  const events = decideCoupon({ type: 'RedeemCoupon', data: redemption }, state);
  return { discountPaise: priced.discountPaise, lineDiscounts: priced.lineDiscounts, write: streamWrite(couponStream(code), version, events, context) };
}

/** What a cart would get from a code now, without using it (the checkout's coupon field). */
export async function previewCoupon(store: EventStore, code: string, redemption: Redemption) {
  const { state } = await loadCoupon(store, code);
  return judgeRedemption(state, redemption);
}

/**
 * The coupon's side of an order that releases or re-reserves its stock, as a write for the order's command to append
 * with its own events: `return` gives the order's use back, `retake` takes it again (refused when the coupon has no
 * use left). Nothing when the order used no coupon or nothing changes.
 */
export async function couponUseWrites(
  store: EventStore,
  code: string,
  change: { effect: 'return'; orderId: string; reason: string } | { effect: 'retake'; orderId: string; customerId: string; discountPaise: number },
  context: CommandContext,
): Promise<StreamWrite[]> {
  const { state, version } = await loadCoupon(store, code);
  const at = (context.now ?? new Date()).toISOString();
  const command: CouponCommand =
    change.effect === 'return'
      ? { type: 'ReturnCouponUse', data: { orderId: change.orderId, reason: change.reason, at } }
      : { type: 'RetakeCouponUse', data: { orderId: change.orderId, customerId: change.customerId, discountPaise: change.discountPaise, at } };
  const events = decideCoupon(command, state);
  return events.length === 0 ? [] : [streamWrite(couponStream(code), version, events, context)];
}
