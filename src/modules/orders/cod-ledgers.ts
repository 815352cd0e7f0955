import { z } from 'zod';
import { registerEvents, type EventsOf } from '../../core/event-registry.js';
import { OPEN_COD_STATUSES, type CodHoldFacts } from './cod-holds.js';
import type { OrderState } from './order.js';

/**
 * The two ledgers new accounts' cash-on-delivery caps are decided from (docs/decisions/0018-cod-holds.md): one stream per
 * account (its open COD orders and their units) and one per product (the units all new accounts hold of it). A
 * checkout appends to them in the same atomic append as its order, expecting the versions it decided at; an order
 * command that ends or reopens a hold appends to them with the order's event. Two checkouts racing for the last place
 * under a cap write the same stream, so the store lets one through and the other is decided again against it.
 */
export const codAccountLedger = (customerId: string) => `codHolds-${customerId}`;
export const codShareLedger = (productId: string) => `codShare-${productId}`;

const iso = z.string().datetime({ offset: true });
const units = z.array(z.object({ productId: z.string().min(1), quantity: z.number().int().positive() }));

export const codLedgerEvents = {
  /** A new account's COD order began holding these units (placed, or reopened by an admin). */
  CodHoldOpened: z.object({ customerId: z.string().min(1), orderId: z.string().min(1), units, at: iso }),
  /** The order stopped holding: delivered or paid, cancelled, expired, released, returned to origin, deleted, refunded. */
  CodHoldClosed: z.object({ customerId: z.string().min(1), orderId: z.string().min(1), reason: z.string(), at: iso }),
  /** The units of one product a new account's COD order holds, counted toward all new accounts' share. */
  CodShareTaken: z.object({ productId: z.string().min(1), orderId: z.string().min(1), quantity: z.number().int().positive(), at: iso }),
  CodShareReturned: z.object({ productId: z.string().min(1), orderId: z.string().min(1), reason: z.string(), at: iso }),
  /**
   * A ledger's first event when holds already existed before it (orders placed before the ledgers were kept): its
   * opening balance, read once from the orders read model.
   */
  CodHoldsCarriedOver: z.object({ customerId: z.string().min(1), orders: z.array(z.object({ orderId: z.string().min(1), units })), at: iso }),
  CodShareCarriedOver: z.object({
    productId: z.string().min(1),
    orders: z.array(z.object({ orderId: z.string().min(1), quantity: z.number().int().positive() })),
    at: iso,
  }),
} as const;
registerEvents(codLedgerEvents);

export type CodAccountEvent = EventsOf<typeof codLedgerEvents, 'CodHoldOpened' | 'CodHoldClosed' | 'CodHoldsCarriedOver'>;
export type CodShareEvent = EventsOf<typeof codLedgerEvents, 'CodShareTaken' | 'CodShareReturned' | 'CodShareCarriedOver'>;
type Units = z.infer<typeof units>;

/** An account's open COD holds: units per product, by order. */
export type CodAccountState = Record<string, Units>;
/** A product's units held by new accounts' open COD orders, by order. */
export type CodShareState = Record<string, number>;

export function evolveCodAccount(state: CodAccountState, event: CodAccountEvent): CodAccountState {
  switch (event.type) {
    case 'CodHoldsCarriedOver':
      return { ...state, ...Object.fromEntries(event.data.orders.map((o) => [o.orderId, o.units])) };
    case 'CodHoldOpened':
      return { ...state, [event.data.orderId]: event.data.units };
    case 'CodHoldClosed': {
      const next = { ...state };
      delete next[event.data.orderId];
      return next;
    }
  }
}

export function evolveCodShare(state: CodShareState, event: CodShareEvent): CodShareState {
  switch (event.type) {
    case 'CodShareCarriedOver':
      return { ...state, ...Object.fromEntries(event.data.orders.map((o) => [o.orderId, o.quantity])) };
    case 'CodShareTaken':
      return { ...state, [event.data.orderId]: event.data.quantity };
    case 'CodShareReturned': {
      const next = { ...state };
      delete next[event.data.orderId];
      return next;
    }
  }
}

