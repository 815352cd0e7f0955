import { formatDate } from '@kit/format';
import { isPincode, useServiceability } from '../api/get-serviceability';

/**
 * Under the shipping address: by when the courier delivers to this pincode, or the server's message when it does not
 * (the checkout then refuses to place the order, as the server would).
 */
export function DeliveryEstimate({ pincode, cod }: { pincode: string; cod: boolean }) {
  const reach = useServiceability(pincode, cod);
  if (!isPincode(pincode)) return null;
  if (reach.isPending) {
    return (
      <p className="muted small" role="status" data-testid="delivery-estimate">
        Checking delivery to {pincode}…
      </p>
    );
  }
  if (reach.isError) {
    return (
      <p className="muted small" role="status" data-testid="delivery-estimate">
        We could not check the delivery date right now; it is confirmed when the order ships.
      </p>
    );
  }
  if (!reach.data.serviceable) {
    return (
      <p className="form-error" role="alert" data-testid="delivery-unserviceable">
        {reach.data.message}
      </p>
    );
  }
  return (
    <p className="small" role="status" data-testid="delivery-estimate">
      Estimated delivery by <strong>{formatDate(reach.data.estimatedDelivery)}</strong>
      {reach.data.courier ? <> with {reach.data.courier}</> : null}
    </p>
  );
}
