import { createHash, randomBytes } from 'node:crypto';
import type pg from 'pg';

/** How long a websocket ticket is valid: long enough to open the socket right after asking for it. */
export const TICKET_TTL_SECONDS = 30;

export interface TicketSession {
  customerId: string;
  sessionId: string;
  sessionVersion: number;
}

const digest = (ticket: string) => createHash('sha256').update(ticket).digest('hex');

/** A new single-use ticket standing for the caller's session (stored hashed, migration 045). */
export async function issueTicket(pool: pg.Pool, session: TicketSession): Promise<string> {
  const ticket = randomBytes(32).toString('base64url');
  await pool.query(
    `with expired as (delete from live_tickets where expires_at < now() - interval '1 minute')
     insert into live_tickets (ticket_hash, customer_id, session_id, session_version, expires_at)
     values ($1, $2, $3, $4, now() + make_interval(secs => $5))`,
    [digest(ticket), session.customerId, session.sessionId, session.sessionVersion, TICKET_TTL_SECONDS],
  );
  return ticket;
}

/** Uses the ticket up (whether or not it is still valid): the session it stands for, or null. */
export async function consumeTicket(pool: pg.Pool, ticket: string): Promise<TicketSession | null> {
  if (ticket.length > 100) return null;
  const { rows } = await pool.query<{ customer_id: string; session_id: string; session_version: number; fresh: boolean }>(
    `delete from live_tickets where ticket_hash = $1
     returning customer_id, session_id, session_version, expires_at > now() as fresh`,
    [digest(ticket)],
  );
  const row = rows[0];
  if (!row?.fresh) return null;
  return { customerId: row.customer_id, sessionId: row.session_id, sessionVersion: row.session_version };
}
