import type { AddressInfo } from 'node:net';
import { simpleParser, type ParsedMail } from 'mailparser';
import { SMTPServer, type SMTPServerDataStream, type SMTPServerSession } from 'smtp-server';

/** How the in-process server treats the next messages (tests switch it at will). */
export type SmtpBehaviour =
  | { mode: 'accept' }
  /** Answers RCPT TO with this code (550: refused for good; 450: try later). */
  | { mode: 'refuse-recipient'; code: number }
  /** Takes this long before answering the end of DATA. */
  | { mode: 'slow'; delayMs: number }
  /** Cuts the connection while the message's data is coming in. */
  | { mode: 'drop-mid-message' };

export interface TestSmtpServer {
  url: string;
  port: number;
  /** Every message the server accepted, parsed with mailparser, in order. */
  received: ParsedMail[];
  /** Raw data of every accepted message. */
  raw: Buffer[];
  behaviour: SmtpBehaviour;
  /** Resolves once `count` messages have been accepted (rejects after `timeoutMs`). */
  waitFor(count: number, timeoutMs?: number): Promise<ParsedMail[]>;
  /** Stops listening (the port then refuses connections: "the server is down"). */
  stop(): Promise<void>;
  /** Listens again on the same port. */
  restart(): Promise<void>;
}

/**
 * A real SMTP server in the test process (smtp-server), the peer nodemailer talks to in the messages specs: no
 * STARTTLS (plain SMTP on loopback), any AUTH accepted, every accepted message parsed back with mailparser.
 */
export async function startTestSmtpServer(port = 0): Promise<TestSmtpServer> {
  const received: ParsedMail[] = [];
  const raw: Buffer[] = [];
  const waiters: { count: number; resolve: () => void }[] = [];
  const notify = () => {
    for (const w of waiters.splice(0)) {
      if (received.length >= w.count) w.resolve();
      else waiters.push(w);
    }
  };
  const state: { behaviour: SmtpBehaviour } = { behaviour: { mode: 'accept' } };
  const make = () =>
    new SMTPServer({
      disabledCommands: ['STARTTLS'],
      authOptional: true,
      logger: false,
      onAuth: (_auth, _session, callback) => callback(null, { user: 'test' }),
      onRcptTo(_address, _session: SMTPServerSession, callback) {
        const b = state.behaviour;
        if (b.mode === 'refuse-recipient') {
          const error = Object.assign(new Error('Recipient address rejected'), { responseCode: b.code });
          return callback(error);
        }
        callback();
      },
      onData(stream: SMTPServerDataStream, _session: SMTPServerSession, callback) {
        const chunks: Buffer[] = [];
        const b = state.behaviour;
        stream.on('data', (chunk: Buffer) => {
          chunks.push(chunk);
          if (b.mode === 'drop-mid-message') dropConnections();
        });
        stream.on('end', () => {
          const finish = async () => {
            const data = Buffer.concat(chunks);
            raw.push(data);
            received.push(await simpleParser(data));
            notify();
            callback();
          };
          if (b.mode === 'slow') setTimeout(() => void finish(), b.delayMs);
          else if (b.mode !== 'drop-mid-message') void finish();
        });
      },
    });
  let server = make();
  const dropConnections = () => {
    const connections = (server as unknown as { connections: Set<{ _socket: { destroy(): void } }> }).connections;
    for (const connection of connections) connection._socket.destroy();
  };
  const listen = (p: number) =>
    new Promise<number>((resolve, reject) => {
      server.once('error', reject);
      server.listen(p, '127.0.0.1', () => resolve((server.server.address() as AddressInfo).port));
    });
  const actualPort = await listen(port);
  const api: TestSmtpServer = {
    url: `smtp://user:pass@127.0.0.1:${actualPort}`,
    port: actualPort,
    received,
    raw,
    get behaviour() {
      return state.behaviour;
    },
    set behaviour(b: SmtpBehaviour) {
      state.behaviour = b;
    },
    waitFor(count, timeoutMs = 15_000) {
      if (received.length >= count) return Promise.resolve(received);
      return new Promise((resolve, reject) => {
        const timer = setTimeout(() => reject(new Error(`expected ${count} messages, got ${received.length}`)), timeoutMs);
        waiters.push({
          count,
          resolve: () => {
            clearTimeout(timer);
            resolve(received);
          },
        });
      });
    },
    stop: () => new Promise<void>((resolve) => server.close(() => resolve())),
    async restart() {
      server = make();
      await listen(actualPort);
    },
  };
  return api;
}
