import { Writable } from 'node:stream';
import pino from 'pino';
import { afterAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../../src/app.js';
import { loggerOptions, redactUrl } from '../../src/plugins/log-redaction.js';
import { createTestApp, liveTicket, loginAdmin, signUp } from '../helpers/test-runtime.js';
import { wsClass } from './routes.js';

// Two instances on one database: tickets and revocations must work across them.
const a = await createTestApp();
const b = await createTestApp({ databaseUrl: a.databaseUrl, env: { JWT_SECRET: a.runtime.env.JWT_SECRET! } });
const base = (await a.app.listen({ host: '127.0.0.1', port: 0 })).replace('http', 'ws');
afterAll(async () => {
  await b.close();
  await a.close();
});

interface Opened {
  outcome: string;
  closed: Promise<{ code: number; reason: string }>;
  close(): void;
  /** Resolves when the server answers a ping: the socket is open on both ends now. */
  ping(): Promise<void>;
}

/** Opens the admin feed; `outcome` is 'open' or 'refused <status>'. */
async function openFeed(url: string, headers: Record<string, string> = {}): Promise<Opened> {
  const WebSocket = await wsClass();
  const ws = new WebSocket(url, { headers });
  const closed = new Promise<{ code: number; reason: string }>((resolve) =>
    ws.on('close', (code, reason) => resolve({ code: Number(code), reason: String(reason) })),
  );
  const outcome = await new Promise<string>((resolve) => {
    ws.on('open', () => resolve('open'));
    ws.on('unexpected-response', (_req, res) => resolve(`refused ${(res as { statusCode: number }).statusCode}`));
    ws.on('error', (error) => resolve(`error ${(error as Error).message}`));
  });
  const ping = () =>
    new Promise<void>((resolve, reject) => {
      ws.once('pong', () => resolve());
      ws.ping(undefined, undefined, (error?: Error) => error && reject(error));
    });
  return { outcome, closed, close: () => ws.close(), ping };
}

/** What the socket closed with, once the server closed it (the close is the signal; polled with the suite's budget). */
async function closedWith(closed: Promise<{ code: number; reason: string }>) {
  let value: { code: number; reason: string } | undefined;
  void closed.then((answer) => (value = answer));
  await expect.poll(() => value).toBeDefined();
  return value;
}

async function promotedAdmin(app: FastifyInstance, adminAuth: Record<string, string>) {
  const staff = await signUp(app);
  const promoted = await app.inject({ method: 'PUT', url: `/api/admin/users/${staff.user.id}/role`, headers: adminAuth, payload: { role: 'admin' } });
  expect(promoted.statusCode).toBe(200);
  return staff;
}

describe('websocket tickets', () => {
  it('a ticket is valid once, on any instance, and only for about 30 seconds', async () => {
    const admin = await loginAdmin(a.app);
    const answer = await b.app.inject({ method: 'POST', url: '/api/admin/live/ticket', headers: admin.auth });
    expect(answer.statusCode).toBe(200);
    expect(answer.json()).toMatchObject({ success: true, ticket: expect.stringMatching(/^[A-Za-z0-9_-]{43}$/), expiresIn: 30 });
    const ticket = answer.json().ticket as string;

    const first = await openFeed(`${base}/api/admin/live?ticket=${ticket}`); // issued by B, used on A
    expect(first.outcome).toBe('open');
    first.close();
    expect((await openFeed(`${base}/api/admin/live?ticket=${ticket}`)).outcome).toBe('refused 401');

    const stale = await liveTicket(a.app, admin.auth);
    const { rows } = await a.runtime.pool.query<{ seconds: number }>(
      'select extract(epoch from expires_at - now())::float8 as seconds from live_tickets order by expires_at desc limit 1',
    );
    expect(rows[0]!.seconds).toBeGreaterThan(25);
    expect(rows[0]!.seconds).toBeLessThanOrEqual(30);
    await a.runtime.pool.query(`update live_tickets set expires_at = now() - interval '1 second'`); // 31 s later
    expect((await openFeed(`${base}/api/admin/live?ticket=${stale}`)).outcome).toBe('refused 401');
    // The database holds only digests, never a usable ticket.
    const stored = await a.runtime.pool.query('select ticket_hash from live_tickets');
    expect(stored.rows.map((r) => r.ticket_hash)).not.toContain(ticket);
  });

  it('a ticket of a session that ended before it was used is refused', async () => {
    const admin = await loginAdmin(a.app);
    const ticket = await liveTicket(a.app, admin.auth);
    expect((await a.app.inject({ method: 'POST', url: '/api/auth/logout', headers: admin.auth })).statusCode).toBe(200);
    expect((await openFeed(`${base}/api/admin/live?ticket=${ticket}`)).outcome).toBe('refused 401');
  });

  it('an open admin socket closes when its session is revoked (on another instance) or its user is demoted', async () => {
    const admin = await loginAdmin(a.app);
    const staff = await promotedAdmin(a.app, admin.auth);
    const revoked = await openFeed(`${base}/api/admin/live?ticket=${await liveTicket(a.app, staff.auth)}`);
    expect(revoked.outcome).toBe('open');
    expect((await b.app.inject({ method: 'POST', url: `/api/admin/users/${staff.user.id}/sign-out`, headers: admin.auth })).statusCode).toBe(200);
    expect(await closedWith(revoked.closed)).toEqual({ code: 4001, reason: 'Session ended' });

    const other = await promotedAdmin(a.app, admin.auth);
    const demoted = await openFeed(`${base}/api/admin/live`, other.auth);
    expect(demoted.outcome).toBe('open');
    const bystander = await openFeed(`${base}/api/admin/live?ticket=${await liveTicket(a.app, admin.auth)}`);
    expect(
      (await a.app.inject({ method: 'PUT', url: `/api/admin/users/${other.user.id}/role`, headers: admin.auth, payload: { role: 'customer' } })).statusCode,
    ).toBe(200);
    expect(await closedWith(demoted.closed)).toEqual({ code: 4003, reason: 'Admin access required' });

    const loggedOut = await promotedAdmin(a.app, admin.auth);
    const socket = await openFeed(`${base}/api/admin/live?ticket=${await liveTicket(a.app, loggedOut.auth)}`);
    expect((await a.app.inject({ method: 'POST', url: '/api/auth/logout', headers: loggedOut.auth })).statusCode).toBe(200);
    expect(await closedWith(socket.closed)).toEqual({ code: 4001, reason: 'Session ended' });
    // Other admins' sockets stay open.
    // The logout has been handled (its socket is closed); the bystander's still answers a ping.
    const stillOpen = await Promise.race([bystander.closed.then(() => 'closed'), bystander.ping().then(() => 'open')]);
    expect(stillOpen).toBe('open');
    bystander.close();
  });
});

describe('no credential in the log', () => {
  it('redactUrl hides token and ticket parameters, whatever their case and place', () => {
    expect(redactUrl('/api/admin/live?token=eyJhbGc.x.y')).toBe('/api/admin/live?token=[redacted]');
    expect(redactUrl('/api/admin/live?a=1&Ticket=abc&b=2')).toBe('/api/admin/live?a=1&Ticket=[redacted]&b=2');
    expect(redactUrl('/api/products?q=token')).toBe('/api/products?q=token');
  });

  it('a dashboard session (sign-in, API calls, ticket, live feed, an old client sending ?token=) writes no token or ticket to the log', async () => {
    let captured = '';
    const sink = new Writable({
      write(chunk, _encoding, done) {
        captured += String(chunk);
        done();
      },
    });
    const logger = pino(loggerOptions('info'), sink);
    const app = await buildApp(a.runtime, { logger });
    const logged = (await app.listen({ host: '127.0.0.1', port: 0 })).replace('http', 'ws');
    try {
      const login = await app.inject({ method: 'POST', url: '/api/auth/login', payload: (await import('../../src/config/env.js')).DEMO_ADMIN });
      const token = login.json().token as string;
      const auth = { authorization: `Bearer ${token}` };
      for (const url of ['/api/admin/stats', '/api/admin/orders', '/api/auth/profile'])
        expect((await app.inject({ method: 'GET', url, headers: auth })).statusCode).toBe(200);
      const tickets: string[] = [];
      for (let i = 0; i < 3; i++) {
        const ticket = await liveTicket(app, auth);
        tickets.push(ticket);
        const feed = await openFeed(`${logged}/api/admin/live?ticket=${ticket}`);
        expect(feed.outcome).toBe('open');
        feed.close();
        await feed.closed;
      }
      expect((await openFeed(`${logged}/api/admin/live?token=${token}`)).outcome).toBe('refused 401');
      await app.inject({ method: 'GET', url: `/api/products?token=${token}&ticket=${tickets[0]}`, headers: auth });
      logger.flush();
      await expect.poll(() => captured).toContain('/api/admin/live?token=[redacted]');

      expect(captured).toContain('/api/admin/live?ticket=[redacted]');
      expect(captured).toContain('/api/admin/live?token=[redacted]');
      expect(captured).not.toContain(token);
      expect(captured).not.toContain(token.split('.')[2]!);
      for (const ticket of tickets) expect(captured).not.toContain(ticket);
      expect(captured).not.toMatch(/eyJ[A-Za-z0-9_-]{10,}\.[A-Za-z0-9_-]{10,}/);
    } finally {
      await app.close();
    }
  });
});
