import { useState } from 'react';
import { formatDateTime } from '@kit/format';
import { StatusBadge } from '@kit/orders';
import { useToast } from '@kit/ui/toast';
import { Button } from '../../../components/ui/button';
import { Dialog } from '../../../components/ui/dialog';
import { useCodHolds, type CodHold } from '../api/get-cod-holds';
import { useReleaseCodHold } from '../api/release-cod-hold';
import { count, holdsByProduct, releaseReasonProblem } from './cod-holds';

/**
 * Stock held by cash-on-delivery orders that have not shipped (nothing paid yet), in the Orders tab: per product the
 * units held, then who holds how many since when, each with Release (cancel with a reason; the shopper is told).
 */
export function CodHoldsPanel() {
  const { toast } = useToast();
  const [productId, setProductId] = useState<string | null>(null);
  const { data, error } = useCodHolds(productId);
  const all = useCodHolds(null);
  const [toRelease, setToRelease] = useState<CodHold | null>(null);
  const [reason, setReason] = useState('');
  const release = useReleaseCodHold();
  const products = holdsByProduct(all.data?.holds ?? []);
  const problem = releaseReasonProblem(reason);

  const confirmRelease = () => {
    if (!toRelease || problem) return;
    const hold = toRelease;
    release.mutate(
      { orderId: hold.orderId, reason: reason.trim() },
      {
        onSuccess: () => {
          toast({ title: 'Hold Released', description: `Order #${hold.orderNumber} is cancelled; ${hold.productName} is back on sale.`, variant: 'success' });
          setToRelease(null);
          setReason('');
        },
        onError: (e) => toast({ title: 'Error', description: e instanceof Error ? e.message : 'Failed to release the hold.', variant: 'destructive' }),
      },
    );
  };

  return (
    <details className="cod-holds" data-testid="cod-holds">
      <summary>
        Held by cash on delivery: {count(all.data?.units ?? 0, 'unit')} in {count(all.data?.total ?? 0, 'unshipped order line')}
      </summary>
      {error && <p className="error-text">{(error as Error).message}</p>}
      <div className="selection-bar" role="group" aria-label="Filter holds by product">
        <Button size="sm" variant={productId === null ? 'primary' : 'secondary'} onClick={() => setProductId(null)}>
          All products
        </Button>
        {products.map((p) => (
          <Button key={p.productId} size="sm" variant={productId === p.productId ? 'primary' : 'secondary'} onClick={() => setProductId(p.productId)}>
            {p.productName}: {count(p.units, 'unit')}, {count(p.orders, 'order')}
          </Button>
        ))}
      </div>
      <div className="table-wrap">
        <table className="table">
          <thead>
            <tr>
              <th>Order</th>
              <th>Customer</th>
              <th>Product</th>
              <th className="num">Units</th>
              <th>Held since</th>
              <th>Status</th>
              <th>Actions</th>
            </tr>
          </thead>
          <tbody>
            {(data?.holds ?? []).length === 0 && (
              <tr>
                <td colSpan={7} className="table-empty">
                  No stock is held by unshipped cash-on-delivery orders
                </td>
              </tr>
            )}
            {(data?.holds ?? []).map((h) => (
              <tr key={`${h.orderId}:${h.productId}`}>
                <td>#{h.orderNumber}</td>
                <td>
                  {h.customerName}
                  <br />
                  <span className="muted">{h.customerEmail}</span>
                </td>
                <td>{h.productName}</td>
                <td className="num">{h.quantity}</td>
                <td>{formatDateTime(h.since)}</td>
                <td>
                  <StatusBadge status={h.status} reader="admin" />
                </td>
                <td>
                  <Button size="sm" variant="danger" onClick={() => setToRelease(h)} aria-label={`Release order ${h.orderNumber}`}>
                    Release
                  </Button>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      <Dialog
        open={toRelease !== null}
        onOpenChange={(open) => !open && setToRelease(null)}
        title="Release Hold"
        description={toRelease ? `Cancel order #${toRelease.orderNumber} of ${toRelease.customerName} and put its stock back on sale?` : ''}
        footer={
          <>
            <Button onClick={() => setToRelease(null)}>Keep</Button>
            <Button variant="danger" onClick={confirmRelease} disabled={release.isPending || problem !== null}>
              Release and cancel order
            </Button>
          </>
        }
      >
        <label className="cod-holds-reason">
          <span>Reason (sent to the shopper)</span>
          <textarea value={reason} maxLength={500} onChange={(e) => setReason(e.target.value)} />
        </label>
        {reason.length > 0 && problem && <p className="error-text">{problem}</p>}
      </Dialog>
    </details>
  );
}
