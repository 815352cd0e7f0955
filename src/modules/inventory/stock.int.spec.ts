import { randomUUID } from 'node:crypto';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { registerEvents } from '../../core/event-registry.js';
import { migrate } from '../../db/migrate.js';
import { PostgresEventStore } from '../../event-store/postgres.js';
import { createTestDatabase } from '../../../tests/helpers/test-runtime.js';
import { InsufficientStockError } from './decide.js';
import { loadInventory, releaseStock, reserveStock, setStockLevel } from './stock.js';

registerEvents({ TestOrderPlaced: z.object({ orderId: z.string() }) });

describe('stock reservation against the real event store', () => {
  let pool: pg.Pool;
  let store: PostgresEventStore;
  beforeAll(async () => {
    pool = new pg.Pool({ connectionString: await createTestDatabase(), max: 20 });
    await migrate(pool);
    store = new PostgresEventStore(pool);
  });
  afterAll(async () => {
    await store.close();
    await pool.end();
  });

  it('200 concurrent orders for the last 5 units: exactly 5 succeed, the rest get Insufficient Stock', async () => {
    const productId = randomUUID();
    await setStockLevel(store, productId, 5, 'created', {});
    const results = await Promise.allSettled(
      Array.from({ length: 200 }, () => {
        const orderId = randomUUID();
        return reserveStock(store, orderId, [{ productId, quantity: 1 }], {}, () => [
          {
            streamId: `test-order-${orderId}`,
            events: [{ type: 'TestOrderPlaced', data: { orderId }, metadata: { correlationId: orderId, timestamp: new Date().toISOString() } }],
            expectedVersion: 'no_stream',
          },
        ]);
      }),
    );
    expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(5);
    const rejected = results.filter((r): r is PromiseRejectedResult => r.status === 'rejected');
    expect(rejected).toHaveLength(195);
    expect(rejected.every((r) => r.reason instanceof InsufficientStockError)).toBe(true);
    expect((await loadInventory(store, productId)).available).toBe(0);
    const orders = await pool.query("select count(*)::int as n from events where type = 'TestOrderPlaced' and stream_id like 'test-order-%'");
    expect(orders.rows[0].n).toBe(5);
  });

  it('a multi-product order reserves all lines or none', async () => {
    const a = randomUUID();
    const b = randomUUID();
    await setStockLevel(store, a, 3, 'created', {});
    await setStockLevel(store, b, 1, 'created', {});
    await expect(
      reserveStock(
        store,
        'o-1',
        [
          { productId: a, quantity: 2 },
          { productId: b, quantity: 2 },
        ],
        {},
      ),
    ).rejects.toBeInstanceOf(InsufficientStockError);
    expect((await loadInventory(store, a)).available).toBe(3);
    await reserveStock(
      store,
      'o-2',
      [
        { productId: a, quantity: 2 },
        { productId: b, quantity: 1 },
      ],
      {},
    );
    expect((await loadInventory(store, a)).available).toBe(1);
    await releaseStock(store, 'o-2', [a, b], 'cancelled', {});
    expect((await loadInventory(store, a)).available).toBe(3);
    expect((await loadInventory(store, b)).available).toBe(1);
  });
});
