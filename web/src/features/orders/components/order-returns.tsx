import { useState } from 'react';
import type { ReturnDto } from '@contract';
import { RETURN_WINDOW_DAYS } from '@contract/return-rules';
import { formatDate, formatDateTime, formatINR } from '@kit/format';
import { useOrderReturns } from '../api/get-order-returns';
import { RETURN_STATUS_LABELS, RETURN_STATUS_TONES, returnableLines, returnWindow } from '../return-request';
import type { Order } from '../types';
import { ReturnItemsForm } from './return-items-form';

/**
 * Below a delivered order: 'Return items' while its return window is open (the form), a line once it has closed, and
 * the order's returns with where each stands.
 */
export function OrderReturns({ order, now = Date.now() }: { order: Order; now?: number }) {
  const span = returnWindow(order, now);
  const { data: returns = [], isError } = useOrderReturns(order.id, span.state !== 'none');
  const [asking, setAsking] = useState(false);
  if (span.state === 'none') return null;
  const lines = returnableLines(order.items, returns);
  const anyLeft = lines.some((l) => l.left > 0);
  return (
    <section className="card panel stack order-returns" aria-labelledby="order-returns-title" data-testid="order-returns">
      <h3 id="order-returns-title">Returns</h3>
      {span.state === 'open' ? (
        <p className="muted small" data-testid="return-window">
          Free returns within {RETURN_WINDOW_DAYS} days of delivery: you can ask until {formatDateTime(span.closesAt)}.
        </p>
      ) : (
        <p className="muted small" data-testid="return-window">
          Returns closed on {formatDate(span.closedAt)}.
        </p>
      )}
      {span.state === 'open' &&
        anyLeft &&
        (asking ? (
          <ReturnItemsForm orderId={order.id} lines={lines} cashOnDelivery={order.paymentMethod === 'cod'} onDone={() => setAsking(false)} />
        ) : (
          <button type="button" className="button button--outline" onClick={() => setAsking(true)} data-testid="return-items">
            Return items
          </button>
        ))}
      {span.state === 'open' && !anyLeft && <p className="small">Every unit of this order is already in a return.</p>}
      {isError && (
        <p className="form-error" role="alert">
          Could not load this order&apos;s returns.
        </p>
      )}
      {returns.length > 0 && (
        <ul className="order-returns__list">
          {returns.map((r) => (
            <ReturnEntry key={r.id} ret={r} />
          ))}
        </ul>
      )}
    </section>
  );
}

/** What the shopper is told of a UPI refund's transfer; a failure's reason is the shop's to act on, not the shopper's. */
const UPI_PAYOUT_LABELS: Record<NonNullable<ReturnDto['payout']>['status'], string> = {
  pending: 'Being sent to your UPI ID',
  paid: 'Sent to your UPI ID',
  failed: 'Delayed: we are sending it again',
};

function ReturnEntry({ ret }: { ret: ReturnDto }) {
  const refunded = ret.status === 'refunded';
  return (
    <li className="order-returns__entry" data-testid="order-return" data-status={ret.status}>
      <div className="order-returns__head">
        <span className="muted small">Asked on {formatDateTime(ret.requestedAt)}</span>
        <span className={`status tone-${RETURN_STATUS_TONES[ret.status]}`} data-testid="return-status">
          {RETURN_STATUS_LABELS[ret.status]}
        </span>
      </div>
      <ul className="order-returns__items">
        {ret.items.map((item) => (
          <li key={item.lineNo}>
            {item.quantity} × {item.name}
          </li>
        ))}
      </ul>
      <dl className="facts">
        <div>
          <dt>{refunded ? 'Refunded' : 'Refund'}</dt>
          <dd data-testid="return-refund">{formatINR(refunded ? ret.refundedAmount : ret.refundAmount)}</dd>
        </div>
        <div>
          <dt>Refund to</dt>
          <dd>{ret.refundTo === 'upi' ? `UPI ${ret.upiId ?? ''}`.trim() : 'Your original payment method'}</dd>
        </div>
        {ret.payout && (
          <div>
            <dt>UPI transfer</dt>
            <dd data-testid="return-payout" data-payout={ret.payout.status}>
              {UPI_PAYOUT_LABELS[ret.payout.status]}
              {ret.payout.status === 'paid' && ret.payout.reference && <span className="muted"> · ref. {ret.payout.reference}</span>}
            </dd>
          </div>
        )}
        {ret.status === 'approved' && ret.pickupAwb && (
          <div>
            <dt>Pickup AWB</dt>
            <dd data-testid="return-awb">
              {ret.pickupAwb}
              {ret.courier && <span className="muted"> · {ret.courier}</span>}
            </dd>
          </div>
        )}
        {ret.status === 'rejected' && ret.rejectionReason && (
          <div>
            <dt>Why not</dt>
            <dd data-testid="return-rejection">{ret.rejectionReason}</dd>
          </div>
        )}
      </dl>
    </li>
  );
}
