import { unlink } from 'node:fs/promises';
import type { RecordedEvent } from '../../core/event-store.js';
import type { ModuleDeps } from '../module.js';
import { MESSAGE_TRIGGERS } from './events.js';
import type { ComposeContext, MessageKind } from './kind.js';
import { renderBody } from './render.js';
import { domainOf, permanentFailure, type MailTransport } from './transport.js';

export interface SenderOptions {
  /** Messages claimed per round. */
  batch?: number;
  /** Messages sent at once. */
  concurrency?: number;
  /** How long a claimed message belongs to its sender: one that died is taken over after this. */
  leaseMs?: number;
  /** Attempts before a message is failed. */
  maxAttempts?: number;
  /** The wait before attempt n+1: `backoffMs * 2^(n-1)`, at most `maxBackoffMs` (jittered ±20 %). */
  backoffMs?: number;
  maxBackoffMs?: number;
  /** How often the sender looks for due messages when nothing woke it. */
  pollMs?: number;
  /** Kinds switched off (MESSAGES_OFF). */
  off?: readonly string[];
  /**
   * Tests: called between the server's acceptance and the 'sent' record (a throw there is the crash the design has
   * to live with).
   */
  afterSend?: (id: string) => Promise<void> | void;
}

interface ClaimedRow {
  id: string;
  event_id: string;
  stream_id: string;
  stream_version: number;
  kind: string;
  attempts: number;
  message_id: string;
  commit_pos: string;
  prepare_pos: string;
}

export type SendOutcome = 'sent' | 'retry' | 'failed' | 'skipped' | 'lost';

/**
 * Delivers the outbox. Each round claims due rows (`for update skip locked`: two senders never take the same row)
 * and marks them 'sending' under a lease before any mail leaves; then, per message: compose it from its causing event
 * (kinds/), render it, send it with its fixed Message-ID, record 'sent'. A failure is retried with back-off until
 * `maxAttempts`; a permanent refusal fails at once. A sender that dies mid-send leaves its rows 'sending'; after the
 * lease another sender takes them over and sends again with the same Message-ID (docs/decisions/0011-messages.md).
 */
export class MessageSender {
  private readonly kinds: Map<string, MessageKind>;
  private readonly off: Set<string>;
  private timer: NodeJS.Timeout | null = null;
  private running: Promise<void> | null = null;
  private again = false;
  private stopped = true;
  private lastSweep = 0;
  private readonly opts: Required<Omit<SenderOptions, 'afterSend' | 'off'>>;

  constructor(
    private readonly runtime: Pick<ModuleDeps, 'pool' | 'store' | 'env' | 'log'>,
    private readonly transport: MailTransport,
    kinds: readonly MessageKind[],
    private readonly options: SenderOptions = {},
  ) {
    this.kinds = new Map(kinds.map((k) => [k.name, k]));
    this.off = new Set(options.off ?? []);
    this.opts = {
      batch: options.batch ?? 50,
      concurrency: options.concurrency ?? 4,
      leaseMs: options.leaseMs ?? 5 * 60_000,
      maxAttempts: options.maxAttempts ?? 8,
      backoffMs: options.backoffMs ?? 30_000,
      maxBackoffMs: options.maxBackoffMs ?? 6 * 60 * 60_000,
      pollMs: options.pollMs ?? 2_000,
    };
  }

  get describe(): string {
    return this.transport.describe;
  }

  start(): void {
    if (!this.stopped) return;
    this.stopped = false;
    this.wake();
  }

  /** Runs a round now (or right after the one under way): the outbox projector calls it when it queued something. */
  wake(): void {
    if (this.stopped) return;
    if (this.running) {
      this.again = true;
      return;
    }
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
    this.running = this.loop().finally(() => {
      this.running = null;
      if (this.stopped) return;
      if (this.again) {
        this.again = false;
        this.wake();
      } else {
        this.timer = setTimeout(() => this.wake(), this.opts.pollMs);
        this.timer.unref();
      }
    });
  }

  private async loop(): Promise<void> {
    try {
      while (!this.stopped && (await this.runOnce()) > 0);
    } catch (error) {
      this.runtime.log.warn({ err: error }, 'message sender round failed; retrying');
    }
  }

