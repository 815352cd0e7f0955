import { StockBadge } from '@kit/ui/badge';
import { Button } from '../../../components/ui/button';
import { Card } from '../../../components/ui/card';
import { StatusBadge } from '@kit/orders';
import { formatCount, formatDate, formatINR } from '@kit/format';
import type { AdminOrder } from '../../../lib/admin-order';
import type { AdminProduct } from '../../../lib/admin-product';
import { useStats } from '../api/get-stats';

interface AlertCardProps {
  title: string;
  caption: string;
  tone: 'amber' | 'red';
  testId: string;
  /** Absent until the stats have loaded. */
  value: number | undefined;
  action: string;
  onAction(): void;
}

/** A count that asks for action (orders to confirm, stock to refill), with the button that goes to it. */
function AlertCard({ title, caption, tone, testId, value, action, onAction }: AlertCardProps) {
  return (
    <Card title={title} caption={caption} className={`alert-card alert-${tone}`}>
      <div className="alert-row">
        <span className="stat-value num" data-testid={testId}>
          {value === undefined ? '—' : formatCount(value)}
        </span>
        <Button variant="outline" onClick={onAction}>
          {action}
        </Button>
      </div>
    </Card>
  );
}

type Props = {
  orders: AdminOrder[];
  products: AdminProduct[];
  onSwitchTab: (tab: 'orders' | 'products') => void;
  onViewOrder: (order: AdminOrder) => void;
  onEditProduct: (product: AdminProduct) => void;
};

export function OverviewTab({ orders, products, onSwitchTab, onViewOrder, onEditProduct }: Props) {
  const { data: stats } = useStats();
  const recentOrders = orders.slice(0, 5);
  const recentProducts = products.slice(0, 5);
  const cards = [
    { title: 'Total Products', value: formatCount(stats?.totalProducts), caption: 'Active products in catalog', id: 'total-products' },
    { title: 'Total Orders', value: formatCount(stats?.totalOrders), caption: 'All time orders', id: 'total-orders' },
    { title: 'Total Revenue', value: formatINR(stats?.totalRevenue), caption: 'All time revenue', id: 'total-revenue' },
    { title: 'Total Customers', value: formatCount(stats?.totalCustomers), caption: 'Registered customers', id: 'total-customers' },
  ];
  return (
    <div className="stack">
      <div className="stat-grid">
        {cards.map((card) => (
          <section key={card.id} className="card stat-card" data-testid={`stat-${card.id}`}>
            <h3 className="stat-title">{card.title}</h3>
            <p className="stat-value num">{stats ? card.value : '—'}</p>
            <p className="card-caption">{card.caption}</p>
          </section>
        ))}
      </div>
      <div className="two-col">
        <AlertCard
          title="Pending Orders"
          caption="Orders awaiting confirmation"
          tone="amber"
          testId="stat-pending-orders"
          value={stats?.pendingOrders}
          action="View Orders"
          onAction={() => onSwitchTab('orders')}
        />
        <AlertCard
          title="Low Stock Alert"
          caption="Products running low on stock"
          tone="red"
          testId="stat-low-stock"
          value={stats?.lowStockProducts}
          action="Manage Inventory"
          onAction={() => onSwitchTab('products')}
        />
      </div>
      <div className="two-col">
        <Card title="Recent Orders">
          {recentOrders.length === 0 ? (
            <p className="empty">No recent orders</p>
          ) : (
            <ul className="list">
              {recentOrders.map((order) => (
                <li key={order.id} className="list-row">
                  <div className="list-main">
                    <strong>{order.customer_name || order.customer_email || 'Customer'}</strong>
                    <span className="muted">
                      {order.orderNumber} · {formatDate(order.created_at)}
                    </span>
                  </div>
                  <span className="num">{formatINR(order.total_amount)}</span>
                  <StatusBadge status={order.status} reader="admin" />
                  <Button size="sm" variant="ghost" onClick={() => onViewOrder(order)} aria-label={`View order ${order.orderNumber}`}>
                    View
                  </Button>
                </li>
              ))}
            </ul>
          )}
        </Card>
        <Card title="Recent Products">
          {recentProducts.length === 0 ? (
            <p className="empty">No products found</p>
          ) : (
            <ul className="list">
              {recentProducts.map((product) => (
                <li key={product.id} className="list-row">
                  <div className="list-main">
                    <strong>{product.name}</strong>
                    <span className="muted">{product.category || 'Uncategorized'}</span>
                  </div>
                  <span className="num">{formatINR(product.price)}</span>
                  <span className="stock-label">
                    Stock <StockBadge quantity={product.stock_quantity} />
                  </span>
                  <Button size="sm" variant="ghost" onClick={() => onEditProduct(product)} aria-label={`Edit ${product.name}`}>
                    Edit
                  </Button>
                </li>
              ))}
            </ul>
          )}
        </Card>
      </div>
    </div>
  );
}
