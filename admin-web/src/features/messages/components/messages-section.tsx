import { useMemo, useState } from 'react';
import { Badge, type BadgeVariant } from '@kit/ui/badge';
import { formatDateTime } from '@kit/format';
import { useToast } from '@kit/ui/toast';
import { Button } from '../../../components/ui/button';
import { Card } from '../../../components/ui/card';
import { DataTable, type AdminColumn } from '../../../components/ui/data-table';
import { Dialog } from '../../../components/ui/dialog';
import { Pager } from '../../../components/ui/pager';
import { useMessage, useMessages, useRetryMessage, type AdminMessage, type MessageState } from '../api/messages';

const NO_MESSAGES: AdminMessage[] = [];

const STATE_BADGE: Record<MessageState, { variant: BadgeVariant; label: string }> = {
  queued: { variant: 'warning', label: 'Queued' },
  sending: { variant: 'warning', label: 'Sending' },
  sent: { variant: 'success', label: 'Sent' },
  failed: { variant: 'destructive', label: 'Failed' },
  skipped: { variant: 'outline', label: 'Skipped' },
};

export function MessageStateBadge({ message }: { message: Pick<AdminMessage, 'state' | 'lastError' | 'note'> }) {
  const badge = STATE_BADGE[message.state];
  return (
    <Badge variant={badge.variant} title={message.lastError ?? message.note ?? undefined}>
      {badge.label}
    </Badge>
  );
}

/** Every message to shoppers, newest first: who, what, its state and when; a row opens the rendered message. */
export function MessagesSection() {
  const [page, setPage] = useState(1);
  const { data, error, isLoading } = useMessages(page);
  const messages = data?.items ?? NO_MESSAGES;
  const [viewing, setViewing] = useState<string | null>(null);
  const columns = useMemo<AdminColumn<AdminMessage>[]>(
    () => [
      {
        id: 'recipient',
        header: 'Recipient',
        cell: ({ row }) => row.original.recipient ?? <span className="muted">—</span>,
      },
      {
        id: 'subject',
        header: 'Subject',
        cell: ({ row }) => (
          <div className="cell-stack">
            <strong>{row.original.subject ?? row.original.label}</strong>
            <span className="muted">{row.original.label}</span>
          </div>
        ),
      },
      { id: 'state', header: 'State', cell: ({ row }) => <MessageStateBadge message={row.original} /> },
      {
        id: 'when',
        header: 'When',
        meta: { className: 'nowrap' },
        cell: ({ row }) => formatDateTime(row.original.sentAt ?? row.original.queuedAt),
      },
      {
        id: 'actions',
        header: 'Actions',
        cell: ({ row }) => (
          <Button
            size="sm"
            variant="ghost"
            onClick={() => setViewing(row.original.id)}
            aria-label={`View message ${row.original.subject ?? row.original.label}`}
          >
            View
          </Button>
        ),
      },
    ],
    [],
  );
  return (
    <Card title="Messages">
      {data?.transport ? <p className="muted">Delivered through {data.transport}</p> : null}
      {error ? (
        <p className="error-text">{(error as Error).message}</p>
      ) : isLoading ? (
        <p className="muted">Loading messages…</p>
      ) : (
        <>
          <DataTable data={messages} columns={columns} getRowId={(m) => m.id} empty="No messages yet" testId="messages-table" />
          <Pager page={data?.page ?? page} totalPages={data?.totalPages ?? 1} onPage={setPage} />
        </>
      )}
      <MessageDialog id={viewing} onClose={() => setViewing(null)} />
    </Card>
  );
}

function MessageDialog({ id, onClose }: { id: string | null; onClose: () => void }) {
  const { data: message, error } = useMessage(id);
  const retry = useRetryMessage();
  const { toast } = useToast();
  return (
    <Dialog open={id !== null} onOpenChange={(open) => !open && onClose()} title={message?.subject ?? 'Message'}>
      {error ? <p className="error-text">{(error as Error).message}</p> : null}
      {message ? (
        <div className="stack">
          <dl className="detail-grid">
            <dt>Recipient</dt>
            <dd>{message.recipient ?? '—'}</dd>
            <dt>Kind</dt>
            <dd>{message.label}</dd>
            <dt>State</dt>
            <dd>
              <MessageStateBadge message={message} /> {message.attempts > 0 ? `after ${message.attempts} attempt${message.attempts === 1 ? '' : 's'}` : ''}
            </dd>
            <dt>Queued</dt>
            <dd>{formatDateTime(message.queuedAt)}</dd>
            <dt>Sent</dt>
            <dd>{formatDateTime(message.sentAt)}</dd>
            {message.lastError ? (
              <>
                <dt>Last error</dt>
                <dd>{message.lastError}</dd>
              </>
            ) : null}
            {message.note ? (
              <>
                <dt>Note</dt>
                <dd>{message.note}</dd>
              </>
            ) : null}
            {message.attachments.length > 0 ? (
              <>
                <dt>Attachments</dt>
                <dd>{message.attachments.map((a) => a.filename).join(', ')}</dd>
              </>
            ) : null}
          </dl>
          {message.state === 'failed' ? (
            <Button
              size="sm"
              disabled={retry.isPending}
              onClick={() =>
                retry.mutate(message.id, {
                  onSuccess: () => toast({ title: 'Message queued again' }),
                  onError: (e) => toast({ title: 'Error', description: (e as Error).message, variant: 'destructive' }),
                })
              }
            >
              Retry
            </Button>
          ) : null}
          {message.html ? (
            // The rendered message in a sandbox: no scripts, no same-origin access, links open nowhere.
            <iframe title="Rendered message" sandbox="" srcDoc={message.html} className="message-preview" data-testid="message-preview" />
          ) : (
            <p className="muted">{message.text ?? 'Not composed yet (or erased).'}</p>
          )}
        </div>
      ) : null}
    </Dialog>
  );
}
