import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, loginAdmin, signUp, type TestContext } from '../../../tests/helpers/test-runtime.js';
import { PUNE_SHIPPING as address } from '../../../tests/helpers/test-orders.js';
import { createTestProduct } from '../../../tests/helpers/test-products.js';
import { stockEventsOfOrder } from './order-stock-events.js';
import type { EventQuery } from '../../core/event-store.js';
import { findEventsByReading } from '../../event-store/log-reads-by-reading.js';

describe("an order's stock events", () => {
  let t: TestContext;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => t?.close());

  it('are only its own, out of inventory streams shared with other orders, on both store paths', async () => {
    const shopper = await signUp(t.app);
    const admin = await loginAdmin(t.app);
    const a = await createTestProduct(t.runtime, { price: 600 });
    const b = await createTestProduct(t.runtime, { price: 700 });
    const place = async (items: { id: string; quantity: number }[]) =>
      (await t.app.inject({ method: 'POST', url: '/api/orders', headers: shopper.auth, payload: { ...address, payment_method: 'cod', items } })).json()
        .order as { id: string };
    const first = await place([
      { id: a.id, quantity: 1 },
      { id: b.id, quantity: 1 },
    ]);
    const second = await place([{ id: a.id, quantity: 2 }]);
    const third = await place([{ id: b.id, quantity: 2 }]);
    expect(
      (await t.app.inject({ method: 'PUT', url: `/api/admin/orders/${first.id}/status`, headers: admin.auth, payload: { status: 'cancelled' } })).statusCode,
    ).toBe(200);

    // The store's own query (PostgreSQL: the database picks the events out) and the log read through (EventStoreDB).
    const logOnly = Object.create(t.runtime.store, {
      findEvents: { value: (query: EventQuery) => findEventsByReading(t.runtime.store, query) },
    }) as typeof t.runtime.store;
    for (const store of [t.runtime.store, logOnly]) {
      const mine = await stockEventsOfOrder({ store }, [a.id, b.id, a.id], first.id);
      expect(mine.map((e) => `${e.type} ${e.streamId}`).sort()).toEqual(
        [`StockReleased inventory-${a.id}`, `StockReleased inventory-${b.id}`, `StockReserved inventory-${a.id}`, `StockReserved inventory-${b.id}`].sort(),
      );
      expect(mine.every((e) => (e.data as { orderId: string }).orderId === first.id)).toBe(true);
      expect((await stockEventsOfOrder({ store }, [a.id], second.id)).map((e) => e.type)).toEqual(['StockReserved']);
      expect(await stockEventsOfOrder({ store }, [a.id], third.id)).toEqual([]);
      expect(await stockEventsOfOrder({ store }, [], first.id)).toEqual([]);
    }
    const history = (await t.app.inject({ method: 'GET', url: `/api/admin/orders/${first.id}/history`, headers: admin.auth })).json();
    expect(history.events.filter((e: { type: string }) => e.type.startsWith('Stock'))).toHaveLength(4);
  });
});
