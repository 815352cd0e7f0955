import { ConflictError } from '../../core/errors.js';
import type { OrderEvent, OrderLine, PlacedOrder } from './order.js';

/**
 * Cash-on-delivery holds of new accounts (docs/decisions/0018-cod-holds.md). A COD order reserves stock with nothing
 * paid until the parcel is delivered, and an account costs nothing to open: so an account whose e-mail address is not
 * verified, or that was opened less than `newAccountDays` ago, may hold only a little of one product through open COD
 * orders. Older verified accounts keep the general caps of holds.ts. Online payment is never limited here.
 */
export interface CodHoldCaps {
  /** Accounts younger than this many days count as new, verified or not. */
  newAccountDays: number;
  /** Units of one product a new account may hold across its open COD orders, the new order included. */
  unitsPerProduct: number;
  /** Open COD orders a new account may have at once, the new one included. */
  openOrders: number;
  /**
   * The share (percent) of a product's units that all new accounts together may hold through open COD orders: many
   * throwaway accounts cannot take what one may not. Never below `unitsPerProduct`, so one new shopper can always buy.
   */
  newAccountsSharePercent: number;
}

export const DEFAULT_COD_HOLD_CAPS: CodHoldCaps = { newAccountDays: 7, unitsPerProduct: 2, openOrders: 2, newAccountsSharePercent: 20 };

/** What the shopper holds now through open COD orders (placed, not yet delivered or cancelled), from the ledgers (cod-ledgers.ts). */
export interface CodHoldFacts {
  openCodOrders: number;
  unitsHeld: Record<string, number>;
  /** Units of each product that every new account together holds through open COD orders (this shopper's included). */
  newAccountsHeld: Record<string, number>;
  /** Units of each product still on sale (not reserved). */
  onSale: Record<string, number>;
}

export const NO_COD_HOLDS: CodHoldFacts = { openCodOrders: 0, unitsHeld: {}, newAccountsHeld: {}, onSale: {} };

/** The statuses of a COD order whose stock is still held for an unpaid parcel (delivered means paid; cancelled released it). */
export const OPEN_COD_STATUSES = ['pending', 'placed', 'confirmed', 'processing', 'shipped'] as const;

/** The statuses of an open COD order an admin can still release: its parcel has not left the warehouse. */
export const RELEASABLE_COD_STATUSES = ['pending', 'placed', 'confirmed', 'processing'] as const;

/** The caps as the operator set them; null when COD_NEW_ACCOUNT_LIMITS is off. */
export function codHoldCapsFrom(env: {
  COD_NEW_ACCOUNT_LIMITS: boolean;
  COD_NEW_ACCOUNT_DAYS: number;
  COD_NEW_ACCOUNT_MAX_UNITS: number;
  COD_NEW_ACCOUNT_MAX_ORDERS: number;
  COD_NEW_ACCOUNTS_SHARE_PERCENT: number;
}): CodHoldCaps | null {
  if (!env.COD_NEW_ACCOUNT_LIMITS) return null;
  return {
    newAccountDays: env.COD_NEW_ACCOUNT_DAYS,
    unitsPerProduct: env.COD_NEW_ACCOUNT_MAX_UNITS,
    openOrders: env.COD_NEW_ACCOUNT_MAX_ORDERS,
    newAccountsSharePercent: env.COD_NEW_ACCOUNTS_SHARE_PERCENT,
  };
}

/** What all new accounts together may hold of a product: its share of the units on sale and held by them, at least one account's cap. */
export function newAccountsAllowance(caps: CodHoldCaps, onSale: number, newAccountsHeld: number): number {
  return Math.max(caps.unitsPerProduct, Math.floor(((onSale + newAccountsHeld) * caps.newAccountsSharePercent) / 100));
}

/** Whether the account counts as new at `at`: its address not verified, or opened less than `days` ago. */
export function isNewAccount(customer: { emailVerified?: boolean; registeredAt?: string }, days: number, at: string): boolean {
  if (!customer.emailVerified) return true;
  if (!customer.registeredAt) return false;
  return Date.parse(at) - Date.parse(customer.registeredAt) < days * 86_400_000;
}

const newAccountRule = (caps: CodHoldCaps) =>
  `New accounts (e-mail address not verified, or opened less than ${caps.newAccountDays} days ago) can hold at most`;

/**
 * The caps as a decision: 409 with what the shopper can do instead (pay online, or wait for a delivery). Returns
 * whether the order is a new account's (it then counts toward what new accounts hold together).
 */
export function refuseNewAccountCodHoarding(
  items: OrderLine[],
  customer: { emailVerified?: boolean; registeredAt?: string },
  facts: CodHoldFacts,
  caps: CodHoldCaps,
  at: string,
): boolean {
  if (!isNewAccount(customer, caps.newAccountDays, at)) return false;
  if (facts.openCodOrders + 1 > caps.openOrders) {
    throw new ConflictError(
      `${newAccountRule(caps)} ${caps.openOrders} open cash-on-delivery orders; you have ${facts.openCodOrders}. Please pay online, or wait until one is delivered.`,
    );
  }
  for (const item of items) {
    const held = facts.unitsHeld[item.productId] ?? 0;
    if (held + item.quantity > caps.unitsPerProduct) {
      throw new ConflictError(
        `${newAccountRule(caps)} ${caps.unitsPerProduct} of ${item.name} in cash-on-delivery orders${held > 0 ? `; you already have ${held}` : ''}. Please pay online for more.`,
      );
    }
    const together = facts.newAccountsHeld[item.productId] ?? 0;
    const allowance = newAccountsAllowance(caps, facts.onSale[item.productId] ?? 0, together);
    if (together + item.quantity > allowance) {
      throw new ConflictError(
        `${item.name} is in high demand: new accounts together can hold only ${allowance} of it in cash-on-delivery orders right now. Please pay online.`,
      );
    }
  }
  return true;
}

export const NOT_A_HOLD_MESSAGE = 'Only an open cash-on-delivery order that has not shipped can be released.';

/**
 * An admin releases a hold: the open, unshipped COD order is cancelled with the admin's reason (the shopper's message
 * quotes it) and its stock goes back on sale. Releasing an order already cancelled changes nothing (a retried click).
 */
export function releaseCodHold(order: PlacedOrder, data: { reason: string; by: string; at: string }): OrderEvent[] {
  if (order.status === 'cancelled') return [];
  const open = (RELEASABLE_COD_STATUSES as readonly string[]).includes(order.status);
  if (order.paymentMethod !== 'cod' || !open || order.paymentStatus === 'completed' || order.paymentStatus === 'refunded') {
    throw new ConflictError(NOT_A_HOLD_MESSAGE);
  }
  return [
    {
      type: 'OrderStatusChanged',
      data: {
        orderId: order.orderId,
        from: order.status,
        to: 'cancelled',
        stock: order.stockHeld ? 'released' : 'kept',
        reason: data.reason,
        by: data.by,
        at: data.at,
      },
    },
  ];
}
