import { z } from 'zod';
import { registerEvents } from '../../core/event-registry.js';

/** Stock of one product lives in its own stream, so that reservations never contend with catalogue edits. */
export const inventoryStream = (productId: string) => `inventory-${productId}`;

export const inventoryEvents = {
  /** An admin or an import set the available quantity. */
  StockLevelSet: z.object({ productId: z.string().min(1), quantity: z.number().int().min(0), reason: z.string() }),
  StockReserved: z.object({ productId: z.string().min(1), orderId: z.string().min(1), quantity: z.number().int().positive() }),
  StockReleased: z.object({ productId: z.string().min(1), orderId: z.string().min(1), quantity: z.number().int().positive(), reason: z.string() }),
} as const;
registerEvents(inventoryEvents);

type Data<K extends keyof typeof inventoryEvents> = z.infer<(typeof inventoryEvents)[K]>;
export type InventoryEvent =
  | { type: 'StockLevelSet'; data: Data<'StockLevelSet'> }
  | { type: 'StockReserved'; data: Data<'StockReserved'> }
  | { type: 'StockReleased'; data: Data<'StockReleased'> };

export interface InventoryState {
  /** Units that can still be sold. */
  available: number;
  /** Units held per order. */
  reservations: Record<string, number>;
  known: boolean;
}

export const initialInventoryState = (): InventoryState => ({ available: 0, reservations: {}, known: false });

export function evolveInventory(state: InventoryState, event: InventoryEvent): InventoryState {
  switch (event.type) {
    case 'StockLevelSet':
      return { ...state, available: event.data.quantity, known: true };
    case 'StockReserved':
      return {
        ...state,
        available: state.available - event.data.quantity,
        reservations: { ...state.reservations, [event.data.orderId]: (state.reservations[event.data.orderId] ?? 0) + event.data.quantity },
      };
    case 'StockReleased': {
      const { [event.data.orderId]: _released, ...rest } = state.reservations;
      return { ...state, available: state.available + event.data.quantity, reservations: rest };
    }
    default: {
      const exhaustive: never = event;
      return exhaustive;
    }
  }
}
