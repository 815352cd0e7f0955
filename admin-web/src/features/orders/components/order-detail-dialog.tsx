import { useState } from 'react';
import { Dialog } from '../../../components/ui/dialog';
import { StatusBadge } from '@kit/orders';
import { formatDateTime, formatINR } from '@kit/format';
import { localDateTimeToIso } from '../../../lib/local-date-time';
import { useOrderEvents } from '../api/get-order-events';
import { useOrderHistory } from '../api/get-order-history';
import type { AdminOrder } from '../../../lib/admin-order';
import { AsOfControl, OrderSnapshotPanel } from './order-as-of';
import { OrderTimelineList } from './order-timeline-list';

export function OrderDetailDialog({ order, onClose }: { order: AdminOrder | null; onClose: () => void }) {
  return (
    <Dialog open={order !== null} onOpenChange={(open) => !open && onClose()} title={order ? `Order #${order.orderNumber}` : 'Order'} wide>
      {/* Keyed by order: another order opens at "now", not at the moment chosen for the previous one. */}
      {order && <OrderDetail key={order.id} order={order} />}
    </Dialog>
  );
}

function OrderDetail({ order }: { order: AdminOrder }) {
  const [asOfInput, setAsOfInput] = useState('');
  const asOf = localDateTimeToIso(asOfInput);
  const live = useOrderEvents(asOf ? null : order.id);
  const history = useOrderHistory(order.id, asOf);
  return (
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
          <StatusBadge status={order.status} reader="admin" />
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
      <AsOfControl value={asOfInput} onChange={setAsOfInput} />
      {asOfInput !== '' && !asOf && <p className="error-text">Enter a complete date and time.</p>}
      {asOf ? (
        <>
          {history.isLoading && <p className="muted">Loading the order as of then…</p>}
          {history.error ? (
            <p className="error-text" role="alert" data-testid="order-as-of-error">
              {(history.error as Error).message}
            </p>
          ) : (
            history.data && (
              <>
                <OrderSnapshotPanel state={history.data.state} asOf={history.data.asOf ?? asOf} />
                <OrderTimelineList events={history.data.events} />
              </>
            )
          )}
        </>
      ) : (
        <>
          {live.isLoading && <p className="muted">Loading timeline…</p>}
          {live.error && <p className="error-text">Could not load the timeline: {(live.error as Error).message}</p>}
          {live.data && <OrderTimelineList events={live.data} />}
        </>
      )}
    </div>
  );
}