/** The facts the PlaceOrder decider checks the caps against, from the ledgers' states and each product's units on sale. */
export function codHoldFactsFrom(account: CodAccountState, shares: Record<string, CodShareState>, onSale: Record<string, number>): CodHoldFacts {
  const unitsHeld: Record<string, number> = {};
  for (const held of Object.values(account)) for (const u of held) unitsHeld[u.productId] = (unitsHeld[u.productId] ?? 0) + u.quantity;
  const newAccountsHeld: Record<string, number> = {};
  for (const [productId, share] of Object.entries(shares)) newAccountsHeld[productId] = Object.values(share).reduce((sum, n) => sum + n, 0);
  return { openCodOrders: Object.keys(account).length, unitsHeld, newAccountsHeld, onSale };
}

/** What a ledger change is about: the order, its shopper and units. */
export interface CodHold {
  orderId: string;
  customerId: string;
  units: Units;
}

/** Whether the order holds stock as a new account's open COD order (what the ledgers count). */
export function heldAsNewAccountCod(state: OrderState): CodHold | null {
  if (state.status !== 'active') return null;
  const o = state.order;
  if (!o.codNewAccount || o.paymentMethod !== 'cod') return null;
  if (!(OPEN_COD_STATUSES as readonly string[]).includes(o.status) || o.paymentStatus === 'completed' || o.paymentStatus === 'refunded') return null;
  return { orderId: o.orderId, customerId: o.customerId, units: o.items.map((l) => ({ productId: l.productId, quantity: l.quantity })) };
}

/**
 * The ledgers' side of an order command: `open` when the command made the order a hold (placed, or reopened by an
 * admin), `close` when it ended one; null when it changed nothing the ledgers count.
 */
export function codHoldChange(before: OrderState, after: OrderState): { effect: 'open' | 'close'; hold: CodHold; reason: string } | null {
  const was = heldAsNewAccountCod(before);
  const is = heldAsNewAccountCod(after);
  if (!was && is) return { effect: 'open', hold: is, reason: before.status === 'none' ? 'placed' : 'reopened' };
  if (was && !is) return { effect: 'close', hold: was, reason: closeReason(after) };
  return null;
}

/** Why a hold ended, in one word: the order's new status, or what happened to its payment. */
function closeReason(after: OrderState): string {
  if (after.status !== 'active') return 'deleted';
  const o = after.order;
  if (!(OPEN_COD_STATUSES as readonly string[]).includes(o.status)) return o.status;
  return o.paymentStatus === 'refunded' ? 'refunded' : 'paid';
}

/** The account ledger's events for a change (none when the ledger already shows it: a retried or carried-over order). */
export function decideCodAccount(state: CodAccountState, effect: 'open' | 'close', hold: CodHold, reason: string, at: string): CodAccountEvent[] {
  const known = hold.orderId in state;
  if (effect === 'open') return known ? [] : [{ type: 'CodHoldOpened', data: { customerId: hold.customerId, orderId: hold.orderId, units: hold.units, at } }];
  return known ? [{ type: 'CodHoldClosed', data: { customerId: hold.customerId, orderId: hold.orderId, reason, at } }] : [];
}

/** One product's share ledger's events for a change. */
export function decideCodShare(
  state: CodShareState,
  effect: 'open' | 'close',
  productId: string,
  orderId: string,
  quantity: number,
  reason: string,
  at: string,
): CodShareEvent[] {
  const known = orderId in state;
  if (effect === 'open') return known ? [] : [{ type: 'CodShareTaken', data: { productId, orderId, quantity, at } }];
  return known ? [{ type: 'CodShareReturned', data: { productId, orderId, reason, at } }] : [];
}
