import { describe, expect, it } from 'vitest';
import { decideInventory, InsufficientStockError } from './decide.js';
import { evolveInventory, foldInventory, initialInventoryState, type InventoryEvent } from './inventory.js';

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

  it('says which product and how many are left: the 409 carries the shopper-facing message and { productId, available }', () => {
    const reserve = (quantity: number, productName?: string) => () =>
      decideInventory({ type: 'ReserveStock', data: { productId: 'p1', orderId: 'o2', quantity, ...(productName ? { productName } : {}) } }, state);
    const state = given([stock(5), { type: 'StockReserved', data: { productId: 'p1', orderId: 'o1', quantity: 4 } }]);
    expect(reserve(2)).toThrow('Insufficient Stock: Only 1 items available.');
    expect(reserve(2, 'Goku')).toThrow(expect.objectContaining({ statusCode: 409, details: { productId: 'p1', available: 1 } }));
  });

  it('calls a product with nothing left out of stock, by name when the order names it', () => {
    const soldOut = given([stock(2), { type: 'StockReserved', data: { productId: 'p1', orderId: 'o1', quantity: 2 } }]);
    const reserve = (productName?: string) => () =>
      decideInventory({ type: 'ReserveStock', data: { productId: 'p1', orderId: 'o2', quantity: 1, ...(productName ? { productName } : {}) } }, soldOut);
    expect(reserve('Goku')).toThrow('Out of Stock: Goku is currently out of stock.');
    expect(reserve()).toThrow('Out of Stock: this product is currently out of stock.');
  });

  it('a first stock level of 0 is recorded (the product becomes known); the same level again writes nothing', () => {
    const setZero = { type: 'SetStockLevel' as const, data: { productId: 'p1', quantity: 0, reason: 'created' } };
    expect(initialInventoryState().known).toBe(false);
    expect(decideInventory(setZero, initialInventoryState())).toEqual([stock(0)]);
    expect(decideInventory(setZero, given([stock(0)]))).toEqual([]);
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

  it('folds many events at once to the same state as event by event, leaving the state it started from untouched', () => {
    const events: InventoryEvent[] = [stock(100)];
    for (let i = 0; i < 50; i++) events.push({ type: 'StockReserved', data: { productId: 'p1', orderId: `o${i % 20}`, quantity: 1 + (i % 3) } });
    for (let i = 0; i < 20; i += 3) events.push({ type: 'StockReleased', data: { productId: 'p1', orderId: `o${i}`, quantity: 1, reason: 'cancelled' } });
    events.push(stock(40));
    const start = given([stock(7), { type: 'StockReserved', data: { productId: 'p1', orderId: 'before', quantity: 2 } }]);
    const frozen = JSON.stringify(start);
    expect(foldInventory(start, events)).toEqual(events.reduce(evolveInventory, start));
    expect(JSON.stringify(start)).toBe(frozen);
  });
});
