import { useMemo, useState } from 'react';
import { Button } from '../../../components/ui/button';
import { Card } from '../../../components/ui/card';
import { DataTable, type AdminColumn } from '../../../components/ui/data-table';
import { formatCount } from '@kit/format';
import { useDownloadAnchor } from '../api/download-anchor';
import { useVerifyEventLog, type ChainBreak } from '../api/verify-event-log';

/** Recomputes every event's hash on the server and checks each stream's chain: any edit or deletion shows as a break. */
export function VerifyLogCard() {
  const [requested, setRequested] = useState(false);
  const verify = useVerifyEventLog(requested);
  const running = verify.isFetching;
  const run = () => (requested ? void verify.refetch() : setRequested(true));
  const columns = useMemo<AdminColumn<ChainBreak>[]>(
    () => [
      { id: 'stream', header: 'Stream', meta: { className: 'mono' }, cell: ({ row }) => row.original.streamId },
      { id: 'version', header: 'Version', meta: { className: 'num' }, cell: ({ row }) => formatCount(row.original.version) },
      { id: 'event', header: 'Event id', meta: { className: 'mono' }, cell: ({ row }) => row.original.eventId },
      { id: 'kind', header: 'Kind', meta: { className: 'nowrap' }, cell: ({ row }) => row.original.kind },
      { id: 'reason', header: 'Reason', meta: { className: 'wrap-anywhere' }, cell: ({ row }) => row.original.reason },
    ],
    [],
  );
  const report = verify.data;
  const anchor = useDownloadAnchor();
  return (
    <Card
      title="Verify event log"
      caption="Recomputes the hash of every event and checks each stream's chain"
      actions={
        <>
          <Button onClick={() => anchor.mutate()} disabled={anchor.isPending}>
            {anchor.isPending ? 'Preparing…' : 'Download anchor'}
          </Button>
          <Button variant="primary" onClick={run} disabled={running}>
            {running ? 'Verifying…' : 'Verify event log'}
          </Button>
        </>
      }
    >
      <div aria-live="polite" data-testid="audit-verify">
        {!requested && <p className="muted">Not verified yet.</p>}
        {verify.error && !running && <p className="error-text">Could not verify the log: {(verify.error as Error).message}</p>}
        {report && !running && report.ok && (
          <p className="ok-text">
            Every hash chain intact: {formatCount(report.events)} events in {formatCount(report.streams)} streams
          </p>
        )}
        {report && !running && !report.ok && (
          <>
            <p className="error-text" role="alert">
              Hash chain broken in {formatCount(report.breaks.length)} {report.breaks.length === 1 ? 'stream' : 'streams'} ({formatCount(report.events)} events
              in {formatCount(report.streams)} streams checked)
            </p>
            <DataTable data={report.breaks} columns={columns} getRowId={(b) => `${b.streamId}:${b.version}`} empty="No breaks" testId="audit-breaks" />
          </>
        )}
      </div>
      <div aria-live="polite" data-testid="audit-anchor">
        {anchor.data && !anchor.isPending && (
          <p className="muted">
            Saved as {anchor.data}: keep it outside the store and check it later with <code>npm run audit -- verify --anchor FILE</code>.
          </p>
        )}
        {anchor.error && !anchor.isPending && <p className="error-text">Could not take an anchor: {(anchor.error as Error).message}</p>}
      </div>
    </Card>
  );
}
