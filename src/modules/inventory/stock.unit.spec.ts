import { describe, expect, it } from 'vitest';
import { MemoryEventStore, MemorySnapshotStore } from '../../../tests/helpers/memory-event-store.js';
import { disableLocalLocks } from '../../core/command-handler.js';
import { WrongExpectedVersionError } from '../../core/errors.js';
import { InsufficientStockError, inventoryStream, loadInventory, releaseStock, reserveStock, setStockLevel, stockLevelWrites } from './index.js';

const context = { userId: 'admin', correlationId: 'corr', now: new Date('2026-01-01T00:00:00.000Z') };
const typesOf = (store: MemoryEventStore) => store.log.map((e) => `${e.streamId}:${e.type}`);
const orderWrite = (orderId: string) => () => [
  {
    streamId: `order-${orderId}`,
    events: [{ type: 'OrderPlaced', data: {}, metadata: { correlationId: 'corr', timestamp: context.now.toISOString() } }],
    expectedVersion: 'no_stream' as const,
  },
];

describe('stock through the inventory streams (in memory)', () => {
  it('sets a stock level once; the same level again writes nothing', async () => {
    const store = new MemoryEventStore();
    expect(await setStockLevel(store, 'p1', 5, 'created', context)).toMatchObject({ nextExpectedVersion: 0 });
    expect(await setStockLevel(store, 'p1', 5, 'again', context)).toBeNull();
    expect(await loadInventory(store, 'p1')).toEqual({ available: 5, reservations: {}, known: true });
    expect(store.log[0]).toMatchObject({
      streamId: inventoryStream('p1'),
      type: 'StockLevelSet',
      data: { productId: 'p1', quantity: 5, reason: 'created' },
      metadata: { userId: 'admin', correlationId: 'corr' },
    });
  });

  it('stockLevelWrites gives the write for a caller to append, expecting the version it read', async () => {
    const store = new MemoryEventStore();
    expect(await stockLevelWrites(store, 'p1', 3, 'created', context)).toEqual([
      expect.objectContaining({
        streamId: 'inventory-p1',
        expectedVersion: 'no_stream',
        events: [expect.objectContaining({ type: 'StockLevelSet', data: { productId: 'p1', quantity: 3, reason: 'created' } })],
      }),
    ]);
    await setStockLevel(store, 'p1', 3, 'created', context);
    expect(await stockLevelWrites(store, 'p1', 3, 'same', context)).toEqual([]);
    expect((await stockLevelWrites(store, 'p1', 4, 'more', context))[0]!.expectedVersion).toBe(0);
  });

  it('reserves every line of an order with the order events in one append, merging lines of one product', async () => {
    const store = new MemoryEventStore();
    await setStockLevel(store, 'p1', 5, 'created', context);
    await setStockLevel(store, 'p2', 1, 'created', context);
    const lines = [
      { productId: 'p1', quantity: 2 },
      { productId: 'p2', quantity: 1 },
      { productId: 'p1', quantity: 1 },
    ];
    const appends = store.appends;
    await reserveStock(store, 'o1', lines, context, orderWrite('o1'));
    expect(store.appends).toBe(appends + 1);
    expect(typesOf(store).slice(2)).toEqual(['inventory-p1:StockReserved', 'inventory-p2:StockReserved', 'order-o1:OrderPlaced']);
    expect(store.log[2]!.data).toEqual({ productId: 'p1', orderId: 'o1', quantity: 3 });
    expect(await loadInventory(store, 'p1')).toEqual({ available: 2, reservations: { o1: 3 }, known: true });
  });

  it('one short line refuses the whole order and writes nothing', async () => {
    const store = new MemoryEventStore();
    await setStockLevel(store, 'p1', 5, 'created', context);
    await setStockLevel(store, 'p2', 1, 'created', context);
    const before = store.log.length;
    await expect(
      reserveStock(
        store,
        'o1',
        [
          { productId: 'p1', quantity: 1 },
          { productId: 'p2', quantity: 2, productName: 'Luffy' },
        ],
        context,
        orderWrite('o1'),
      ),
    ).rejects.toThrow(new InsufficientStockError('p2', 1, 'Luffy').message);
    expect(store.log).toHaveLength(before);
  });

  it('reserving again for the same order writes nothing (idempotent), and a write with nothing at all answers null', async () => {
    const store = new MemoryEventStore();
    await setStockLevel(store, 'p1', 5, 'created', context);
    await reserveStock(store, 'o1', [{ productId: 'p1', quantity: 2 }], context);
    expect(await reserveStock(store, 'o1', [{ productId: 'p1', quantity: 2 }], context)).toBeNull();
    expect((await loadInventory(store, 'p1')).available).toBe(3);
  });

  it('releases what the order holds, with its extra writes, and nothing for an order that holds nothing', async () => {
    const store = new MemoryEventStore();
    await setStockLevel(store, 'p1', 5, 'created', context);
    await reserveStock(store, 'o1', [{ productId: 'p1', quantity: 2 }], context);
    await releaseStock(store, 'o1', ['p1'], 'cancelled', context, orderWrite('o1'));
    expect(store.log.at(-2)).toMatchObject({ type: 'StockReleased', data: { productId: 'p1', orderId: 'o1', quantity: 2, reason: 'cancelled' } });
    expect(store.log.at(-1)!.type).toBe('OrderPlaced');
    expect(await loadInventory(store, 'p1')).toEqual({ available: 5, reservations: {}, known: true });
    expect(await releaseStock(store, 'o1', ['p1'], 'again', context)).toBeNull();
  });

  it('a reservation that lands meanwhile is seen on the retry: the last unit is never sold twice', async () => {
    const store = new MemoryEventStore();
    await setStockLevel(store, 'p1', 1, 'created', context);
    // another process reserves the last unit between this command's read and its append
    store.beforeAppend = async () => {
      await store.append(
        'inventory-p1',
        [
          {
            type: 'StockReserved',
            data: { productId: 'p1', orderId: 'o-first', quantity: 1 },
            metadata: { correlationId: 'other', timestamp: context.now.toISOString() },
          },
        ],
        { expectedVersion: 0 },
      );
    };
    await expect(reserveStock(store, 'o2', [{ productId: 'p1', quantity: 1 }], context)).rejects.toBeInstanceOf(InsufficientStockError);
    expect(await loadInventory(store, 'p1')).toEqual({ available: 0, reservations: { 'o-first': 1 }, known: true });
  });

  it("the runtime's in-process lock covers every product a stock command touches: its concurrent commands never conflict", async () => {
    const store = new MemoryEventStore();
    await setStockLevel(store, 'p1', 10, 'created', context);
    let conflicts = 0;
    const appendMany = store.appendMany.bind(store);
    store.appendMany = (writes) =>
      appendMany(writes).catch((error: unknown) => {
        if (error instanceof WrongExpectedVersionError) conflicts++;
        throw error;
      });
    await Promise.all([
      reserveStock(store, 'o1', [{ productId: 'p1', quantity: 1 }], context),
      setStockLevel(store, 'p1', 20, 'recount', context),
      reserveStock(store, 'o2', [{ productId: 'p1', quantity: 2 }], context),
    ]);
    expect(conflicts).toBe(0);
    expect((await loadInventory(store, 'p1')).available).toBe(18);
  });

  it('concurrent reservations without the in-process lock: exactly the stock is sold', async () => {
    const store = new MemoryEventStore();
    disableLocalLocks(store);
    await setStockLevel(store, 'p1', 3, 'created', context);
    const results = await Promise.allSettled(Array.from({ length: 8 }, (_, i) => reserveStock(store, `o${i}`, [{ productId: 'p1', quantity: 1 }], context)));
    expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(3);
    expect((await loadInventory(store, 'p1')).available).toBe(0);
  });

  it('gives up after 50 conflicting attempts; other errors are not retried', async () => {
    let attempts = 0;
    const conflicting = Object.assign(new MemoryEventStore(), {
      appendMany: async () => {
        attempts++;
        throw new WrongExpectedVersionError('inventory-p1', 0, 1);
      },
    });
    await expect(setStockLevel(conflicting, 'p1', 1, 'x', context)).rejects.toBeInstanceOf(WrongExpectedVersionError);
    expect(attempts).toBe(50);
    attempts = 0;
    const broken = Object.assign(new MemoryEventStore(), {
      appendMany: async () => {
        attempts++;
        throw new Error('disk full');
      },
    });
    await expect(setStockLevel(broken, 'p1', 1, 'x', context)).rejects.toThrow('disk full');
    expect(attempts).toBe(1);
  });

  it('a long inventory stream is folded from its snapshot', async () => {
    const store = new MemoryEventStore();
    store.snapshots = new MemorySnapshotStore();
    await setStockLevel(store, 'p1', 500, 'created', context);
    for (let i = 0; i < 120; i++) await reserveStock(store, `o${i}`, [{ productId: 'p1', quantity: 1 }], context);
    expect((store.snapshots as MemorySnapshotStore).saves).toBeGreaterThan(0);
    const [saved] = [...(store.snapshots as MemorySnapshotStore).saved.values()];
    expect(saved!.kind).toBe('inventory-v1');
    expect((await loadInventory(store, 'p1')).available).toBe(380);
  });
});
