import type { ReturnDto } from '@contract';
// The rules and the kit are imported by their `.js` paths: the server's type check (tests/admin-web) reads this file
// with node16 resolution, where `@contract/return-rules` and the kit's extensionless paths do not resolve.
import {
  REJECTION_REASON_REQUIRED,
  RETURN_REASON_MAX,
  RETURN_REASON_TOO_LONG,
  RETURN_STATUSES,
  type ReturnStatus,
} from '../../../../../src/contract/return-rules.js';
import type { Tone } from '../../../../../shared-web/orders/statuses.js';

/** A return as GET /api/admin/returns sends it (the wire contract's type). */
export type { ReturnDto };
export { RETURN_REASON_MAX, RETURN_STATUSES, type ReturnStatus };

export type ReturnAction = 'approve' | 'reject' | 'receive';

/**
 * What the admin may do with a return in each status: a requested one is approved (the pickup is booked) or rejected;
 * an approved one is received once the parcel is back. Rejected, received and refunded returns are settled.
 */
const ACTIONS: Record<ReturnStatus, readonly ReturnAction[]> = {
  requested: ['approve', 'reject'],
  approved: ['receive'],
  rejected: [],
  received: [],
  refunded: [],
};
export const actionsFor = (status: string): readonly ReturnAction[] => ACTIONS[status as ReturnStatus] ?? [];

/** requested amber (waiting on the admin), approved blue, received indigo, refunded green, rejected red. */
const TONES: Record<ReturnStatus, Tone> = { requested: 'amber', approved: 'blue', rejected: 'red', received: 'indigo', refunded: 'green' };
export const returnStatusTone = (status: string): Tone => TONES[status as ReturnStatus] ?? 'grey';
export const returnStatusLabel = (status: string) => (status ? status.charAt(0).toUpperCase() + status.slice(1) : 'Unknown');

/** The same rule the server applies to a rejection's reason (trimmed, required, at most RETURN_REASON_MAX characters). */
export function rejectionReasonProblem(reason: string): string | null {
  const text = reason.trim();
  if (!text) return REJECTION_REASON_REQUIRED;
  if (text.length > RETURN_REASON_MAX) return RETURN_REASON_TOO_LONG;
  return null;
}

/** `Goku Statue × 2, Nami Figure × 1`. */
export const itemsSummary = (ret: Pick<ReturnDto, 'items'>) => ret.items.map((i) => `${i.name} × ${i.quantity}`).join(', ');

/** Where the refund goes: back to the original payment, or (cash on delivery) to the shopper's UPI id. */
export const refundDestination = (ret: Pick<ReturnDto, 'refundTo' | 'upiId'>) =>
  ret.refundTo === 'upi' ? `UPI ${ret.upiId || '(erased)'}` : 'Original payment';

/** Resellable units per returned line (by line number), as the Receive dialog starts: every unit is fit to sell again. */
export type ResellableCounts = Record<number, number>;
export const allResellable = (ret: Pick<ReturnDto, 'items'>): ResellableCounts => Object.fromEntries(ret.items.map((i) => [i.lineNo, i.quantity]));

/** A count the admin typed, kept to whole units between 0 and what came back on that line. */
export function clampResellable(value: number, quantity: number): number {
  if (!Number.isFinite(value)) return 0;
  return Math.min(quantity, Math.max(0, Math.trunc(value)));
}

/**
 * The body of POST /api/admin/returns/{id}/receive: per product, how many units go back on sale (0 included, so the
 * server hears about every returned product).
 */
export function receivePayload(ret: Pick<ReturnDto, 'items'>, counts: ResellableCounts): { items: { productId: string; resellable: number }[] } {
  const byProduct = new Map<string, number>();
  for (const item of ret.items) {
    const fit = clampResellable(counts[item.lineNo] ?? item.quantity, item.quantity);
    byProduct.set(item.productId, (byProduct.get(item.productId) ?? 0) + fit);
  }
  return { items: [...byProduct].map(([productId, resellable]) => ({ productId, resellable })) };
}

/** What a received return put back on sale: `1 of 2 units back on sale` (null until received). */
export function resellableSummary(received: ReturnDto['receivedItems']): string | null {
  if (!received) return null;
  const units = received.reduce((n, i) => n + i.quantity, 0);
  const fit = received.reduce((n, i) => n + i.resellable, 0);
  return `${fit} of ${units} ${units === 1 ? 'unit' : 'units'} back on sale`;
}

/**
 * A UPI refund's payout to the shopper, once the payouts are sent by the store: pending, paid (the provider's
 * reference) or failed (the reason; the admin may send it again). Read defensively: a server without payouts sends none.
 */
export type ReturnPayout = { status: 'pending' | 'paid' | 'failed'; reference: string | null; reason: string | null };
export const payoutOf = (ret: object): ReturnPayout | null => (ret as { payout?: ReturnPayout | null }).payout ?? null;

export function payoutLabel(payout: ReturnPayout | null): string | null {
  if (!payout) return null;
  if (payout.status === 'paid') return `Paid out${payout.reference ? ` (${payout.reference})` : ''}`;
  if (payout.status === 'failed') return `Payout failed${payout.reason ? `: ${payout.reason}` : ''}`;
  return 'Payout pending';
}
export const canRetryPayout = (ret: object) => payoutOf(ret)?.status === 'failed';

/** How many pages a list of `total` returns takes at `limit` a page (at least one). */
export const pagesOf = (total: number, limit: number) => Math.max(1, Math.ceil(total / limit));
