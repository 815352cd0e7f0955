import { comparePositions, type EventStore, type GlobalPosition, type RecordedEvent } from '../../core/event-store.js';
import { ORDER_EVENT_TYPES, orderStream } from '../orders/index.js';

/** What the order walk hands over: one order's events at a time, then how many events lay beyond the checkpoint. */
export interface OrderWalk {
  orders: AsyncIterable<RecordedEvent[]>;
  /** Order events recorded after `upTo`, left out; final once `orders` has been walked to its end. */
  skipped(): number;
}

const isOrderEvent = (e: { type: string; streamId: string; data: unknown }) =>
  (ORDER_EVENT_TYPES as string[]).includes(e.type) && e.streamId === orderStream((e.data as { orderId?: string }).orderId ?? '');

/**
 * Every order's events up to the log position `upTo`, one order at a time (on PostgreSQL one cursor walks the order
 * events sorted by stream, so memory holds a single order whatever the size of the shop).
 */
export function walkOrders(deps: { store: EventStore }, upTo: GlobalPosition): OrderWalk {
  let skipped = 0;
  return {
    skipped: () => skipped,
    orders: (async function* () {
      for await (const stream of deps.store.eventsByStream(ORDER_EVENT_TYPES)) {
        const events = stream.filter((event) => {
          if (!isOrderEvent(event)) return false;
          if (comparePositions(event.position, upTo) <= 0) return true;
          skipped++;
          return false;
        });
        if (events.length > 0) yield events;
      }
    })(),
  };
}
