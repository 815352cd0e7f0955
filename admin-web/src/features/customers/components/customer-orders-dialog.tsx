import { Dialog } from '../../../components/ui/dialog';
import { StatusBadge } from '@kit/orders';
import { formatDate, formatINR } from '@kit/format';
import { useCustomerOrders } from '../api/get-customer-orders';
import type { AdminCustomer } from '../api/get-customers';

/** The customers tab's second action: that customer's orders. */
export function CustomerOrdersDialog({ customer, onClose }: { customer: AdminCustomer | null; onClose: () => void }) {
  const { data: orders, isLoading, error } = useCustomerOrders(customer?.id ?? null);
  return (
    <Dialog open={customer !== null} onOpenChange={(open) => !open && onClose()} title={customer ? `Orders of ${customer.full_name}` : 'Orders'} wide>
      {isLoading && <p className="muted">Loading orders…</p>}
      {error && <p className="error-text">{(error as Error).message}</p>}
      {orders && orders.length === 0 && <p className="empty">No orders found</p>}
      {orders && orders.length > 0 && (
        <table className="table compact" data-testid="customer-orders">
          <thead>
            <tr>
              <th>Order ID</th>
              <th className="num">Amount</th>
              <th>Status</th>
              <th>Date</th>
            </tr>
          </thead>
          <tbody>
            {orders.map((o) => (
              <tr key={o.id}>
                <td className="mono">{o.orderNumber}</td>
                <td className="num">{formatINR(o.total_amount)}</td>
                <td>
                  <StatusBadge status={o.status} reader="admin" />
                </td>
                <td>{formatDate(o.created_at)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </Dialog>
  );
}
