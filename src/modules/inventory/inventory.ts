import { InventoryEvent } from './events.js';

export * from './events.js';

/** Stock of one product lives in its own stream, so that reservations never contend with catalogue edits. */
export const inventoryStream = (productId: string) => `inventory-${productId}`;

export interface InventoryState {
  /** Units that can still be sold. */
  available: number;
  /** Units held per order. */
  reservations: Record<string, number>;
  known: boolean;
}

export const initialInventoryState = (): InventoryState => ({ available: 0, reservations: {}, known: false });

/**
 * Folds events onto a state: one copy of the state, then each event applied in place. (A per-event copy of the
 * reservations would make folding a popular product's stream quadratic: 20,000 reservations took about a minute.)
 */
export function foldInventory(state: InventoryState, events: readonly InventoryEvent[]): InventoryState {
  const next: InventoryState = { ...state, reservations: { ...state.reservations } };
  for (const event of events) {
    switch (event.type) {
      case 'StockLevelSet':
        next.available = event.data.quantity;
        next.known = true;
        break;
      case 'StockReserved':
        next.available -= event.data.quantity;
        next.reservations[event.data.orderId] = (next.reservations[event.data.orderId] ?? 0) + event.data.quantity;
        break;
      case 'StockReleased': {
        // A whole reservation released, or part of it (returned units put back on sale).
        next.available += event.data.quantity;
        const left = (next.reservations[event.data.orderId] ?? 0) - event.data.quantity;
        if (left > 0) next.reservations[event.data.orderId] = left;
        else delete next.reservations[event.data.orderId];
        break;
      }
      default: {
        const exhaustive: never = event;
        return exhaustive;
      }
    }
  }
  return next;
}

export function evolveInventory(state: InventoryState, event: InventoryEvent): InventoryState {
  return foldInventory(state, [event]);
}
