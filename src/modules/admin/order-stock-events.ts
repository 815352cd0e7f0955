import type { EventStore, RecordedEvent } from '../../core/event-store.js';
import { inventoryStream } from '../inventory/index.js';

/**
 * The stock events one order caused in its products' inventory streams. A popular product's stream holds every
 * reservation ever made, so the store picks the order's events out (on PostgreSQL only they cross the wire).
 */
export async function stockEventsOfOrder(deps: { store: EventStore }, productIds: string[], orderId: string): Promise<RecordedEvent[]> {
  const streams = [...new Set(productIds)].map(inventoryStream);
  if (streams.length === 0) return [];
  return deps.store.findEvents({ streams, data: { orderId } });
}
