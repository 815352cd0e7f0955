import { useDocumentTitle } from '../../lib/use-document-title';
import { useEffect, useMemo, useState } from 'react';
import { Spinner } from '../../components/ui/spinner';
import { useToast } from '@kit/ui/toast';
import { useAuth } from '../../lib/auth/auth-provider';
import { useSignInRedirect } from '../../lib/auth/use-sign-in-redirect';
import { useOrders } from '../../features/orders/api/get-orders';
import { OrderDetail } from '../../features/orders/components/order-detail';
import { NoOrders, OrdersLoadFailed, orderListView } from '../../features/orders/components/order-list-state';
import { PayNow } from '../pay-now';
import { ORDER_STATUSES, StatusBadge, orderStatusLabel } from '@kit/orders';
import { formatDate, formatINR } from '@kit/format';

/** The shopper's filter: every status by its shopper label; `pending` reads as 'Placed', so it is filtered with `placed`. */
const STATUS_FILTERS = [
  { value: 'all', label: 'All orders' },
  ...ORDER_STATUSES.filter((s) => s !== 'pending').map((s) => ({ value: s, label: orderStatusLabel(s, 'shopper') })),
];

export default function OrdersRoute() {
  useDocumentTitle('My Orders');
  const { user } = useAuth();
  const signInRedirect = useSignInRedirect();
  const orders = useOrders(user?.id);
  const { toast } = useToast();
  const [search, setSearch] = useState('');
  const [status, setStatus] = useState('all');
  const [selected, setSelected] = useState<string | null>(null);

  useEffect(() => {
    if (orders.isError) toast({ title: 'Failed to fetch orders', description: orders.error.message, variant: 'destructive' });
  }, [orders.isError, orders.error, toast]);

  const shown = useMemo(() => {
    const term = search.trim().toLowerCase();
    return (orders.data ?? []).filter((o) => {
      const matchesStatus = status === 'all' || (status === 'placed' ? o.status === 'placed' || o.status === 'pending' : o.status === status);
      const matchesTerm =
        !term || o.orderNumber.toLowerCase().includes(term) || o.id.toLowerCase().includes(term) || o.items.some((i) => i.name.toLowerCase().includes(term));
      return matchesStatus && matchesTerm;
    });
  }, [orders.data, search, status]);

  if (signInRedirect || !user) return signInRedirect;
  const view = orderListView(orders, shown.length);

  return (
    <div className="container section">
      <h1 className="page-title">My Orders</h1>
      {selected ? (
        <OrderDetail orderId={selected} onBack={() => setSelected(null)} payment={(order) => <PayNow order={order} />} />
      ) : (
        <>
          <div className="toolbar">
            <label className="field toolbar__search">
              <span className="visually-hidden">Search orders</span>
              <input type="search" placeholder="Search by order number or product" value={search} onChange={(e) => setSearch(e.target.value)} />
            </label>
            <label className="field">
              <span className="field__label">Status</span>
              <select value={status} onChange={(e) => setStatus(e.target.value)} aria-label="Filter by status">
                {STATUS_FILTERS.map((s) => (
                  <option key={s.value} value={s.value}>
                    {s.label}
                  </option>
                ))}
              </select>
            </label>
          </div>
          {view === 'loading' ? (
            <Spinner label="Loading orders…" />
          ) : view === 'error' ? (
            <OrdersLoadFailed onRetry={() => void orders.refetch()} retrying={orders.isFetching} />
          ) : view === 'empty' || view === 'no-match' ? (
            <NoOrders filtered={view === 'no-match'} />
          ) : (
            <ul className="order-list">
              {shown.map((o) => (
                <li key={o.id}>
                  <button type="button" className="card order-row" onClick={() => setSelected(o.id)} data-testid="order-row">
                    <span className="order-row__main">
                      <strong>{o.orderNumber}</strong>
                      <span className="muted small">
                        {formatDate(o.createdAt)} · {o.items.length} {o.items.length === 1 ? 'item' : 'items'}
                      </span>
                      <span className="small">{o.items.map((i) => i.name).join(', ')}</span>
                    </span>
                    <StatusBadge status={o.status} reader="shopper" testId="order-status" />
                    <span className="price">{formatINR(o.totalAmount)}</span>
                  </button>
                  <PayNow order={o} />
                </li>
              ))}
            </ul>
          )}
        </>
      )}
    </div>
  );
}
