import { ConflictError, ValidationError } from '../../core/errors.js';
import { beforeRelease, PREORDER_MESSAGES } from '../../shared/preorder.js';
import type { OrderLine, OrderStatus, PaymentMethod } from './order.js';

/**
 * The order rules of pre-orders (docs/decisions/0015-pre-orders.md), pure: a pre-order line is one whose product was a
 * pre-order when the order was placed (it carries the release date).
 */

/** The day the order can ship: the latest release date of its pre-order lines (null: it has none). */
export function shipsFrom(items: readonly OrderLine[]): string | null {
  let latest: string | null = null;
  for (const line of items) if (line.releaseDate !== undefined && (latest === null || line.releaseDate > latest)) latest = line.releaseDate;
  return latest;
}

/** Pre-orders are paid online: cash on delivery is refused for an order with any pre-order line. */
export function refuseCashForPreorders(items: readonly OrderLine[], paymentMethod: PaymentMethod): void {
  if (paymentMethod === 'cod' && shipsFrom(items) !== null) throw new ValidationError(PREORDER_MESSAGES.onlineOnly);
}

/** An order with pre-order lines leaves the warehouse (shipped, or delivered) only from its release date in India. */
export function refuseShippingBeforeRelease(items: readonly OrderLine[], to: OrderStatus, at: string): void {
  if (to !== 'shipped' && to !== 'delivered') return;
  const date = shipsFrom(items);
  if (date !== null && beforeRelease(date, at)) throw new ConflictError(PREORDER_MESSAGES.shipBeforeRelease(formatReleaseDate(date)));
}

/** 15 Mar 2027: the date as the storefront's 'Ships from' label shows it (en-IN). */
export const formatReleaseDate = (date: string): string =>
  new Date(`${date}T00:00:00Z`).toLocaleDateString('en-IN', { day: 'numeric', month: 'short', year: 'numeric', timeZone: 'UTC' });
