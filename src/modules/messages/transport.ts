import { mkdir, rename, writeFile } from 'node:fs/promises';
import path from 'node:path';
import nodemailer from 'nodemailer';
import type SMTPTransport from 'nodemailer/lib/smtp-transport/index.js';
import type { MessageAttachment } from './kind.js';

/** One message as the sender hands it to a transport. */
export interface OutgoingMail {
  /** The outbox row's id: the .eml file's name. */
  id: string;
  messageId: string;
  from: string;
  to: { email: string; name?: string };
  subject: string;
  html: string;
  text: string;
  attachments: MessageAttachment[];
  date: Date;
}

export interface MailTransport {
  /** 'smtp://host:port' or 'files: DATA_DIR/outbox' (never the password). */
  readonly describe: string;
  /** Delivers the mail; resolves once the server accepted it (or the file is written). Returns the .eml kept, if any. */
  send(mail: OutgoingMail): Promise<{ emlFile: string | null }>;
  close(): void;
}

const toMail = (mail: OutgoingMail) => ({
  messageId: mail.messageId,
  from: mail.from,
  to: mail.to.name ? { name: mail.to.name, address: mail.to.email } : mail.to.email,
  subject: mail.subject,
  html: mail.html,
  text: mail.text,
  date: mail.date,
  attachments: mail.attachments.map((a) => ({ filename: a.filename, contentType: a.contentType, content: a.content })),
});

/** How long the sender waits on an SMTP server before the attempt fails (and is retried later). */
export interface SmtpTimeouts {
  connectionMs: number;
  greetingMs: number;
  socketMs: number;
}

export const DEFAULT_SMTP_TIMEOUTS: SmtpTimeouts = { connectionMs: 10_000, greetingMs: 10_000, socketMs: 30_000 };

/** SMTP through nodemailer: a small pool of connections to the server in SMTP_URL. */
export function smtpTransport(url: string, timeouts: SmtpTimeouts = DEFAULT_SMTP_TIMEOUTS): MailTransport {
  const parsed = new URL(url);
  const transporter = nodemailer.createTransport({
    url,
    pool: true,
    maxConnections: 3,
    connectionTimeout: timeouts.connectionMs,
    greetingTimeout: timeouts.greetingMs,
    socketTimeout: timeouts.socketMs,
  } as SMTPTransport.Options);
  return {
    describe: `${parsed.protocol}//${parsed.hostname}${parsed.port ? `:${parsed.port}` : ''}`,
    async send(mail) {
      await transporter.sendMail(toMail(mail));
      return { emlFile: null };
    },
    close: () => transporter.close(),
  };
}

/** The embedded default: every message kept as DATA_DIR/outbox/<id>.eml (written whole, then renamed into place). */
export function fileTransport(dir: string): MailTransport {
  const transporter = nodemailer.createTransport({ streamTransport: true, buffer: true, newline: 'windows' });
  return {
    describe: `files: ${dir}`,
    async send(mail) {
      const info = (await transporter.sendMail(toMail(mail))) as { message: Buffer };
      await mkdir(dir, { recursive: true });
      const file = path.join(dir, `${mail.id}.eml`);
      const partial = `${file}.partial`;
      await writeFile(partial, info.message, { mode: 0o600 });
      await rename(partial, file);
      return { emlFile: file };
    },
    close: () => transporter.close(),
  };
}

/** The transport the settings ask for: SMTP_URL, else .eml files under DATA_DIR/outbox. */
export function transportFor(env: { SMTP_URL?: string | undefined; DATA_DIR: string }): MailTransport {
  return env.SMTP_URL ? smtpTransport(env.SMTP_URL) : fileTransport(path.resolve(env.DATA_DIR, 'outbox'));
}

/** The domain part of a From address (the Message-IDs' right-hand side). */
export function domainOf(from: string): string {
  const address = /<([^>]+)>/.exec(from)?.[1] ?? from;
  return address.split('@')[1]?.trim() || 'localhost';
}

/**
 * Whether a failed attempt should never be retried: the server refused the recipient or the message for good (5xx).
 * A 4xx (try later), a timeout or a dropped connection is retried.
 */
export function permanentFailure(error: unknown): boolean {
  const e = error as { responseCode?: number; code?: string };
  return typeof e?.responseCode === 'number' && e.responseCode >= 500 && e.responseCode < 600;
}
