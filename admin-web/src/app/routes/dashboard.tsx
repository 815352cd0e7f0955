import * as Tabs from '@radix-ui/react-tabs';
import { useQueryClient } from '@tanstack/react-query';
import { lazy, Suspense, useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { useNavigate, useParams } from 'react-router';
import { Badge } from '@kit/ui/badge';
import { refreshQueries } from '@kit/query';
import { Button } from '../../components/ui/button';
import { useToast } from '@kit/ui/toast';
import { AuditSection } from '../../features/audit/components/audit-section';
import { GstSection } from '../../features/gst/components/gst-section';
import { signOut } from '../../lib/sign-out';
import { CarouselsTab } from '../../features/carousels/components/carousels-tab';
import { CustomersTab } from '../../features/customers/components/customers-tab';
import { MessagesSection } from '../../features/messages/components/messages-section';
import { CouponsTab } from '../../features/coupons/components/coupons-tab';
import { useLiveFeed } from '../../features/live/api/use-live-feed';
import { LiveIndicator } from '../../features/live/components/live-indicator';
import { useOrders } from '../../features/orders/api/get-orders';
import type { AdminOrder } from '../../lib/admin-order';
import { OrderDetailDialog } from '../../features/orders/components/order-detail-dialog';
import { OrdersTab } from '../../features/orders/components/orders-tab';
import { OrdersViewSwitch } from '../../features/orders/components/orders-view-switch';
import { ReturnsView } from '../../features/returns/components/returns-view';
import { useStats } from '../../features/overview/api/get-stats';
import { OverviewTab } from '../../features/overview/components/overview-tab';
import { useProducts } from '../../features/products/api/get-products';
import type { AdminProduct } from '../../lib/admin-product';
import { ProductFormDialog } from '../../features/products/components/product-form-dialog';
import { ProductsTab } from '../../features/products/components/products-tab';
import { ADMIN_ROOT } from '../../lib/query-keys';
import { useAdmin } from '../admin-context';

// Recharts is the heaviest dependency: load it only when the Analytics tab opens.
const AnalyticsTab = lazy(() => import('../../features/analytics/components/analytics-tab').then((m) => ({ default: m.AnalyticsTab })));

type Tab = 'overview' | 'products' | 'orders' | 'carousels' | 'customers' | 'analytics';
const TABS: { value: Tab; label: string; path: string }[] = [
  { value: 'overview', label: 'Overview', path: '/' },
  { value: 'products', label: 'Products', path: '/products' },
  { value: 'orders', label: 'Orders', path: '/orders' },
  { value: 'carousels', label: 'Carousels', path: '/carousels' },
  { value: 'customers', label: 'Customers', path: '/users' },
  { value: 'analytics', label: 'Analytics', path: '/analytics' },
];
/** /admin/products, /admin/orders and /admin/users open their tab (see docs/decisions/0001-api-prefix-and-one-origin.md). */
const TAB_BY_SLUG: Record<string, Tab> = {
  products: 'products',
  orders: 'orders',
  users: 'customers',
  customers: 'customers',
  carousels: 'carousels',
  // The spec's six tabs stay six: coupons are managed under Orders, where they are used.
  coupons: 'orders',
  returns: 'orders',
  analytics: 'analytics',
  overview: 'overview',
};

const NO_ORDERS: AdminOrder[] = [];

export default function DashboardRoute() {
  const user = useAdmin();
  const { tab: slug } = useParams();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const { toast } = useToast();
  const live = useLiveFeed();
  const tab: Tab = (slug && TAB_BY_SLUG[slug]) || 'overview';
  const ordersView = slug === 'returns' ? 'returns' : 'orders';
  const stats = useStats();
  const orders = useOrders();
  const products = useProducts();
  const [viewOrder, setViewOrder] = useState<AdminOrder | null>(null);
  const [editProduct, setEditProduct] = useState<AdminProduct | 'new' | null>(null);
  const failedOnce = useRef(false);

  useEffect(() => {
    if ((stats.error || orders.error) && !failedOnce.current) {
      failedOnce.current = true;
      toast({ title: 'Error', description: 'Failed to load admin dashboard data.', variant: 'destructive' });
    }
  }, [stats.error, orders.error, toast]);

  const switchTab = useCallback((next: string) => navigate(TABS.find((t) => t.value === next)?.path ?? '/'), [navigate]);
  const onViewOrder = useCallback((order: AdminOrder) => setViewOrder(order), []);
  const onEditProduct = useCallback((product: AdminProduct) => setEditProduct(product), []);
  const orderList = orders.data?.items ?? NO_ORDERS;
  // Keep the open order detail in step with live updates.
  const viewed = viewOrder ? (orderList.find((o) => o.id === viewOrder.id) ?? viewOrder) : null;
  const listedProducts = useMemo(() => (products.data?.items ?? []).filter((p) => p.name.trim() && p.price > 0), [products.data]);

  if (stats.isLoading && orders.isLoading) return <div className="loading-screen">Loading admin dashboard...</div>;

  return (
    <div className="shell">
      <header className="topbar">
        <div>
          <h1 className="welcome">Welcome back, {user.full_name}</h1>
          <p className="muted">Manage your store's products, orders, carousels and customers.</p>
        </div>
        <div className="topbar-actions">
          <LiveIndicator state={live} />
          <Badge variant="admin">Admin Access</Badge>
          <Button onClick={() => void refreshQueries(queryClient, { queryKey: ADMIN_ROOT })}>Refresh</Button>
          <Button variant="ghost">Settings</Button>
          <Button variant="outline" onClick={() => void signOut()}>
            Sign out
          </Button>
        </div>
      </header>
      <Tabs.Root value={tab} onValueChange={switchTab} className="tabs">
        <Tabs.List className="tab-list" aria-label="Dashboard sections">
          {TABS.map((t) => (
            <Tabs.Trigger key={t.value} value={t.value} className="tab">
              {t.label}
            </Tabs.Trigger>
          ))}
        </Tabs.List>
        <Tabs.Content value="overview" className="tab-panel">
          <OverviewTab orders={orderList} products={listedProducts} onSwitchTab={switchTab} onViewOrder={onViewOrder} onEditProduct={onEditProduct} />
        </Tabs.Content>
        <Tabs.Content value="products" className="tab-panel">
          <ProductsTab onAdd={() => setEditProduct('new')} onEdit={onEditProduct} />
        </Tabs.Content>
        <Tabs.Content value="orders" className="tab-panel">
          <div className="stack">
            <OrdersViewSwitch view={ordersView} onView={(view) => navigate(view === 'returns' ? '/returns' : '/orders')} />
            {ordersView === 'returns' ? (
              <ReturnsView />
            ) : (
              <>
                <OrdersTab onViewOrder={onViewOrder} />
                <CouponsTab />
              </>
            )}
          </div>
        </Tabs.Content>
        <Tabs.Content value="carousels" className="tab-panel">
          <CarouselsTab />
        </Tabs.Content>
        <Tabs.Content value="customers" className="tab-panel">
          <div className="stack">
            <CustomersTab />
            <MessagesSection />
          </div>
        </Tabs.Content>
        <Tabs.Content value="analytics" className="tab-panel">
          <div className="stack">
            <Suspense fallback={<p className="muted">Loading analytics…</p>}>
              <AnalyticsTab />
            </Suspense>
            <GstSection />
            <AuditSection />
          </div>
        </Tabs.Content>
      </Tabs.Root>
      <OrderDetailDialog order={viewed} onClose={() => setViewOrder(null)} />
      <ProductFormDialog product={editProduct} onClose={() => setEditProduct(null)} />
    </div>
  );
}
