import { formatDateTime } from '@kit/format';
import { useOrderTracking } from '../api/get-order-tracking';

/** The shipment's journey as the courier reported it (shown once the order has a tracking number). */
export function TrackingTimeline({ orderId, trackingNumber }: { orderId: string; trackingNumber: string | null }) {
  const { data } = useOrderTracking(orderId, !!trackingNumber);
  if (!trackingNumber || !data || data.events.length === 0) return null;
  return (
    <section className="card panel" data-testid="tracking-timeline">
      <h3>Tracking</h3>
      {data.courier && <p className="muted small">{data.courier}</p>}
      <ol className="facts">
        {[...data.events].reverse().map((e) => (
          <li key={`${e.stage}-${e.at}`}>
            <strong>{e.label}</strong>
            {e.location && <span className="muted"> · {e.location}</span>}
            <br />
            <span className="muted small">{formatDateTime(e.at)}</span>
          </li>
        ))}
      </ol>
    </section>
  );
}