  async stop(): Promise<void> {
    this.stopped = true;
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
    await this.running;
    this.transport.close();
  }

  /** One round: claims due messages and delivers them. Returns how many it claimed. */
  async runOnce(): Promise<number> {
    await this.sweepErased();
    const claimed = await this.claim();
    const queue = [...claimed];
    await Promise.all(
      Array.from({ length: Math.min(this.opts.concurrency, queue.length) }, async () => {
        for (let row = queue.shift(); row; row = queue.shift()) await this.deliver(row);
      }),
    );
    return claimed.length;
  }

  /** Takes due rows: queued ones whose time has come, and 'sending' ones whose sender's lease ran out. */
  private async claim(): Promise<ClaimedRow[]> {
    const { rows } = await this.runtime.pool.query<ClaimedRow>(
      `with due as (
         select id from message_outbox
          where (state = 'queued' and due_at <= now()) or (state = 'sending' and lease_until < now())
          order by due_at, commit_pos, prepare_pos
          limit $1
          for update skip locked)
       update message_outbox m
          set state = 'sending', attempts = m.attempts + 1, lease_until = now() + make_interval(secs => $2::double precision / 1000)
         from due where m.id = due.id
       returning m.id, m.event_id, m.stream_id, m.stream_version, m.kind, m.attempts, m.message_id, m.commit_pos::text, m.prepare_pos::text`,
      [this.opts.batch, this.opts.leaseMs],
    );
    return rows;
  }

  /** Composes, renders and sends one claimed message, and records how it went. */
  async deliver(row: ClaimedRow): Promise<SendOutcome> {
    const kind = this.kinds.get(row.kind);
    if (!kind) return this.finish(row, 'skipped', `no composer for the kind ${row.kind}`);
    if (this.off.has(row.kind)) return this.finish(row, 'skipped', 'switched off (MESSAGES_OFF)');
    if (row.attempts > this.opts.maxAttempts) return this.finish(row, 'failed', `gave up after ${this.opts.maxAttempts} attempts`);
    let mail;
    try {
      const event = await this.causingEvent(row);
      if (!event) return this.finish(row, 'skipped', 'the causing event is not in the log');
      const context: ComposeContext = { runtime: this.runtime, link: (p) => linkFor(this.runtime.env, p), now: Date.now() };
      const draft = await kind.compose(event, context);
      if (!draft) return this.finish(row, 'skipped', 'nothing to send (the order or the shopper is gone)');
      const { html, text } = await renderBody(draft.body);
      const stored = await this.runtime.pool.query(
        `update message_outbox set customer_id = $2, recipient = $3, subject = $4, html = $5, text_body = $6, attachments = $7::jsonb,
                message_id = $8
          where id = $1 and state = 'sending' and erased_at is null
            and not exists (select 1 from message_erased_customers e where e.customer_id = $2)`,
        [
          row.id,
          draft.customerId,
          formatAddress(draft.to),
          draft.subject,
          html,
          text,
          JSON.stringify(draft.attachments?.map((a) => ({ filename: a.filename, contentType: a.contentType, size: a.content.length })) ?? []),
          `<${row.id}@${domainOf(this.runtime.env.MAIL_FROM)}>`,
        ],
      );
      if (stored.rowCount === 0) return this.finish(row, 'skipped', 'the shopper was erased');
      mail = {
        id: row.id,
        messageId: `<${row.id}@${domainOf(this.runtime.env.MAIL_FROM)}>`,
        from: this.runtime.env.MAIL_FROM,
        to: draft.to,
        subject: draft.subject,
        html,
        text,
        attachments: draft.attachments ?? [],
        date: new Date(),
      };
    } catch (error) {
      return this.failed(row, error);
    }
    let emlFile: string | null;
    try {
      ({ emlFile } = await this.transport.send(mail));
    } catch (error) {
      return this.failed(row, error);
    }
    await this.options.afterSend?.(row.id);
    const done = await this.runtime.pool.query(
      `update message_outbox set state = 'sent', sent_at = now(), lease_until = null, last_error = null, eml_file = $2
        where id = $1 and state = 'sending'`,
      [row.id, emlFile],
    );
    return done.rowCount === 0 ? 'lost' : 'sent';
  }

