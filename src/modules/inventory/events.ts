import { z } from 'zod';
import { registerEvents, type EventsOf } from '../../core/event-registry.js';

/**
 * The inventory feature's events: their schemas (validated at append through the registry) and types, nothing else.
 * The write side folds them; the read side (projections/catalogue) imports only this file.
 */
export const inventoryEvents = {
  /** An admin or an import set the available quantity. */
  StockLevelSet: z.object({ productId: z.string().min(1), quantity: z.number().int().min(0), reason: z.string() }),
  StockReserved: z.object({ productId: z.string().min(1), orderId: z.string().min(1), quantity: z.number().int().positive() }),
  StockReleased: z.object({ productId: z.string().min(1), orderId: z.string().min(1), quantity: z.number().int().positive(), reason: z.string() }),
} as const;
registerEvents(inventoryEvents);

export type InventoryEvent = EventsOf<typeof inventoryEvents>;
