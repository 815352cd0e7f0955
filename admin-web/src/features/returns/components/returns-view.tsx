import { useEffect, useMemo, useState } from 'react';
import { formatDateTime, formatINR } from '@kit/format';
import { useToast } from '@kit/ui/toast';
import { Button } from '../../../components/ui/button';
import { Card } from '../../../components/ui/card';
import { DataTable, type AdminColumn } from '../../../components/ui/data-table';
import { Dialog } from '../../../components/ui/dialog';
import { Pager } from '../../../components/ui/pager';
import { RETURNS_PER_PAGE, useApproveReturn, useReceiveReturn, useRejectReturn, useRetryPayout, useReturns } from '../api/returns';
import {
  actionsFor,
  allResellable,
  canRetryPayout,
  clampResellable,
  itemsSummary,
  pagesOf,
  payoutLabel,
  payoutOf,
  receivePayload,
  refundDestination,
  rejectionReasonProblem,
  resellableSummary,
  RETURN_REASON_MAX,
  RETURN_STATUSES,
  returnStatusLabel,
  returnStatusTone,
  type ResellableCounts,
  type ReturnDto,
  type ReturnStatus,
} from './return-actions';

const NO_RETURNS: ReturnDto[] = [];
const failure = (error: unknown) => (error instanceof Error ? error.message : 'The server did not answer. Try again.');

function ReturnStatusBadge({ status }: { status: string }) {
  return (
    <span className={`status tone-${returnStatusTone(status)}`} data-status={status}>
      {returnStatusLabel(status)}
    </span>
  );
}

/** What the status adds: the pickup once approved, the reason once rejected, the money once refunded. */
function StatusDetail({ ret }: { ret: ReturnDto }) {
  if (ret.status === 'approved' && ret.pickupAwb) {
    return (
      <span className="muted">
        Pickup {ret.courier ? `${ret.courier} ` : ''}
        <span className="mono">{ret.pickupAwb}</span>
      </span>
    );
  }
  if (ret.status === 'rejected' && ret.rejectionReason) return <span className="muted">Reason: {ret.rejectionReason}</span>;
  const back = resellableSummary(ret.receivedItems);
  if (ret.status === 'refunded')
    return (
      <span className="muted">
        {formatINR(ret.refundedAmount)} refunded
        {back ? `; ${back}` : ''}
      </span>
    );
  if (ret.status === 'received' && back) return <span className="muted">{back}</span>;
  return null;
}

/**
 * The Orders tab's Returns view: every return asked for, newest first, filtered by status and paged by the server;
 * a requested return is approved (the pickup is booked) or rejected with a reason, an approved one received with how
 * many units can be sold again. Nothing changes on screen until the server has answered: the list is read again after
 * each decision, whatever the answer was.
 */
