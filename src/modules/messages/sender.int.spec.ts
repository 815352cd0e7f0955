import { existsSync } from 'node:fs';
import pg from 'pg';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, loginAdmin, signUp, type TestContext } from '../../../tests/helpers/test-runtime.js';
import { createTestProduct } from '../../../tests/helpers/test-products.js';
import { MUMBAI_SHIPPING } from '../../../tests/helpers/test-orders.js';
import { eraseCustomer } from '../privacy/index.js';
import { MESSAGE_KINDS } from './kinds/index.js';
import { MessageSender, type SenderOptions } from './sender.js';
import { smtpTransport } from './transport.js';
import { startTestSmtpServer, type TestSmtpServer } from './test-smtp.js';

interface OutboxRow {
  id: string;
  kind: string;
  state: string;
  attempts: number;
  last_error: string | null;
  note: string | null;
  recipient: string | null;
  html: string | null;
  eml_file: string | null;
  message_id: string;
}

const FAST = { connectionMs: 1_000, greetingMs: 1_000, socketMs: 1_000 };

/**
 * The sender against a real SMTP server in this process, driven round by round (`runOnce`): the module's own
 * sender is stopped so each test decides when a round runs and what the server does meanwhile.
 */
describe('messages: the sender under faults', () => {
  let smtp: TestSmtpServer;
  let t: TestContext;
  let shopper: Awaited<ReturnType<typeof signUp>>;
  const senders: MessageSender[] = [];

  beforeAll(async () => {
    smtp = await startTestSmtpServer();
    t = await createTestApp({ env: { SMTP_URL: smtp.url, MAIL_FROM: 'orders@shop.example.in' } });
    await t.runtime.modules.find((m) => m.name === 'messages')!.stop!();
    shopper = await signUp(t.app);
  }, 120_000);
  afterEach(async () => {
    for (const s of senders.splice(0)) await s.stop();
    smtp.behaviour = { mode: 'accept' };
  });
  afterAll(async () => {
    await t?.close();
    await smtp?.stop().catch(() => undefined);
  });

  const sender = (options: SenderOptions = {}, pool: pg.Pool = t.runtime.pool) => {
    const s = new MessageSender({ ...t.runtime, pool }, smtpTransport(smtp.url, FAST), MESSAGE_KINDS, { backoffMs: 10, ...options });
    senders.push(s);
    return s;
  };
  const rows = async (where = 'true') => (await t.runtime.pool.query<OutboxRow>(`select * from message_outbox where ${where} order by queued_at`)).rows;
  const row = async (id: string) => (await rows(`id = '${id}'`))[0]!;
  const makeDue = () => t.runtime.pool.query(`update message_outbox set due_at = now() where state = 'queued'`);

  /** A cash-on-delivery order; resolves with its order-placed outbox row once queued. */
  async function placeOrder(): Promise<OutboxRow> {
    const product = await createTestProduct(t.runtime, { price: 999 });
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/orders',
      headers: shopper.auth,
      payload: { items: [{ productId: product.id, quantity: 1 }], ...MUMBAI_SHIPPING, payment_method: 'cod' },
    });
    expect(res.statusCode).toBe(201);
    await t.runtime.projections.waitFor(await t.runtime.store.headPosition(), ['messages']);
    const orderId = res.json().order.id as string;
    return (await rows(`stream_id = 'order-${orderId}' and kind = 'order-placed'`))[0]!;
  }

  it('server down: the attempt fails and is retried with back-off; once the server is back the message is sent once', async () => {
    await smtp.stop();
    let queued: OutboxRow;
    try {
      queued = await placeOrder();
      const s = sender({ backoffMs: 60_000 });
      await s.runOnce();
      const failed = await row(queued.id);
      expect(failed).toMatchObject({ state: 'queued', attempts: 1 });
      expect(failed.last_error).toMatch(/ECONNREFUSED|connect/i);
      // not due yet: the back-off holds it
      expect(await s.runOnce()).toBe(0);
    } finally {
      await smtp.restart();
    }
    await makeDue();
    await sender().runOnce();
    // Sent once (other messages that fell due with it, such as the shopper's verification mail, go out beside it).
    expect(smtp.received.filter((m) => m.messageId === `<${queued!.id}@shop.example.in>`)).toHaveLength(1);
    expect((await rows(`state <> 'sent' and kind = 'order-placed'`)).length).toBe(0);
  });

  it('a recipient refused for good (550) fails the message at once, shown with the reason; a 450 is retried', async () => {
    const refused = await placeOrder();
    smtp.behaviour = { mode: 'refuse-recipient', code: 550 };
    await sender().runOnce();
    expect(await row(refused.id)).toMatchObject({ state: 'failed', attempts: 1 });
    expect((await row(refused.id)).last_error).toMatch(/550/);
    const admin = (await loginAdmin(t.app)).auth;
    const listed = await t.app.inject({ method: 'GET', url: '/api/admin/messages?state=failed', headers: admin });
    expect(listed.headers['cache-control']).toBe('no-store');
    expect(listed.json().messages.map((m: { id: string }) => m.id)).toContain(refused.id);

    const later = await placeOrder();
    smtp.behaviour = { mode: 'refuse-recipient', code: 450 };
    await sender().runOnce();
    expect(await row(later.id)).toMatchObject({ state: 'queued', attempts: 1 });
    smtp.behaviour = { mode: 'accept' };
    await makeDue();
    await sender().runOnce();
    expect(await row(later.id)).toMatchObject({ state: 'sent', attempts: 2 });

    // the admin's Retry puts the failed one back; it then goes out
    const retried = await t.app.inject({ method: 'POST', url: `/api/admin/messages/${refused.id}/retry`, headers: admin });
    expect(retried.json()).toEqual({ success: true, message: 'Message queued again' });
    await sender().runOnce();
    expect(await row(refused.id)).toMatchObject({ state: 'sent' });
    const again = await t.app.inject({ method: 'POST', url: `/api/admin/messages/${refused.id}/retry`, headers: admin });
    expect(again.statusCode).toBe(409);
  });

  it('connection dropped mid-message: nothing was accepted, the retry sends it once', async () => {
    const queued = await placeOrder();
    const before = smtp.received.length;
    smtp.behaviour = { mode: 'drop-mid-message' };
    await sender().runOnce();
    expect(await row(queued.id)).toMatchObject({ state: 'queued', attempts: 1 });
    smtp.behaviour = { mode: 'accept' };
    await makeDue();
    await sender().runOnce();
    expect(await row(queued.id)).toMatchObject({ state: 'sent' });
    expect(smtp.received.filter((m) => m.messageId === `<${queued.id}@shop.example.in>`)).toHaveLength(1);
    expect(smtp.received.length).toBe(before + 1);
  });

  it('a slow server times the attempt out; the retry sends it — and a server that accepted after the timeout holds a copy with the same Message-ID', async () => {
    const queued = await placeOrder();
    smtp.behaviour = { mode: 'slow', delayMs: 2_500 };
    const checkout = Date.now();
    await sender().runOnce();
    expect(Date.now() - checkout).toBeLessThan(2_400);
    expect(await row(queued.id)).toMatchObject({ state: 'queued', attempts: 1 });
    expect((await row(queued.id)).last_error).toMatch(/timeout/i);
    smtp.behaviour = { mode: 'accept' };
    await makeDue();
    await sender().runOnce();
    expect(await row(queued.id)).toMatchObject({ state: 'sent' });
    await new Promise((r) => setTimeout(r, 1_500));
    const copies = smtp.received.filter((m) => m.messageId === `<${queued.id}@shop.example.in>`);
    // The slow server did take the first copy after the client gave up: SMTP cannot tell; the Message-ID is the same.
    expect(copies.length).toBeGreaterThanOrEqual(1);
    expect(new Set(copies.map((c) => c.messageId)).size).toBe(1);
  });

  it('a message that keeps failing is failed after MESSAGES_MAX_ATTEMPTS, never retried forever', async () => {
    const queued = await placeOrder();
    smtp.behaviour = { mode: 'refuse-recipient', code: 451 };
    const s = sender({ maxAttempts: 3 });
    for (let i = 0; i < 3; i++) {
      await makeDue();
      await s.runOnce();
    }
    expect(await row(queued.id)).toMatchObject({ state: 'failed', attempts: 3 });
    await makeDue();
    expect(await s.runOnce()).toBe(0);
  });

  it('killed between the send and the record: the row stays "sending" until its lease runs out, then another sender sends it again with the same Message-ID', async () => {
    const queued = await placeOrder();
    const before = smtp.received.length;
    const crashing = sender({
      leaseMs: 300,
      afterSend: () => {
        throw new Error('killed');
      },
    });
    await expect(crashing.runOnce()).rejects.toThrow('killed');
    expect(await row(queued.id)).toMatchObject({ state: 'sending', attempts: 1 });
    expect(smtp.received.length).toBe(before + 1);
    // Within the lease nobody takes it over.
    const survivor = sender({ leaseMs: 300 });
    expect(await survivor.runOnce()).toBe(0);
    await new Promise((r) => setTimeout(r, 400));
    await survivor.runOnce();
    expect(await row(queued.id)).toMatchObject({ state: 'sent', attempts: 2 });
    const copies = smtp.received.filter((m) => m.messageId === `<${queued.id}@shop.example.in>`);
    expect(copies).toHaveLength(2); // the one double the design cannot prevent: same Message-ID, for the receiver to drop
  });

  it('two instances (two pools, two senders) sending the same outbox at once: every message exactly once', async () => {
    const queued: OutboxRow[] = [];
    for (let i = 0; i < 12; i++) queued.push(await placeOrder());
    const before = smtp.received.length;
    const otherPool = new pg.Pool({ connectionString: t.databaseUrl, max: 4 });
    try {
      const a = sender({ batch: 4, concurrency: 2 });
      const b = sender({ batch: 4, concurrency: 2 }, otherPool);
      const drain = async (s: MessageSender) => {
        while ((await s.runOnce()) > 0);
      };
      // A third session holds the oldest message's row while both instances claim: each must pass it by (not wait
      // for it and then both take it), and claim other rows than the other instance.
      const holder = await t.runtime.pool.connect();
      try {
        await holder.query('begin');
        await holder.query('select id from message_outbox where id = $1 for update', [queued[0]!.id]);
        const claims = Promise.all([a.runOnce(), b.runOnce()]);
        await new Promise((r) => setTimeout(r, 300));
        await holder.query('commit');
        await claims;
      } finally {
        holder.release();
      }
      await Promise.all([drain(a), drain(b), drain(a), drain(b)]);
    } finally {
      await otherPool.end();
    }
    const ids = queued.map((q) => `<${q.id}@shop.example.in>`);
    const got = smtp.received.slice(before).map((m) => m.messageId);
    expect(got.sort()).toEqual(ids.sort());
    expect((await rows(`id = any('{${queued.map((q) => q.id).join(',')}}'::uuid[]) and state = 'sent'`)).length).toBe(12);
  });

  it('checkout never waits for mail: orders are placed at full speed while the server is down', async () => {
    await smtp.stop();
    try {
      const started = Date.now();
      for (let i = 0; i < 3; i++) await placeOrder();
      expect(Date.now() - started).toBeLessThan(5_000);
    } finally {
      await smtp.restart();
    }
  });

  it('a kind switched off (MESSAGES_OFF) is recorded as skipped, never sent', async () => {
    const queued = await placeOrder();
    const before = smtp.received.length;
    await sender({ off: ['order-placed'] }).runOnce();
    expect(await row(queued.id)).toMatchObject({ state: 'skipped', note: 'switched off (MESSAGES_OFF)' });
    expect(smtp.received.length).toBe(before);
  });

  it('a message still queued when its shopper is erased is skipped, never sent', async () => {
    const other = await signUp(t.app, { full_name: 'Meera Nair' });
    const product = await createTestProduct(t.runtime, { price: 1799 });
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/orders',
      headers: other.auth,
      payload: { items: [{ productId: product.id, quantity: 1 }], ...MUMBAI_SHIPPING, payment_method: 'cod' },
    });
    expect(res.statusCode, res.body).toBe(201);
    await t.runtime.projections.waitFor(await t.runtime.store.headPosition(), ['messages']);
    const queued = (await rows(`stream_id = 'order-${res.json().order.id as string}'`))[0]!;
    expect(queued.state).toBe('queued');
    const erased = await eraseCustomer(t.runtime, other.user.id, { requestedBy: 'admin', by: 'test', reason: 'test' }, { correlationId: 'test' });
    await t.runtime.projections.waitFor(erased.position!, ['messages']);
    const before = smtp.received.length;
    await sender().runOnce();
    expect(await row(queued.id)).toMatchObject({ state: 'skipped', recipient: null, html: null });
    expect(smtp.received.length).toBe(before);
    expect(smtp.received.some((m) => m.text?.includes('Meera Nair'))).toBe(false);
  });

  it('a replay of the log queues nothing again and keeps what was sent', async () => {
    await placeOrder();
    await sender().runOnce();
    const before = await rows();
    await t.runtime.projections.rebuildAll();
    const after = await rows();
    expect(after.map((r) => [r.id, r.state, r.attempts])).toEqual(before.map((r) => [r.id, r.state, r.attempts]));
  });
});

