import { useMemo, useState, type FormEvent } from 'react';
import { Button } from '../../../components/ui/button';
import { Card } from '../../../components/ui/card';
import { DataTable, type AdminColumn } from '../../../components/ui/data-table';
import { formatCount, formatINR } from '@kit/format';
import { useRevenueReconciliation, type DateWindow, type RevenueDifference } from '../api/reconcile-revenue';
import { currentIndiaMonth } from '../../../lib/current-india-month';
import { DateWindowFields } from './date-window-fields';

const ordersCount = (n: number) => `${formatCount(n)} ${n === 1 ? 'order' : 'orders'}`;

/** Confirmed revenue counted twice, from the events and from the dashboard's read model, with every order they disagree on. */
export function ReconcileRevenueCard() {
  const [days, setDays] = useState<DateWindow>(() => currentIndiaMonth());
  const [submitted, setSubmitted] = useState<DateWindow | null>(null);
  const result = useRevenueReconciliation(submitted);
  const running = result.isFetching;
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (submitted && submitted.from === days.from && submitted.to === days.to) void result.refetch();
    else setSubmitted({ ...days });
  };
  const columns = useMemo<AdminColumn<RevenueDifference>[]>(
    () => [
      { id: 'order', header: 'Order', meta: { className: 'mono' }, cell: ({ row }) => row.original.orderNumber },
      { id: 'events', header: 'Events', meta: { className: 'num' }, cell: ({ row }) => formatINR(row.original.events) },
      { id: 'readModel', header: 'Read model', meta: { className: 'num' }, cell: ({ row }) => formatINR(row.original.readModel) },
      { id: 'reason', header: 'Reason', meta: { className: 'wrap-anywhere' }, cell: ({ row }) => row.original.reason },
    ],
    [],
  );
  const r = result.data;
  return (
    <Card title="Reconcile revenue" caption="Confirmed revenue of the orders placed in these days (India time), from the events and from the dashboard">
      <form className="audit-form" onSubmit={submit} aria-label="Reconcile revenue">
        <DateWindowFields value={days} onChange={setDays} />
        <Button type="submit" variant="primary" disabled={running}>
          {running ? 'Reconciling…' : 'Reconcile'}
        </Button>
      </form>
      <div aria-live="polite" data-testid="audit-revenue">
        {result.error && !running && (
          <p className="error-text" role="alert">
            {(result.error as Error).message}
          </p>
        )}
        {r && !running && !result.error && (
          <>
            <dl className="audit-figures">
              <dt>From the events</dt>
              <dd data-testid="revenue-events">
                {formatINR(r.events.revenue)} <span className="muted">({ordersCount(r.events.orders)})</span>
              </dd>
              <dt>Dashboard read model</dt>
              <dd data-testid="revenue-read-model">
                {formatINR(r.readModel.revenue)} <span className="muted">({ordersCount(r.readModel.orders)})</span>
              </dd>
              <dt>Difference</dt>
              <dd>{formatINR(r.difference)}</dd>
            </dl>
            {r.orderEventsNotYetApplied > 0 && (
              <p className="muted">
                {formatCount(r.orderEventsNotYetApplied)} newer order events are not in the dashboard yet and were left out of both sides.
              </p>
            )}
            {r.differences.length === 0 ? (
              <p className="ok-text">No difference</p>
            ) : (
              <DataTable data={r.differences} columns={columns} getRowId={(d) => d.orderId} empty="No difference" testId="audit-differences" />
            )}
          </>
        )}
      </div>
    </Card>
  );
}
