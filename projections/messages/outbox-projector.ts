import type pg from 'pg';
import type { RecordedEvent } from '../../src/core/event-store.js';
import { kindsCausedBy, MESSAGE_EVENT_TYPES, outboxId, OUTBOX_READ_MODEL } from '../../src/modules/messages/events.js';
import { holdingPersonalData } from '../personal-data-erased.js';
import type { Projector } from '../projector.js';

type Client = Pick<pg.PoolClient, 'query'>;

/**
 * An event that reaches the outbox this long after it was recorded (a replay, a restore into an empty outbox, an
 * outbox added to a store with history) is recorded as skipped, not mailed: a shopper is not told today that their
 * order of last month was placed.
 */
export const STALE_AFTER_MS = 24 * 60 * 60 * 1000;

/** The SMTP Message-ID of an outbox row: its id (from the causing event and the kind) at the sender's domain. */
export function smtpMessageId(id: string, domain: string): string {
  return `<${id}@${domain}>`;
}

/** The Message-ID's domain part is written by the sender (it knows MAIL_FROM); the row keeps the id's local part. */
const QUEUE_SQL = `
  insert into message_outbox (id, event_id, kind, event_type, stream_id, stream_version, commit_pos, prepare_pos, event_at, message_id, state, note)
  select u.id, u.event_id, u.kind, u.event_type, u.stream_id, u.stream_version, u.commit_pos, u.prepare_pos, u.event_at, u.id::text,
         case when u.event_at < now() - make_interval(secs => $10::double precision / 1000) then 'skipped' else 'queued' end,
         case when u.event_at < now() - make_interval(secs => $10::double precision / 1000) then 'stale: the event is older than a day' end
    from unnest($1::uuid[], $2::text[], $3::text[], $4::text[], $5::text[], $6::int[], $7::bigint[], $8::bigint[], $9::timestamptz[])
         as u(id, event_id, kind, event_type, stream_id, stream_version, commit_pos, prepare_pos, event_at)
  on conflict (id) do nothing`;

async function queue(client: Client, events: RecordedEvent[]): Promise<void> {
  const cols: string[][] = [[], [], [], [], [], [], [], [], []];
  for (const event of events) {
    for (const kind of kindsCausedBy(event.type, event.data)) {
      const row = [
        outboxId(event.id, kind),
        event.id,
        kind,
        event.type,
        event.streamId,
        String(event.streamVersion),
        event.position.commit.toString(),
        event.position.prepare.toString(),
        event.createdAt,
      ];
      row.forEach((v, i) => cols[i]!.push(v));
    }
  }
  if (cols[0]!.length === 0) return;
  await client.query(QUEUE_SQL, [...cols, STALE_AFTER_MS]);
}

/**
 * PersonalDataErased: the shopper's messages keep their state and idempotency key (so nothing is queued or sent
 * again) but lose recipient, subject and bodies; messages not yet sent are skipped. The sender removes their .eml
 * files and never writes a composed message for an erased shopper (message_erased_customers).
 */
async function eraseMessages(client: Client, recorded: RecordedEvent): Promise<void> {
  const { customerId, at } = recorded.data as { customerId: string; at: string };
  await client.query(`insert into message_erased_customers (customer_id, erased_at) values ($1, $2) on conflict (customer_id) do nothing`, [customerId, at]);
  await client.query(
    `update message_outbox
        set recipient = null, subject = null, html = null, text_body = null, attachments = '[]'::jsonb, erased_at = $2,
            state = case when state in ('queued', 'failed') then 'skipped' else state end,
            note = case when state in ('queued', 'failed') then 'the shopper was erased' else note end
      where customer_id = $1 and erased_at is null`,
    [customerId, at],
  );
}

/**
 * messages: queues one outbox row per (event, kind) the triggers in src/modules/messages/events.ts name. The outbox
 * lists no tables for a replay to empty: what was sent stays sent (a replay re-queues nothing: the rows' ids are
 * taken). See docs/decisions/0011-messages.md.
 */
export const messagesProjector: Projector = holdingPersonalData(eraseMessages, {
  name: OUTBOX_READ_MODEL,
  handles: MESSAGE_EVENT_TYPES,
  tables: [],
  apply: (client, event) => queue(client, [event]),
});
