import type pg from 'pg';
import { comparePositions, eventsOf, START, type EventStore, type GlobalPosition, type RecordedEvent } from '../../core/event-store.js';
import { ORDER_EVENT_TYPES, orderStream } from '../orders/order.js';
import { EVENT_COLUMNS, toRecorded, type EventRow } from '../../event-store/postgres.js';
import { streamLogRows } from './log-rows.js';

/** What the order walk hands over: one order's events at a time, then how many events lay beyond the checkpoint. */
export interface OrderWalk {
  orders: AsyncIterable<RecordedEvent[]>;
  /** Order events recorded after `upTo`, left out; final once `orders` has been walked to its end. */
  skipped(): number;
}

const isOrderEvent = (e: { type: string; streamId: string; data: unknown }) =>
  (ORDER_EVENT_TYPES as string[]).includes(e.type) && e.streamId === orderStream((e.data as { orderId?: string }).orderId ?? '');

/**
 * Every order's events up to the log position `upTo`, one order at a time. On PostgreSQL one cursor walks the order
 * events sorted by stream, so memory holds a single order whatever the size of the shop; other stores are read
 * through their log and grouped in memory.
 */
export function walkOrders(deps: { pool: pg.Pool; store: EventStore }, upTo: GlobalPosition): OrderWalk {
  let skipped = 0;
  if (deps.store.kind !== 'postgres') {
    return {
      skipped: () => skipped,
      orders: (async function* () {
        const byOrder = new Map<string, RecordedEvent[]>();
        for await (const event of eventsOf(deps.store, START, 2000)) {
          if (!isOrderEvent(event)) continue;
          if (comparePositions(event.position, upTo) > 0) skipped++;
          else if (byOrder.has(event.streamId)) byOrder.get(event.streamId)!.push(event);
          else byOrder.set(event.streamId, [event]);
        }
        yield* byOrder.values();
      })(),
    };
  }
  return {
    skipped: () => skipped,
    orders: (async function* () {
      const rows = await streamLogRows(
        deps.pool,
        `select ${EVENT_COLUMNS}, (transaction_id, global_position) > ($1::text::xid8, $2::bigint) as after
           from events where type = any($3::text[])
          order by events.stream_id, events.stream_version`,
        [upTo.commit.toString(), upTo.prepare.toString(), ORDER_EVENT_TYPES],
      );
      let current: RecordedEvent[] = [];
      for await (const row of rows as AsyncIterable<EventRow & { after: boolean }>) {
        const event = toRecorded(row);
        if (!isOrderEvent(event)) continue;
        if (row.after) {
          skipped++;
          continue;
        }
        if (current.length > 0 && current[0]!.streamId !== event.streamId) {
          yield current;
          current = [];
        }
        current.push(event);
      }
      if (current.length > 0) yield current;
    })(),
  };
}
