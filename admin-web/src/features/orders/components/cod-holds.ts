import type { CodHold } from '@contract';

/** One product line of an open, unshipped cash-on-delivery order (GET /api/admin/cod-holds), as the wire contract has it. */
export type { CodHold };

/** Units held per product, most held first (ties by name): the panel's summary line per product. */
export interface ProductHold {
  productId: string;
  productName: string;
  units: number;
  orders: number;
  /** The oldest hold's placing time. */
  since: string;
}

export function holdsByProduct(holds: readonly CodHold[]): ProductHold[] {
  const byId = new Map<string, ProductHold & { orderIds: Set<string> }>();
  for (const h of holds) {
    const entry = byId.get(h.productId) ?? { productId: h.productId, productName: h.productName, units: 0, orders: 0, since: h.since, orderIds: new Set() };
    entry.units += h.quantity;
    entry.orderIds.add(h.orderId);
    entry.orders = entry.orderIds.size;
    if (h.since < entry.since) entry.since = h.since;
    byId.set(h.productId, entry);
  }
  return [...byId.values()].map(({ orderIds: _ids, ...p }) => p).sort((a, b) => b.units - a.units || a.productName.localeCompare(b.productName));
}

/** At least this many characters: the shopper is told the reason. */
export const MIN_REASON = 3;
export const releaseReasonProblem = (reason: string) => (reason.trim().length < MIN_REASON ? 'Please give a reason (the shopper is told it)' : null);

/** `1 unit`, `2 units`. */
export const count = (n: number, noun: string) => `${n} ${noun}${n === 1 ? '' : 's'}`;
