import { describe, expect, it } from 'vitest';
import { decideInventory, InsufficientStockError } from './decide.js';
import { evolveInventory, initialInventoryState, type InventoryEvent } from './inventory.js';

const given = (events: InventoryEvent[]) => events.reduce(evolveInventory, initialInventoryState());
const stock = (quantity: number): InventoryEvent => ({ type: 'StockLevelSet', data: { productId: 'p1', quantity, reason: 'created' } });

describe('inventory decider', () => {
  it('reserves when enough is available', () => {
    expect(decideInventory({ type: 'ReserveStock', data: { productId: 'p1', orderId: 'o1', quantity: 3 } }, given([stock(5)]))).toEqual([
      { type: 'StockReserved', data: { productId: 'p1', orderId: 'o1', quantity: 3 } },
    ]);
  });

  it('refuses more than is available with the number left', () => {
    const state = given([stock(5), { type: 'StockReserved', data: { productId: 'p1', orderId: 'o1', quantity: 4 } }]);
    expect(() => decideInventory({ type: 'ReserveStock', data: { productId: 'p1', orderId: 'o2', quantity: 2, productName: 'Goku' } }, state)).toThrow(
      'Insufficient Stock: Only 1 items available for Goku.',
    );
    expect(() => decideInventory({ type: 'ReserveStock', data: { productId: 'p1', orderId: 'o2', quantity: 1 } }, given([]))).toThrow(InsufficientStockError);
  });

  it('is idempotent per order and releases exactly what the order held', () => {
    const state = given([stock(5), { type: 'StockReserved', data: { productId: 'p1', orderId: 'o1', quantity: 2 } }]);
    expect(decideInventory({ type: 'ReserveStock', data: { productId: 'p1', orderId: 'o1', quantity: 2 } }, state)).toEqual([]);
    const released = decideInventory({ type: 'ReleaseStock', data: { productId: 'p1', orderId: 'o1', reason: 'cancelled' } }, state);
    expect(released).toEqual([{ type: 'StockReleased', data: { productId: 'p1', orderId: 'o1', quantity: 2, reason: 'cancelled' } }]);
    const after = released.reduce(evolveInventory, state);
    expect(after.available).toBe(5);
    expect(decideInventory({ type: 'ReleaseStock', data: { productId: 'p1', orderId: 'o1', reason: 'cancelled' } }, after)).toEqual([]);
  });
});
