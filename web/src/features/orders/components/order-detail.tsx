import { useEffect, useState, type ReactNode } from 'react';
import { Link } from 'react-router';
import { LazyImage } from '../../../components/ui/lazy-image';
import { Spinner } from '../../../components/ui/spinner';
import { useToast } from '@kit/ui/toast';
import { formatDate, formatDateTime, formatINR } from '@kit/format';
import { downloadInvoice } from '../api/download-invoice';
import { useOrder } from '../api/get-order';
import { OrderItemReview } from './order-item-review';
import { CancelOrderButton } from './cancel-order-button';
import { OrderReturns } from './order-returns';
import { TrackingTimeline } from './tracking-timeline';
import type { Order } from '../types';
import { paymentMethodLabel, paymentStatusLabel, StatusBadge } from '@kit/orders';
import { PlaceAndPhone } from '../../../components/ui/place-and-phone';

/**
 * One order in full. `payment` renders the order's payment action (the app composes the checkout's Pay now here, so
 * this feature imports no other).
 */
export function OrderDetail({ orderId, onBack, payment }: { orderId: string; onBack(): void; payment(order: Order): ReactNode }) {
  const { data: order, isLoading, isError } = useOrder(orderId);
  const { toast } = useToast();
  const [downloading, setDownloading] = useState(false);

  useEffect(() => {
    if (isError) toast({ title: 'Failed to fetch order details', variant: 'destructive' });
  }, [isError, toast]);

  if (isLoading) return <Spinner label="Loading order…" />;
  if (!order) {
    return (
      <div className="status-page">
        <h2>Order not found</h2>
        <button type="button" className="button button--primary" onClick={onBack}>
          Back to Orders
        </button>
      </div>
    );
  }
  const onInvoice = async () => {
    setDownloading(true);
    try {
      await downloadInvoice(order.id, order.orderNumber);
    } catch (error) {
      toast({ title: 'Failed to download invoice', description: error instanceof Error ? error.message : undefined, variant: 'destructive' });
    } finally {
      setDownloading(false);
    }
  };
  const delivered = order.status === 'delivered';
  const a = order.shippingAddress;
  return (
    <div className="order-detail" data-testid="order-detail">
      <button type="button" className="button button--ghost" onClick={onBack}>
        ← Back to Orders
      </button>
      <div className="order-detail__head">
        <div>
          <h2>Order {order.orderNumber}</h2>
          <p className="muted">Placed on {formatDateTime(order.createdAt)}</p>
        </div>
        <StatusBadge status={order.status} reader="shopper" testId="order-status" />
      </div>
      <div className="order-detail__grid">
        <section className="card panel">
          <h3>Items</h3>
          <ul className="order-items">
            {order.items.map((item) => (
              <li key={item.id} className="order-item">
                <Link to={`/product/${item.productId}`} className="order-item__image">
                  <LazyImage src={item.image} alt={item.name} width={72} height={72} sizes="72px" />
                </Link>
                <div className="order-item__body">
                  <Link to={`/product/${item.productId}`}>{item.name}</Link>
                  <p className="muted small">
                    {item.quantity} × {formatINR(item.price)}
                  </p>
                  {delivered && (
                    <OrderItemReview orderId={order.id} productId={item.productId} existing={order.reviews.find((r) => r.productId === item.productId)} />
                  )}
                </div>
                <strong className="price">{formatINR(item.price * item.quantity)}</strong>
              </li>
            ))}
          </ul>
          <dl className="summary">
            {order.subtotal !== undefined && (
              <div>
                <dt>Subtotal</dt>
                <dd>{formatINR(order.subtotal)}</dd>
              </div>
            )}
            {order.shipping !== undefined && (
              <div>
                <dt>Shipping</dt>
                <dd>{order.shipping === 0 ? 'Free' : formatINR(order.shipping)}</dd>
              </div>
            )}
            <div className="summary__total">
              <dt>Total</dt>
              <dd>{formatINR(order.totalAmount)}</dd>
            </div>
          </dl>
        </section>
        <div className="stack">
          <section className="card panel">
            <h3>Shipping Address</h3>
            <p>
              {a.name && (
                <strong>
                  {a.name}
                  <br />
                </strong>
              )}
              {a.address}
              {a.addressLine2 && <>, {a.addressLine2}</>}
              <PlaceAndPhone city={a.city} state={a.state} pincode={a.pincode} phone={a.phone} />
            </p>
          </section>
          <TrackingTimeline orderId={order.id} trackingNumber={order.trackingNumber ?? null} />
          <section className="card panel">
            <h3>Payment &amp; Status</h3>
            <dl className="facts">
              <div>
                <dt>Payment method</dt>
                <dd>{paymentMethodLabel(order.paymentMethod)}</dd>
              </div>
              <div>
                <dt>Payment status</dt>
                <dd data-testid="payment-status">{paymentStatusLabel(order.paymentStatus)}</dd>
              </div>
              <div>
                <dt>Order status</dt>
                <dd>
                  <StatusBadge status={order.status} reader="shopper" testId="order-status" />
                </dd>
              </div>
              <div>
                <dt>Tracking number</dt>
                <dd>{order.trackingNumber ?? 'Not shipped yet'}</dd>
              </div>
              <div>
                <dt>Estimated delivery</dt>
                <dd>{formatDate(order.estimatedDelivery)}</dd>
              </div>
              <div>
                <dt>Delivered on</dt>
                <dd>{formatDate(order.actualDelivery)}</dd>
              </div>
            </dl>
            {payment(order)}
            <CancelOrderButton order={order} />
            <button type="button" className="button button--outline button--block" onClick={onInvoice} disabled={downloading}>
              {downloading ? 'Preparing invoice…' : 'Download Invoice'}
            </button>
          </section>
        </div>
      </div>
      <OrderReturns order={order} />
    </div>
  );
}