export function ReturnsView() {
  const { toast } = useToast();
  const [status, setStatus] = useState<ReturnStatus | null>(null);
  const [page, setPage] = useState(1);
  const { data, error, isLoading, refetch } = useReturns(status, page);
  const returns = data?.returns ?? NO_RETURNS;
  const approve = useApproveReturn();
  const reject = useRejectReturn();
  const receive = useReceiveReturn();
  const retry = useRetryPayout();
  const [toReject, setToReject] = useState<ReturnDto | null>(null);
  const [reason, setReason] = useState('');
  const [reasonProblem, setReasonProblem] = useState<string | null>(null);
  const [toReceive, setToReceive] = useState<ReturnDto | null>(null);
  const [resellable, setResellable] = useState<ResellableCounts>({});

  const showError = (error: unknown) => toast({ title: 'Error', description: failure(error), variant: 'destructive' });

  const approveOne = (ret: ReturnDto) =>
    approve.mutate(
      { returnId: ret.id },
      {
        onSuccess: ({ return: done }) =>
          toast({
            title: 'Return Approved',
            description: `Order #${ret.orderNumber}: pickup booked${done.pickupAwb ? ` (${done.courier ?? 'courier'} ${done.pickupAwb})` : ''}.`,
            variant: 'success',
          }),
        onError: showError,
      },
    );

  const openReject = (ret: ReturnDto) => {
    setToReject(ret);
    setReason('');
    setReasonProblem(null);
  };
  const closeReject = () => setToReject(null);
  const confirmReject = () => {
    if (!toReject) return;
    const problem = rejectionReasonProblem(reason);
    setReasonProblem(problem);
    if (problem) return;
    const ret = toReject;
    reject.mutate(
      { returnId: ret.id, reason: reason.trim() },
      {
        onSuccess: () => toast({ title: 'Return Rejected', description: `Order #${ret.orderNumber}: the return is rejected.`, variant: 'success' }),
        onError: showError,
        onSettled: closeReject,
      },
    );
  };

  const openReceive = (ret: ReturnDto) => {
    setToReceive(ret);
    setResellable(allResellable(ret));
  };
  const closeReceive = () => setToReceive(null);
  const confirmReceive = () => {
    if (!toReceive) return;
    const ret = toReceive;
    receive.mutate(
      { returnId: ret.id, ...receivePayload(ret, resellable) },
      {
        onSuccess: ({ return: done }) =>
          toast({
            title: 'Return Received',
            description: `Order #${ret.orderNumber}: ${done.status === 'refunded' ? `${formatINR(done.refundedAmount)} refunded` : 'received'}.`,
            variant: 'success',
          }),
        onError: showError,
        onSettled: closeReceive,
      },
    );
  };

  const retryOne = (ret: ReturnDto) =>
    retry.mutate(
      { returnId: ret.id },
      {
        onSuccess: () => toast({ title: 'Payout Retried', description: `Order #${ret.orderNumber}: the refund is sent again.`, variant: 'success' }),
        onError: showError,
      },
    );

  const busy = approve.isPending || reject.isPending || receive.isPending || retry.isPending;
  const columns = useMemo<AdminColumn<ReturnDto>[]>(
    () => [
      { id: 'order', header: 'Order ID', cell: ({ row }) => <span className="mono">{row.original.orderNumber}</span> },
      { id: 'shopper', header: 'Customer', cell: ({ row }) => <strong>{row.original.customerName || '—'}</strong> },
      { id: 'items', header: 'Items', cell: ({ row }) => <span className="clamp-2">{itemsSummary(row.original)}</span> },
      { id: 'reason', header: 'Reason', cell: ({ row }) => <span className="clamp-2">{row.original.reason}</span> },
      {
        id: 'refund',
        header: 'Refund',
        meta: { className: 'num' },
        cell: ({ row }) => (
          <div className="cell-stack">
            <span>{formatINR(row.original.refundAmount)}</span>
            <span className="muted">{refundDestination(row.original)}</span>
            {payoutOf(row.original) && <span className="muted">{payoutLabel(payoutOf(row.original))}</span>}
          </div>
        ),
      },
      {
        id: 'status',
        header: 'Status',
        cell: ({ row }) => (
          <div className="cell-stack return-status">
            <ReturnStatusBadge status={row.original.status} />
            <StatusDetail ret={row.original} />
          </div>
        ),
      },
      { id: 'requested', header: 'Requested', meta: { className: 'nowrap' }, cell: ({ row }) => formatDateTime(row.original.requestedAt) },
      {
        id: 'actions',
        header: 'Actions',
        cell: ({ row }) => {
          const ret = row.original;
          const actions = actionsFor(ret.status);
          if (canRetryPayout(ret)) {
            return (
              <Button size="sm" onClick={() => retryOne(ret)} disabled={busy} aria-label={`Retry payout of order ${ret.orderNumber}`}>
                Retry payout
              </Button>
            );
          }
          if (actions.length === 0) return <span className="muted">—</span>;
          return (
            <div className="row-actions">
              {actions.includes('approve') && (
                <Button size="sm" onClick={() => approveOne(ret)} disabled={busy} aria-label={`Approve return of order ${ret.orderNumber}`}>
                  Approve
                </Button>
              )}
              {actions.includes('reject') && (
                <Button size="sm" variant="danger" onClick={() => openReject(ret)} disabled={busy} aria-label={`Reject return of order ${ret.orderNumber}`}>
                  Reject
                </Button>
              )}
              {actions.includes('receive') && (
                <Button size="sm" onClick={() => openReceive(ret)} disabled={busy} aria-label={`Receive return of order ${ret.orderNumber}`}>
                  Receive
                </Button>
              )}
            </div>
          );
        },
      },
    ],
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [busy],
  );

  const total = data?.total ?? 0;
  const totalPages = pagesOf(total, data?.limit ?? RETURNS_PER_PAGE);
  // Decisions can empty the last page of a filtered list: step back to the last page there is.
  useEffect(() => {
    if (data && page > totalPages) setPage(totalPages);
  }, [data, page, totalPages]);
  return (
    <Card title="Returns">
      <div className="selection-bar">
        <label className="row-actions">
          <span className="muted">Status</span>
          <select
            className="select-sm"
            aria-label="Filter returns by status"
            value={status ?? ''}
            onChange={(e) => {
              setStatus((e.target.value || null) as ReturnStatus | null);
              setPage(1);
            }}
          >
            <option value="">All statuses</option>
            {RETURN_STATUSES.map((s) => (
              <option key={s} value={s}>
                {returnStatusLabel(s)}
              </option>
            ))}
          </select>
        </label>
        <span className="muted" data-testid="returns-count">
          {isLoading ? 'Loading returns…' : `${total} ${total === 1 ? 'return' : 'returns'}`}
        </span>
      </div>
      {error && (
        <p className="error-text">
          {failure(error)}{' '}
          <Button size="sm" onClick={() => void refetch()}>
            Try again
          </Button>
        </p>
      )}
      <DataTable data={returns} columns={columns} getRowId={(r) => r.id} empty={isLoading ? 'Loading returns…' : 'No returns found'} testId="returns-table" />
      <Pager page={data?.page ?? page} totalPages={totalPages} onPage={setPage} />

      <Dialog
        open={toReject !== null}
        onOpenChange={(open) => !open && closeReject()}
        title="Reject Return"
        description={toReject ? `Reject the return of order #${toReject.orderNumber} (${itemsSummary(toReject)})?` : ''}
        footer={
          <>
            <Button onClick={closeReject}>Cancel</Button>
            <Button variant="danger" onClick={confirmReject} disabled={reject.isPending}>
              Reject return
            </Button>
          </>
        }
      >
        <label className="cod-holds-reason">
          <span>Reason for rejecting (shown to the shopper)</span>
          <textarea
            value={reason}
            maxLength={RETURN_REASON_MAX}
            aria-invalid={reasonProblem !== null}
            onChange={(e) => {
              setReason(e.target.value);
              if (reasonProblem) setReasonProblem(rejectionReasonProblem(e.target.value));
            }}
          />
        </label>
        {reasonProblem && (
          <p className="error-text" role="alert">
            {reasonProblem}
          </p>
        )}
      </Dialog>

      <Dialog
        open={toReceive !== null}
        onOpenChange={(open) => !open && closeReceive()}
        title="Receive Return"
        description={
          toReceive
            ? `The parcel of order #${toReceive.orderNumber} is back: ${formatINR(toReceive.refundAmount)} is refunded to ${refundDestination(toReceive).replace('Original payment', 'the original payment')}. How many units can be sold again?`
            : ''
        }
        footer={
          <>
            <Button onClick={closeReceive}>Cancel</Button>
            <Button variant="primary" onClick={confirmReceive} disabled={receive.isPending}>
              Receive and refund
            </Button>
          </>
        }
      >
        {toReceive?.items.map((item) => (
          <label key={item.lineNo} className="cod-holds-reason">
            <span>
              Resellable units of {item.name} (of {item.quantity})
            </span>
            <input
              type="number"
              min={0}
              max={item.quantity}
              step={1}
              value={resellable[item.lineNo] ?? item.quantity}
              onChange={(e) => setResellable((counts) => ({ ...counts, [item.lineNo]: clampResellable(e.target.valueAsNumber, item.quantity) }))}
            />
          </label>
        ))}
      </Dialog>
    </Card>
  );
}
