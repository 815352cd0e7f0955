import { formatINR } from '@kit/format';

/** Subtotal, shipping ('Free' at ₹0) and total of an order summary: the cart's and the checkout's, the same lines. */
export function OrderTotals({
  subtotal,
  discount = 0,
  shipping,
  total,
  totalTestId,
}: {
  subtotal: number;
  /** A coupon's discount (the checkout's), shown under the subtotal when there is one. */
  discount?: number;
  shipping: number;
  total: number;
  totalTestId: string;
}) {
  return (
    <dl>
      <div>
        <dt>Subtotal</dt>
        <dd>{formatINR(subtotal)}</dd>
      </div>
      {discount > 0 && (
        <div>
          <dt>Coupon discount</dt>
          <dd data-testid="coupon-discount">−{formatINR(discount)}</dd>
        </div>
      )}
      <div>
        <dt>Shipping</dt>
        <dd>{shipping === 0 ? 'Free' : formatINR(shipping)}</dd>
      </div>
      <div className="summary__total">
        <dt>Total</dt>
        <dd data-testid={totalTestId}>{formatINR(total)}</dd>
      </div>
    </dl>
  );
}
