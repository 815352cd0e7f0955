import { Button } from '../../../components/ui/button';

export type OrdersView = 'orders' | 'returns';

/**
 * The Orders tab's two views, orders (with their coupons) and returns: a pair of toggle buttons rather than tabs,
 * so the dashboard keeps the spec's six tabs. Each view has its own address (/admin/orders, /admin/returns).
 */
export function OrdersViewSwitch({ view, onView }: { view: OrdersView; onView: (view: OrdersView) => void }) {
  return (
    <div className="selection-bar" role="group" aria-label="Orders views">
      <Button size="sm" variant={view === 'orders' ? 'primary' : 'secondary'} aria-pressed={view === 'orders'} onClick={() => onView('orders')}>
        Orders
      </Button>
      <Button size="sm" variant={view === 'returns' ? 'primary' : 'secondary'} aria-pressed={view === 'returns'} onClick={() => onView('returns')}>
        Returns
      </Button>
    </div>
  );
}
