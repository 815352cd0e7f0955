import { useState } from 'react';
import { useToast } from '@kit/ui/toast';
import { useCancelOrder } from '../api/cancel-order';
import type { Order } from '../types';

/** Statuses an order may still be cancelled from by its shopper (the server enforces the same rule). */
const CANCELLABLE = ['pending', 'placed', 'confirmed', 'processing'];

/** 'Cancel order', asked twice (the second click confirms); says what happens to a paid order's money. */
export function CancelOrderButton({ order }: { order: Order }) {
  const { toast } = useToast();
  const cancel = useCancelOrder();
  const [asking, setAsking] = useState(false);
  if (!CANCELLABLE.includes(order.status)) return null;
  const paid = order.paymentStatus === 'completed';
  const onConfirm = () =>
    cancel.mutate(order.id, {
      onSuccess: () => {
        setAsking(false);
        toast({ title: 'Order cancelled', description: paid ? 'Your payment will be refunded to the original payment method.' : undefined });
      },
      onError: (error) =>
        toast({ title: 'Could not cancel the order', description: error instanceof Error ? error.message : undefined, variant: 'destructive' }),
    });
  if (!asking) {
    return (
      <button type="button" className="button button--outline button--block" onClick={() => setAsking(true)} data-testid="cancel-order">
        Cancel Order
      </button>
    );
  }
  return (
    <div className="stack" role="group" aria-label="Cancel this order?">
      <p className="small">Cancel this order?{paid ? ' The amount you paid will be refunded.' : ''}</p>
      <button type="button" className="button button--primary button--block" onClick={onConfirm} disabled={cancel.isPending} data-testid="confirm-cancel-order">
        {cancel.isPending ? 'Cancelling…' : 'Yes, cancel order'}
      </button>
      <button type="button" className="button button--ghost button--block" onClick={() => setAsking(false)} disabled={cancel.isPending}>
        Keep order
      </button>
    </div>
  );
}
