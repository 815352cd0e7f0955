import { randomUUID } from 'node:crypto';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fold } from '../../core/decider.js';
import type { EventStore } from '../../core/event-store.js';
import { SNAPSHOT_EVERY } from '../../core/snapshots.js';
import { migrate } from '../../db/migrate.js';
import { PostgresEventStore } from '../../event-store/postgres.js';
import { createTestDatabase } from '../../../tests/helpers/test-runtime.js';
import { evolveInventory, initialInventoryState, inventoryStream, type InventoryEvent } from './inventory.js';
import { INVENTORY_SNAPSHOT_KIND, loadInventory, releaseStock, reserveStock, setStockLevel } from './stock.js';

describe('inventory snapshots', () => {
  let pool: pg.Pool;
  let store: PostgresEventStore;
  beforeAll(async () => {
    pool = new pg.Pool({ connectionString: await createTestDatabase(), max: 10 });
    await migrate(pool);
    store = new PostgresEventStore(pool);
  });
  afterAll(async () => {
    await store.close();
    await pool.end();
  });

  /** The state folded from the whole stream, without any snapshot: what a snapshot must never change. */
  const fullFold = async (productId: string) =>
    fold({ initialState: initialInventoryState, evolve: evolveInventory }, (await store.readStream(inventoryStream(productId))) as unknown as InventoryEvent[]);

  /** The store, recording from which version each stream read started. */
  function recording(): { store: EventStore; reads: number[] } {
    const reads: number[] = [];
    const wrapped = Object.create(store, {
      readStream: { value: (streamId: string, fromVersion = 0) => (reads.push(fromVersion), store.readStream(streamId, fromVersion)) },
    }) as EventStore;
    return { store: wrapped, reads };
  }

  it('a long inventory stream is folded from its snapshot and the events after it, to exactly the full fold', async () => {
    const productId = randomUUID();
    await setStockLevel(store, productId, 10_000, 'created', {});
    const orders: string[] = [];
    for (let i = 0; i < 2.5 * SNAPSHOT_EVERY; i++) {
      const orderId = randomUUID();
      orders.push(orderId);
      await reserveStock(store, orderId, [{ productId, quantity: 1 + (i % 3) }], {});
    }
    const snapshot = await pool.query<{ kind: string; version: number }>('select kind, version from stream_snapshots where stream_id = $1', [
      inventoryStream(productId),
    ]);
    expect(snapshot.rows[0]?.kind).toBe(INVENTORY_SNAPSHOT_KIND);
    expect(snapshot.rows[0]!.version).toBeGreaterThanOrEqual(SNAPSHOT_EVERY);

    const { store: watched, reads } = recording();
    expect(await loadInventory(watched, productId)).toEqual(await fullFold(productId));
    expect(reads).toEqual([snapshot.rows[0]!.version + 1]);

    // Releasing a reservation that lives inside the snapshot works from the snapshot too.
    await releaseStock(store, orders[3]!, [productId], 'cancelled', {});
    const after = await loadInventory(store, productId);
    expect(after).toEqual(await fullFold(productId));
    expect(after.reservations[orders[3]!]).toBeUndefined();
    expect(after.available).toBe(10_000 - orders.reduce((sum, _o, i) => sum + 1 + (i % 3), 0) + (1 + (3 % 3)));
  });

  it('ignores a snapshot of another shape, and a store without snapshots folds from the start', async () => {
    const productId = randomUUID();
    await setStockLevel(store, productId, 50, 'created', {});
    for (let i = 0; i < 5; i++) await reserveStock(store, randomUUID(), [{ productId, quantity: 1 }], {});
    await pool.query(`insert into stream_snapshots (stream_id, kind, version, state) values ($1, 'inventory-v0', 3, '{"stock": 999}')`, [
      inventoryStream(productId),
    ]);
    const { store: watched, reads } = recording();
    expect(await loadInventory(watched, productId)).toEqual(await fullFold(productId));
    expect(reads).toEqual([0]);
    const bare = Object.create(store, { snapshots: { value: undefined } }) as EventStore;
    expect((await loadInventory(bare, productId)).available).toBe(45);
  });
});