describe('messages: the embedded default (.eml files) and erasure', () => {
  let t: TestContext;
  beforeAll(async () => {
    t = await createTestApp();
  }, 120_000);
  afterAll(async () => t?.close());

  it('keeps each message as DATA_DIR/outbox/<id>.eml, lists it for the admin with its rendered body; erasing the shopper erases the message and its file', async () => {
    const shopper = await signUp(t.app, { full_name: 'Ravi Iyer' });
    const product = await createTestProduct(t.runtime, { price: 2499 });
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/orders',
      headers: shopper.auth,
      payload: { items: [{ productId: product.id, quantity: 1 }], ...MUMBAI_SHIPPING, payment_method: 'cod' },
    });
    const orderId = res.json().order.id as string;
    const sent = async () =>
      (await t.runtime.pool.query<OutboxRow>(`select * from message_outbox where stream_id = $1 and state = 'sent'`, [`order-${orderId}`])).rows[0];
    const deadline = Date.now() + 15_000;
    while (!(await sent()) && Date.now() < deadline) await new Promise((r) => setTimeout(r, 100));
    const message = (await sent())!;
    expect(message.eml_file).toMatch(new RegExp(`outbox/${message.id}\\.eml$`));
    expect(existsSync(message.eml_file!)).toBe(true);

    const admin = (await loginAdmin(t.app)).auth;
    const page = await t.app.inject({ method: 'GET', url: '/api/admin/messages?page=1&limit=10', headers: admin });
    expect(page.json()).toMatchObject({ success: true, page: 1, limit: 10, transport: expect.stringMatching(/^files: /) });
    const one = await t.app.inject({ method: 'GET', url: `/api/admin/messages/${message.id}`, headers: admin });
    expect(one.json().message).toMatchObject({ id: message.id, state: 'sent', recipient: `Ravi Iyer <${shopper.email}>` });
    expect(one.json().message.html).toContain('₹2,499');
    expect(one.json().message.text).toContain('Ravi Iyer');
    // shoppers and guests never see the outbox; bad input is a 4xx
    expect((await t.app.inject({ method: 'GET', url: '/api/admin/messages', headers: shopper.auth })).statusCode).toBe(403);
    expect((await t.app.inject({ method: 'GET', url: '/api/admin/messages' })).statusCode).toBe(401);
    const bad = await t.app.inject({ method: 'GET', url: '/api/admin/messages?limit=5000&state=lost', headers: admin });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().success).toBe(false);
    expect((await t.app.inject({ method: 'GET', url: '/api/admin/messages/not-a-uuid', headers: admin })).statusCode).toBe(400);

    const erased = await eraseCustomer(t.runtime, shopper.user.id, { requestedBy: 'admin', by: 'test', reason: 'test' }, { correlationId: 'test' });
    await t.runtime.projections.waitFor(erased.position!, ['messages']);
    const after = (await t.runtime.pool.query<OutboxRow>(`select * from message_outbox where id = $1`, [message.id])).rows[0]!;
    expect(after).toMatchObject({ state: 'sent', recipient: null, html: null });
    const gone = Date.now() + 15_000;
    while (existsSync(message.eml_file!) && Date.now() < gone) await new Promise((r) => setTimeout(r, 200));
    expect(existsSync(message.eml_file!)).toBe(false);
    const shown = await t.app.inject({ method: 'GET', url: `/api/admin/messages/${message.id}`, headers: admin });
    expect(JSON.stringify(shown.json())).not.toContain(shopper.email);
  });
});
