import { useState } from 'react';
import { formatCount, formatDate, formatDateTime } from '@kit/format';
import { Dialog } from '../../../components/ui/dialog';
import { Pager } from '../../../components/ui/pager';
import type { AdminProduct } from '../../../lib/admin-product';
import { usePreorderBook } from '../api/get-preorder-book';

/** A pre-order's book: each order that pre-ordered the product, its shopper, quantity and payment. */
export function PreorderBookDialog({ product, onClose }: { product: AdminProduct | null; onClose: () => void }) {
  const [page, setPage] = useState(1);
  const { data, error, isLoading } = usePreorderBook(product?.id ?? null, page);
  return (
    <Dialog
      open={product !== null}
      onOpenChange={(open) => !open && (setPage(1), onClose())}
      title={`Pre-order book: ${product?.name ?? ''}`}
      description={product?.releaseDate ? `Ships from ${formatDate(product.releaseDate)}` : undefined}
      wide
    >
      {isLoading && <p className="muted">Loading pre-orders…</p>}
      {error && <p role="alert">{(error as Error).message}</p>}
      {data && (
        <div data-testid="preorder-book">
          <p className="totals">
            <span>
              Orders <strong className="num">{formatCount(data.totals.orders)}</strong>
            </span>
            <span>
              Units <strong className="num">{formatCount(data.totals.units)}</strong>
            </span>
            <span>
              Paid units <strong className="num">{formatCount(data.totals.paidUnits)}</strong>
            </span>
          </p>
          {data.orders.length === 0 ? (
            <p className="muted">No pre-orders yet.</p>
          ) : (
            <table className="table">
              <thead>
                <tr>
                  <th>Order</th>
                  <th>Customer</th>
                  <th className="num">Qty</th>
                  <th>Payment</th>
                  <th>Status</th>
                  <th>Placed</th>
                </tr>
              </thead>
              <tbody>
                {data.orders.map((o) => (
                  <tr key={o.orderId}>
                    <td>{o.orderNumber}</td>
                    <td>
                      {o.customerName}
                      <br />
                      <span className="muted small">{o.customerEmail}</span>
                    </td>
                    <td className="num">{o.quantity}</td>
                    <td>{o.paymentStatus}</td>
                    <td>
                      <span className={`status status-${o.status}`}>{o.status}</span>
                    </td>
                    <td>{formatDateTime(o.placedAt)}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          )}
          {data.totalPages > 1 && <Pager page={page} totalPages={data.totalPages} onPage={setPage} />}
        </div>
      )}
    </Dialog>
  );
}
