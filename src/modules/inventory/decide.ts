import { ConflictError } from '../../core/errors.js';
import type { InventoryEvent, InventoryState } from './inventory.js';

export type InventoryCommand =
  | { type: 'SetStockLevel'; data: { productId: string; quantity: number; reason: string } }
  | { type: 'ReserveStock'; data: { productId: string; orderId: string; quantity: number; productName?: string } }
  | { type: 'ReleaseStock'; data: { productId: string; orderId: string; reason: string } }
  /** Units of a delivered order that came back fit to sell: on sale again, never more than the order holds. */
  | { type: 'RestockReturned'; data: { productId: string; orderId: string; quantity: number; reason: string } };

export class InsufficientStockError extends ConflictError {
  constructor(
    readonly productId: string,
    readonly available: number,
    productName?: string,
  ) {
    super(
      available > 0
        ? `Insufficient Stock: Only ${available} items available${productName ? ` for ${productName}` : ''}.`
        : `Out of Stock: ${productName ?? 'this product'} is currently out of stock.`,
      { productId, available },
    );
  }
}

export function decideInventory(command: InventoryCommand, state: InventoryState): InventoryEvent[] {
  switch (command.type) {
    case 'SetStockLevel': {
      // The admin states the sellable quantity; held reservations stay held.
      if (state.known && state.available === command.data.quantity) return [];
      return [{ type: 'StockLevelSet', data: command.data }];
    }
    case 'ReserveStock': {
      const { productId, orderId, quantity, productName } = command.data;
      if (state.reservations[orderId]) return []; // already reserved for this order: idempotent
      if (quantity > state.available) throw new InsufficientStockError(productId, Math.max(0, state.available), productName);
      return [{ type: 'StockReserved', data: { productId, orderId, quantity } }];
    }
    case 'ReleaseStock': {
      const held = state.reservations[command.data.orderId];
      if (!held) return [];
      return [
        { type: 'StockReleased', data: { productId: command.data.productId, orderId: command.data.orderId, quantity: held, reason: command.data.reason } },
      ];
    }
    case 'RestockReturned': {
      const { productId, orderId, quantity, reason } = command.data;
      const back = Math.min(quantity, state.reservations[orderId] ?? 0);
      if (back <= 0) return [];
      return [{ type: 'StockReleased', data: { productId, orderId, quantity: back, reason } }];
    }
    default: {
      const exhaustive: never = command;
      return exhaustive;
    }
  }
}
