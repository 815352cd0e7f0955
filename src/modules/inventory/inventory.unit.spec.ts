import { describe, expect, it } from 'vitest';
import { deciderSpec } from '../../../tests/helpers/decider-spec.js';
import { decideInventory, InsufficientStockError } from './decide.js';
import { evolveInventory, foldInventory, initialInventoryState, type InventoryEvent } from './inventory.js';

const { given } = deciderSpec({ initialState: initialInventoryState, evolve: evolveInventory, decide: decideInventory });
const stock = (quantity: number): InventoryEvent => ({ type: 'StockLevelSet', data: { productId: 'p1', quantity, reason: 'created' } });
const reserved = (orderId: string, quantity: number): InventoryEvent => ({ type: 'StockReserved', data: { productId: 'p1', orderId, quantity } });

describe('inventory decider', () => {
  it('reserves when enough is available', () => {
    given([stock(5)])
      .when({ type: 'ReserveStock', data: { productId: 'p1', orderId: 'o1', quantity: 3 } })
      .then([{ type: 'StockReserved', data: { productId: 'p1', orderId: 'o1', quantity: 3 } }]);
  });

  it('refuses more than is available with the number left', () => {
    given([stock(5), reserved('o1', 4)])
      .when({ type: 'ReserveStock', data: { productId: 'p1', orderId: 'o2', quantity: 2, productName: 'Goku' } })
      .thenThrows('Insufficient Stock: Only 1 items available for Goku.');
    given([])
      .when({ type: 'ReserveStock', data: { productId: 'p1', orderId: 'o2', quantity: 1 } })
      .thenThrows(InsufficientStockError);
  });

  it('says which product and how many are left: the 409 carries the shopper-facing message and { productId, available }', () => {
    const reserve = (quantity: number, productName?: string) =>
      given([stock(5), reserved('o1', 4)]).when({
        type: 'ReserveStock',
        data: { productId: 'p1', orderId: 'o2', quantity, ...(productName ? { productName } : {}) },
      });
    reserve(2).thenThrows('Insufficient Stock: Only 1 items available.');
    reserve(2, 'Goku').thenThrows(expect.objectContaining({ statusCode: 409, details: { productId: 'p1', available: 1 } }) as Error);
  });

  it('calls a product with nothing left out of stock, by name when the order names it', () => {
    const reserve = (productName?: string) =>
      given([stock(2), reserved('o1', 2)]).when({
        type: 'ReserveStock',
        data: { productId: 'p1', orderId: 'o2', quantity: 1, ...(productName ? { productName } : {}) },
      });
    reserve('Goku').thenThrows('Out of Stock: Goku is currently out of stock.');
    reserve().thenThrows('Out of Stock: this product is currently out of stock.');
  });

  it('a first stock level of 0 is recorded (the product becomes known); the same level again writes nothing', () => {
    const setZero = { type: 'SetStockLevel' as const, data: { productId: 'p1', quantity: 0, reason: 'created' } };
    expect(initialInventoryState().known).toBe(false);
    given([])
      .when(setZero)
      .then([stock(0)]);
    given([stock(0)])
      .when(setZero)
      .thenNothingHappened();
  });

  it('is idempotent per order and releases exactly what the order held', () => {
    const holding = given([stock(5), reserved('o1', 2)]);
    holding.when({ type: 'ReserveStock', data: { productId: 'p1', orderId: 'o1', quantity: 2 } }).thenNothingHappened();
    const release = holding.when({ type: 'ReleaseStock', data: { productId: 'p1', orderId: 'o1', reason: 'cancelled' } });
    release.then([{ type: 'StockReleased', data: { productId: 'p1', orderId: 'o1', quantity: 2, reason: 'cancelled' } }]);
    expect(release.state().available).toBe(5);
    given(release.history())
      .when({ type: 'ReleaseStock', data: { productId: 'p1', orderId: 'o1', reason: 'cancelled' } })
      .thenNothingHappened();
  });

  it('folds many events at once to the same state as event by event, leaving the state it started from untouched', () => {
    const events: InventoryEvent[] = [stock(100)];
    for (let i = 0; i < 50; i++) events.push({ type: 'StockReserved', data: { productId: 'p1', orderId: `o${i % 20}`, quantity: 1 + (i % 3) } });
    for (let i = 0; i < 20; i += 3) events.push({ type: 'StockReleased', data: { productId: 'p1', orderId: `o${i}`, quantity: 1, reason: 'cancelled' } });
    events.push(stock(40));
    const start = given([stock(7), reserved('before', 2)]).state();
    const frozen = JSON.stringify(start);
    expect(foldInventory(start, events)).toEqual(events.reduce(evolveInventory, start));
    expect(JSON.stringify(start)).toBe(frozen);
  });
});
