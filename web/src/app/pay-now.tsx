import { useState } from 'react';
import { useAuth } from '../lib/auth/auth-provider';
import { useCart } from '../lib/cart/cart-provider';
import { PaymentWindow } from '../features/checkout/components/payment-window';
import { forgetPendingCheckout, readPendingCheckout } from '../features/checkout/pending-checkout';
import { usePaymentWindow } from '../features/checkout/use-payment-window';
import { formatDateTime } from '@kit/format';
import { awaitsPayment, EXPIRED_NOTICE, type Order } from '../features/orders/types';

/**
 * An unpaid online order, until it expires: "Awaiting payment" with Pay now, which opens a payment window for this
 * same order (see docs/decisions/0004-sessions-and-retries.md). An expired order says so.
 */
export function PayNow({ order }: { order: Order }) {
  const { user } = useAuth();
  const { clearCart } = useCart();
  const { payOrder, simulator } = usePaymentWindow();
  const [busy, setBusy] = useState(false);
  if (order.expiredAt && order.status === 'cancelled') {
    return (
      <p className="order-payment order-payment--expired small" data-testid="order-expired">
        {EXPIRED_NOTICE}
      </p>
    );
  }
  if (!awaitsPayment(order) || !user) return null;
  const onPay = async () => {
    setBusy(true);
    const outcome = await payOrder({
      id: order.id,
      orderNumber: order.orderNumber,
      totalAmount: order.totalAmount,
      prefill: { name: user.full_name, email: user.email, contact: order.shippingAddress.phone || user.phone || '' },
    });
    // This order was the checkout still in the cart: paid, so the cart is done with.
    if (outcome === 'paid' && readPendingCheckout()?.orderId === order.id) {
      forgetPendingCheckout();
      clearCart();
    }
    setBusy(false);
  };
  return (
    <div className="order-payment" data-testid="awaiting-payment">
      <span className="small">
        <strong>Awaiting payment</strong> · pay by {formatDateTime(order.paymentExpiresAt)}
      </span>
      <button type="button" className="button button--primary button--small" onClick={onPay} disabled={busy}>
        {busy ? 'Opening payment…' : 'Pay now'}
      </button>
      <PaymentWindow simulator={simulator} />
    </div>
  );
}