  private async causingEvent(row: ClaimedRow): Promise<RecordedEvent | null> {
    const events = await this.runtime.store.readStream(row.stream_id, row.stream_version);
    return events.find((e) => e.id === row.event_id) ?? null;
  }

  private async failed(row: ClaimedRow, error: unknown): Promise<SendOutcome> {
    const message = (error instanceof Error ? error.message : String(error)).slice(0, 500);
    if (permanentFailure(error)) return this.finish(row, 'failed', null, message);
    if (row.attempts >= this.opts.maxAttempts) return this.finish(row, 'failed', null, message);
    const wait = Math.min(this.opts.maxBackoffMs, this.opts.backoffMs * 2 ** (row.attempts - 1)) * (0.8 + Math.random() * 0.4);
    await this.runtime.pool.query(
      `update message_outbox set state = 'queued', lease_until = null, last_error = $2,
              due_at = now() + make_interval(secs => $3::double precision / 1000)
        where id = $1 and state = 'sending'`,
      [row.id, message, wait],
    );
    this.runtime.log.warn({ message: row.id, kind: row.kind, attempt: row.attempts, err: message }, 'message not sent; will retry');
    return 'retry';
  }

  private async finish(row: ClaimedRow, state: 'skipped' | 'failed', note: string | null, error: string | null = null): Promise<SendOutcome> {
    await this.runtime.pool.query(
      `update message_outbox set state = $2, note = coalesce($3, note), last_error = coalesce($4, last_error), lease_until = null
        where id = $1 and state = 'sending'`,
      [row.id, state, note, error],
    );
    if (state === 'failed') this.runtime.log.error({ message: row.id, kind: row.kind, err: error ?? note }, 'message failed for good');
    return state;
  }

  /** Removes the .eml files of erased shoppers' messages (the erasure itself runs in the outbox projector). */
  private async sweepErased(): Promise<void> {
    if (Date.now() - this.lastSweep < 5_000) return;
    this.lastSweep = Date.now();
    const { rows } = await this.runtime.pool.query<{ id: string; eml_file: string }>(
      `select id, eml_file from message_outbox where erased_at is not null and eml_file is not null limit 500`,
    );
    for (const row of rows) {
      await unlink(row.eml_file).catch((error: NodeJS.ErrnoException) => {
        if (error.code !== 'ENOENT') throw error;
      });
      await this.runtime.pool.query('update message_outbox set eml_file = null where id = $1', [row.id]);
    }
  }
}

/** An absolute link into the shop (PUBLIC_URL, else this server on localhost). */
export function linkFor(env: { PUBLIC_URL?: string | undefined; PORT: number }, pathname: string): string {
  const origin = env.PUBLIC_URL ?? `http://localhost:${env.PORT}`;
  return `${origin}${pathname.startsWith('/') ? '' : '/'}${pathname}`;
}

const formatAddress = (to: { email: string; name?: string }) => (to.name ? `${to.name} <${to.email}>` : to.email);

/** Every trigger has a composer and the other way round; MESSAGES_OFF names known kinds. Throws what is wrong. */
export function checkKinds(kinds: readonly MessageKind[], off: readonly string[]): void {
  const triggered = new Set(MESSAGE_TRIGGERS.map((t) => t.kind));
  const composed = new Set(kinds.map((k) => k.name));
  const missing = [...triggered].filter((k) => !composed.has(k));
  if (missing.length) throw new Error(`Message kinds without a composer (src/modules/messages/kinds): ${missing.join(', ')}`);
  const orphans = [...composed].filter((k) => !triggered.has(k));
  if (orphans.length) throw new Error(`Message kinds without a trigger (src/modules/messages/events.ts): ${orphans.join(', ')}`);
  const unknown = off.filter((k) => !triggered.has(k));
  if (unknown.length)
    throw new Error(`Refusing to start: MESSAGES_OFF names unknown message kinds: ${unknown.join(', ')} (known: ${[...triggered].join(', ')})`);
}
