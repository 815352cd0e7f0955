import { runCommand, toNewEvents, type CommandContext } from '../../core/command-handler.js';
import { loadSnapshotted } from '../../core/snapshots.js';
import type { AppendResult, EventStore, StreamWrite } from '../../core/event-store.js';
import { decideInventory } from './decide.js';
import { evolveInventory, foldInventory, initialInventoryState, inventoryStream, type InventoryEvent, type InventoryState } from './inventory.js';

const decider = { initialState: initialInventoryState, evolve: evolveInventory, foldMany: foldInventory };

/** The decided events of one product's inventory stream as a write expecting the version they were decided at. */
function inventoryWrite(productId: string, version: number, events: InventoryEvent[], context: CommandContext): StreamWrite {
  return { streamId: inventoryStream(productId), events: toNewEvents(events, context), expectedVersion: version < 0 ? 'no_stream' : version };
}

export interface StockLine {
  productId: string;
  quantity: number;
  productName?: string;
}

/**
 * A product's inventory stream grows with every reservation ever made, so it is folded from its snapshot
 * (src/core/snapshots.ts) and the events after it, not from the start each time.
 */
function loadInventoryStream(store: EventStore, productId: string) {
  return loadSnapshotted(store, inventoryStream(productId), decider, INVENTORY_SNAPSHOT_KIND);
}

/** Names the shape of InventoryState in stored snapshots: change it when the shape changes. */
export const INVENTORY_SNAPSHOT_KIND = 'inventory-v1';

export async function loadInventory(store: EventStore, productId: string): Promise<InventoryState> {
  return (await loadInventoryStream(store, productId)).state;
}

/** SetStockLevel on its own (folded from the snapshot like every inventory command, retried on conflicts). */
export function setStockLevel(store: EventStore, productId: string, quantity: number, reason: string, context: CommandContext): Promise<AppendResult | null> {
  return withInventoryStreams(
    store,
    [productId],
    (states) => {
      const { state, version } = states.get(productId)!;
      return { writes: [inventoryWrite(productId, version, decideInventory({ type: 'SetStockLevel', data: { productId, quantity, reason } }, state), context)] };
    },
    () => [],
  );
}

/**
 * Writes the stock-level events for `productId` as StreamWrites, so a caller can append them in the same transaction
 * as its own events (e.g. ProductAdded + StockLevelSet).
 */
export async function stockLevelWrites(store: EventStore, productId: string, quantity: number, reason: string, context: CommandContext): Promise<StreamWrite[]> {
  const loaded = await loadInventoryStream(store, productId);
  const events = decideInventory({ type: 'SetStockLevel', data: { productId, quantity, reason } }, loaded.state);
  if (events.length === 0) return [];
  return [inventoryWrite(productId, loaded.version, events, context)];
}

/** Decides over the products' inventory streams (and the caller's `extraWrites`) through the command pipeline. */
async function withInventoryStreams(
  store: EventStore,
  productIds: string[],
  build: (states: Map<string, { state: InventoryState; version: number }>) => { writes: StreamWrite[] },
  extraWrites: () => Promise<StreamWrite[]> | StreamWrite[],
): Promise<AppendResult | null> {
  const { appended } = await runCommand(store, productIds.map(inventoryStream), async () => {
    const states = new Map<string, { state: InventoryState; version: number }>();
    for (const id of new Set(productIds)) {
      const loaded = await loadInventoryStream(store, id);
      states.set(id, { state: loaded.state, version: loaded.version });
    }
    const { writes } = build(states);
    return { writes: [...writes, ...(await extraWrites())], result: null };
  });
  return appended;
}

/**
 * Reserves every line for `orderId` or none: all inventory events and `extraWrites` (the order's own events) go in
 * one atomic append, re-decided on every concurrency conflict, so stock can never be oversold.
 */
export function reserveStock(
  store: EventStore,
  orderId: string,
  lines: StockLine[],
  context: CommandContext,
  extraWrites: () => Promise<StreamWrite[]> | StreamWrite[] = () => [],
): Promise<AppendResult | null> {
  const merged = new Map<string, StockLine>();
  for (const line of lines) {
    const existing = merged.get(line.productId);
    merged.set(line.productId, { ...line, quantity: (existing?.quantity ?? 0) + line.quantity });
  }
  return withInventoryStreams(
    store,
    [...merged.keys()],
    (states) => ({
      writes: [...merged.values()].map((line) => {
        const { state, version } = states.get(line.productId)!;
        return inventoryWrite(line.productId, version, decideInventory({ type: 'ReserveStock', data: { ...line, orderId } }, state), context);
      }),
    }),
    extraWrites,
  );
}

/** Releases whatever `orderId` holds on each product, atomically with `extraWrites` (e.g. OrderCancelled). */
export function releaseStock(
  store: EventStore,
  orderId: string,
  productIds: string[],
  reason: string,
  context: CommandContext,
  extraWrites: () => Promise<StreamWrite[]> | StreamWrite[] = () => [],
): Promise<AppendResult | null> {
  return withInventoryStreams(
    store,
    productIds,
    (states) => ({
      writes: [...states.entries()].map(([productId, { state, version }]) => {
        return inventoryWrite(productId, version, decideInventory({ type: 'ReleaseStock', data: { productId, orderId, reason } }, state), context);
      }),
    }),
    extraWrites,
  );
}
