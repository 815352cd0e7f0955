import { Link } from 'react-router';

/** What the order list shows: a failed load is its own state with a retry, never the "No orders yet" of an empty list. */
export type OrderListView = 'loading' | 'error' | 'empty' | 'no-match' | 'list';

export function orderListView(query: { isLoading: boolean; isError: boolean; data: readonly unknown[] | undefined }, shown: number): OrderListView {
  if (query.isLoading) return 'loading';
  // Orders loaded before a failed refresh stay on screen (the toast says it failed); with none, the failure shows.
  if (query.isError && query.data === undefined) return 'error';
  if (shown > 0) return 'list';
  return (query.data ?? []).length === 0 ? 'empty' : 'no-match';
}

/** The failed load's state: what happened and a way forward. */
export function OrdersLoadFailed({ onRetry, retrying = false }: { onRetry: () => void; retrying?: boolean }) {
  return (
    <div className="empty-state" role="alert" data-testid="orders-error">
      <h2>We could not load your orders</h2>
      <p className="muted">Check your connection and try again.</p>
      <button type="button" className="button button--primary" onClick={onRetry} disabled={retrying}>
        {retrying ? 'Retrying…' : 'Retry'}
      </button>
    </div>
  );
}

/** An empty list, or none matching the filters. */
export function NoOrders({ filtered }: { filtered: boolean }) {
  return (
    <div className="empty-state">
      <h2>{filtered ? 'No orders match your filters' : 'No orders yet'}</h2>
      <Link to="/products" className="button button--primary">
        Start Shopping
      </Link>
    </div>
  );
}
