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
    () => stockLevelWrites(store, productId, quantity, reason, context),
    () => [],
  );
}

/**
 * Writes the stock-level events for `productId` as StreamWrites, so a caller can append them in the same transaction
 * as its own events (e.g. ProductAdded + StockLevelSet).
 */
export async function stockLevelWrites(
  store: EventStore,
  productId: string,
  quantity: number,
  reason: string,
  context: CommandContext,
): Promise<StreamWrite[]> {
  const loaded = await loadInventoryStream(store, productId);
  const events = decideInventory({ type: 'SetStockLevel', data: { productId, quantity, reason } }, loaded.state);
  if (events.length === 0) return [];
  return [inventoryWrite(productId, loaded.version, events, context)];
}

/** Loads each product's inventory stream (from its snapshot) once. */
async function loadStates(store: EventStore, productIds: string[]): Promise<Map<string, { state: InventoryState; version: number }>> {
  const states = new Map<string, { state: InventoryState; version: number }>();
  for (const id of new Set(productIds)) {
    const loaded = await loadInventoryStream(store, id);
    states.set(id, { state: loaded.state, version: loaded.version });
  }
  return states;
}

function mergeLines(lines: StockLine[]): Map<string, StockLine> {
  const merged = new Map<string, StockLine>();
  for (const line of lines) {
    const existing = merged.get(line.productId);
    merged.set(line.productId, { ...line, quantity: (existing?.quantity ?? 0) + line.quantity });
  }
  return merged;
}

/**
 * Decides reserving every line for `orderId` (or refuses: Insufficient Stock) against the latest inventory streams,
 * as writes for a caller's command to append with its own events (the command pipeline re-decides on a conflict).
 */
export async function reservationWrites(store: EventStore, orderId: string, lines: StockLine[], context: CommandContext): Promise<StreamWrite[]> {
  const merged = mergeLines(lines);
  const states = await loadStates(store, [...merged.keys()]);
  return [...merged.values()].map((line) => {
    const { state, version } = states.get(line.productId)!;
    return inventoryWrite(line.productId, version, decideInventory({ type: 'ReserveStock', data: { ...line, orderId } }, state), context);
  });
}

/** Decides releasing whatever `orderId` holds on each product, as writes for a caller's command to append. */
export async function releaseWrites(store: EventStore, orderId: string, productIds: string[], reason: string, context: CommandContext): Promise<StreamWrite[]> {
  const states = await loadStates(store, productIds);
  return [...states.entries()].map(([productId, { state, version }]) =>
    inventoryWrite(productId, version, decideInventory({ type: 'ReleaseStock', data: { productId, orderId, reason } }, state), context),
  );
}

/** Decides putting returned units back on sale (at most what `orderId` holds of each product), as writes to append. */
export async function restockWrites(
  store: EventStore,
  orderId: string,
  units: { productId: string; quantity: number }[],
  reason: string,
  context: CommandContext,
): Promise<StreamWrite[]> {
  const states = await loadStates(
    store,
    units.map((u) => u.productId),
  );
  return units
    .map((u) => {
      const { state, version } = states.get(u.productId)!;
      return inventoryWrite(u.productId, version, decideInventory({ type: 'RestockReturned', data: { ...u, orderId, reason } }, state), context);
    })
    .filter((w) => w.events.length > 0);
}

/** Decides over the products' inventory streams (and the caller's `extraWrites`) through the command pipeline. */
async function withInventoryStreams(
  store: EventStore,
  productIds: string[],
  decide: () => Promise<StreamWrite[]>,
  extraWrites: () => Promise<StreamWrite[]> | StreamWrite[],
): Promise<AppendResult | null> {
  const { appended } = await runCommand(store, productIds.map(inventoryStream), async () => ({
    writes: [...(await decide()), ...(await extraWrites())],
    result: null,
  }));
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
  return withInventoryStreams(store, [...mergeLines(lines).keys()], () => reservationWrites(store, orderId, lines, context), extraWrites);
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
  return withInventoryStreams(store, productIds, () => releaseWrites(store, orderId, productIds, reason, context), extraWrites);
}
