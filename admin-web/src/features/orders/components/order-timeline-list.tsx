import { useMemo } from 'react';
import { formatDateTime } from '@kit/format';
import type { OrderEvent } from '../api/get-order-events';
import { describeEvent, productNamesOf, timelineOrder } from './order-timeline';

/** The order's events as a timeline: time order, one readable line each, who did it. */
export function OrderTimelineList({ events }: { events: OrderEvent[] }) {
  const ordered = useMemo(() => timelineOrder(events), [events]);
  const names = useMemo(() => productNamesOf(events), [events]);
  if (ordered.length === 0) return <p className="muted">No events recorded.</p>;
  return (
    <ol className="timeline" data-testid="order-timeline">
      {ordered.map((event, i) => (
        <li key={i}>
          <span className="timeline-dot" aria-hidden />
          <div>
            <strong>{describeEvent(event, names)}</strong>
            <div className="muted">
              {formatDateTime(event.at)}
              {event.by ? ` · by ${event.by}` : ''}
            </div>
          </div>
        </li>
      ))}
    </ol>
  );
}
