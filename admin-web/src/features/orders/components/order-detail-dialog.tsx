import { useMemo } from 'react';
import { Dialog } from '../../../components/ui/dialog';
import { StatusBadge } from '../../../components/ui/status-badge';
import { formatDateTime, formatINR } from '../../../lib/format';
import { useOrderEvents } from '../api/get-order-events';
import { describeEvent, productNamesOf, timelineOrder } from './order-timeline';
import type { AdminOrder } from '../api/order';

export function OrderDetailDialog({ order, onClose }: { order: AdminOrder | null; onClose: () => void }) {
  const { data, isLoading, error } = useOrderEvents(order?.id ?? null);
  const events = useMemo(() => (data ? timelineOrder(data) : undefined), [data]);
  const names = useMemo(() => productNamesOf(data ?? []), [data]);
  return (
    <Dialog open={order !== null} onOpenChange={(open) => !open && onClose()} title={order ? `Order #${order.orderNumber}` : 'Order'} wide>
      {order && (
        <div className="stack" data-testid="order-detail">
          <dl className="detail-grid">
            <dt>Customer</dt>
            <dd>
              {order.customer_name} <span className="muted">{order.customer_email}</span>
            </dd>
            <dt>Amount</dt>
            <dd className="num-left">{formatINR(order.total_amount)}</dd>
            <dt>Status</dt>
            <dd>
              <StatusBadge status={order.status} />
            </dd>
            <dt>Payment</dt>
            <dd>
              {order.payment_method || '—'} · {order.payment_status || '—'}
            </dd>
            {order.tracking_number && (
              <>
                <dt>Tracking</dt>
                <dd className="mono">{order.tracking_number}</dd>
              </>
            )}
            <dt>Placed</dt>
            <dd>{formatDateTime(order.created_at)}</dd>
          </dl>
          {order.items.length > 0 && (
            <table className="table compact">
              <thead>
                <tr>
                  <th>Item</th>
                  <th className="num">Qty</th>
                  <th className="num">Price</th>
                </tr>
              </thead>
              <tbody>
                {order.items.map((item, i) => (
                  <tr key={i}>
                    <td>{item.name}</td>
                    <td className="num">{item.quantity}</td>
                    <td className="num">{formatINR(item.price)}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          )}
          <h4 className="section-title">Timeline</h4>
          {isLoading && <p className="muted">Loading timeline…</p>}
          {error && <p className="error-text">Could not load the timeline: {(error as Error).message}</p>}
          {events && events.length === 0 && <p className="muted">No events recorded.</p>}
          {events && events.length > 0 && (
            <ol className="timeline" data-testid="order-timeline">
              {events.map((event, i) => (
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
          )}
        </div>
      )}
    </Dialog>
  );
}
