import type pg from 'pg';
import type { EventStore, RecordedEvent } from '../../core/event-store.js';
import { EVENT_COLUMNS, toRecorded, type EventRow } from '../../event-store/postgres.js';
import { inventoryStream } from '../inventory/index.js';

/**
 * The stock events one order caused in its products' inventory streams. A popular product's stream holds every
 * reservation ever made, so on PostgreSQL the database picks the order's events out (only they cross the wire);
 * other stores read the streams and filter here.
 */
export async function stockEventsOfOrder(deps: { store: EventStore; pool: pg.Pool }, productIds: string[], orderId: string): Promise<RecordedEvent[]> {
  const streams = [...new Set(productIds)].map(inventoryStream);
  if (streams.length === 0) return [];
  if (deps.store.kind === 'postgres') {
    const { rows } = await deps.pool.query<EventRow>(
      `select ${EVENT_COLUMNS} from events where stream_id = any($1::text[]) and data->>'orderId' = $2 order by events.transaction_id, events.global_position`,
      [streams, orderId],
    );
    return rows.map(toRecorded);
  }
  const all = (await Promise.all(streams.map((s) => deps.store.readStream(s)))).flat();
  return all.filter((e) => (e.data as { orderId?: string }).orderId === orderId);
}
