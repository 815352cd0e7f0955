import { useId } from 'react';
import { Button } from '../../../components/ui/button';
import { StatusBadge } from '@kit/orders';
import { formatCount, formatINR } from '@kit/format';
import type { OrderSnapshot } from '../api/get-order-history';

/** To the second: "as of" a moment is only useful if two changes a few seconds apart can be told apart. */
export const formatMoment = (iso: string) =>
  new Date(iso).toLocaleString('en-IN', { day: '2-digit', month: 'short', year: 'numeric', hour: '2-digit', minute: '2-digit', second: '2-digit' });

/** The "As of" input (a wall-clock time in the browser's zone, to the second) and the way back to now. */
export function AsOfControl({ value, onChange }: { value: string; onChange: (value: string) => void }) {
  const id = useId();
  return (
    <div className="inline-controls as-of-control">
      <label htmlFor={id}>
        As of
        <input id={id} type="datetime-local" step={1} value={value} onChange={(event) => onChange(event.target.value)} aria-describedby={`${id}-hint`} />
      </label>
      <Button variant="outline" onClick={() => onChange('')} disabled={value === ''}>
        Now
      </Button>
      <span id={`${id}-hint`} className="muted as-of-hint">
        {value === '' ? 'Showing the order as it stands now.' : 'Your local time.'}
      </span>
    </div>
  );
}

/** The order as the log had it at that moment: what the auditor compares with what was claimed then. */
export function OrderSnapshotPanel({ state, asOf }: { state: OrderSnapshot; asOf: string }) {
  return (
    <div className="as-of-panel" data-testid="order-as-of">
      <p className="section-title">As of {formatMoment(asOf)}</p>
      <dl className="detail-grid">
        <dt>Status</dt>
        <dd>
          <StatusBadge status={state.status} reader="admin" />
          {state.deleted && <span className="muted"> (deleted)</span>}
        </dd>
        <dt>Payment</dt>
        <dd>
          {state.paymentMethod || '—'} · {state.paymentStatus || '—'}
        </dd>
        <dt>Total</dt>
        <dd className="num-left">{formatINR(state.total)}</dd>
        <dt>Paid</dt>
        <dd className="num-left">{formatINR(state.paid)}</dd>
        <dt>Refunded</dt>
        <dd className="num-left">{formatINR(state.refunded)}</dd>
        {state.returned > 0 && (
          <>
            <dt>Of which returns</dt>
            <dd className="num-left">{formatINR(state.returned)}</dd>
          </>
        )}
        <dt>Tracking</dt>
        <dd className={state.trackingNumber ? 'mono' : undefined}>{state.trackingNumber ?? '—'}</dd>
        <dt>Events</dt>
        <dd data-testid="order-as-of-events">
          {formatCount(state.eventsApplied)} of {formatCount(state.eventsTotal)} events
        </dd>
      </dl>
    </div>
  );
}
