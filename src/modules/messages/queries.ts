import type pg from 'pg';

export const MESSAGE_STATES = ['queued', 'sending', 'sent', 'failed', 'skipped'] as const;

export interface MessageListItem {
  id: string;
  kind: string;
  recipient: string | null;
  subject: string | null;
  state: (typeof MESSAGE_STATES)[number];
  attempts: number;
  queuedAt: string;
  sentAt: string | null;
  lastError: string | null;
  note: string | null;
}

const LIST_COLUMNS = `id::text, kind, recipient, subject, state, attempts, queued_at, sent_at, last_error, note`;

interface Row {
  id: string;
  kind: string;
  recipient: string | null;
  subject: string | null;
  state: MessageListItem['state'];
  attempts: number;
  queued_at: Date;
  sent_at: Date | null;
  last_error: string | null;
  note: string | null;
}

const toItem = (r: Row): MessageListItem => ({
  id: r.id,
  kind: r.kind,
  recipient: r.recipient,
  subject: r.subject,
  state: r.state,
  attempts: r.attempts,
  queuedAt: r.queued_at.toISOString(),
  sentAt: r.sent_at?.toISOString() ?? null,
  lastError: r.last_error,
  note: r.note,
});

/** A page of the outbox, newest first (the admin's Messages view). */
export async function listMessages(pool: pg.Pool, q: { page: number; limit: number; state?: string; kind?: string }) {
  const where: string[] = [];
  const values: unknown[] = [];
  if (q.state) where.push(`state = $${values.push(q.state)}`);
  if (q.kind) where.push(`kind = $${values.push(q.kind)}`);
  const filter = where.length ? `where ${where.join(' and ')}` : '';
  const [count, page] = await Promise.all([
    pool.query<{ n: number }>(`select count(*)::int as n from message_outbox ${filter}`, values),
    pool.query<Row>(
      `select ${LIST_COLUMNS} from message_outbox ${filter} order by queued_at desc, id desc limit $${values.length + 1} offset $${values.length + 2}`,
      [...values, q.limit, (q.page - 1) * q.limit],
    ),
  ]);
  const total = count.rows[0]!.n;
  return { messages: page.rows.map(toItem), total, page: q.page, limit: q.limit, totalPages: Math.max(1, Math.ceil(total / q.limit)) };
}

/** One message with its rendered bodies (null when there is no such message). */
export async function findMessage(pool: pg.Pool, id: string) {
  const { rows } = await pool.query<Row & { html: string | null; text_body: string | null; message_id: string; attachments: unknown; event_type: string }>(
    `select ${LIST_COLUMNS}, html, text_body, message_id, attachments, event_type from message_outbox where id = $1`,
    [id],
  );
  const r = rows[0];
  if (!r) return null;
  return {
    ...toItem(r),
    messageId: r.message_id,
    eventType: r.event_type,
    html: r.html,
    text: r.text_body,
    attachments: (r.attachments as { filename: string; contentType: string; size: number }[]) ?? [],
  };
}

/** Puts a failed message back in the queue with fresh attempts (the admin's Retry). False when it is not failed. */
export async function retryMessage(pool: pg.Pool, id: string): Promise<boolean> {
  const { rowCount } = await pool.query(
    `update message_outbox set state = 'queued', attempts = 0, due_at = now(), last_error = null, note = 'retried by an admin'
      where id = $1 and state = 'failed' and erased_at is null`,
    [id],
  );
  return (rowCount ?? 0) > 0;
}
