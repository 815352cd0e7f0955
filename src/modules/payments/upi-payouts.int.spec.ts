import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, loginAdmin, signUp, type TestContext } from '../../../tests/helpers/test-runtime.js';
import { createTestProduct } from '../../../tests/helpers/test-products.js';
import { codOrderBody } from '../../../tests/helpers/test-orders.js';
import { twoRuntimesOnOneDatabase } from '../../../tests/helpers/two-runtimes.js';
import { START } from '../../core/event-store.js';
import { replay } from '../../../projections/replay.js';
import { payoutPortFor, SIMULATED_REFUSAL, SimulatorPayouts, type PayoutPort, type UpiPayoutRequest } from './payout-port.js';
import { payoutIdempotencyKey, PAYOUT_ALREADY_PAID, PAYOUT_NOT_FOUND, upiPayoutStream } from './upi-payout.js';
import { webhookSignature } from './signature.js';
import { PAYOUT_TOO_OLD, startUpiPayouts } from './upi-payouts.js';

const WEBHOOK_SECRET = 'whsec_payouts_0123456789';

type Call = (method: 'GET' | 'POST' | 'PUT', url: string, auth: Record<string, string>, payload?: object) => Promise<{ statusCode: number; json(): any }>;

/** A cash-on-delivery order delivered, returned with `upiId`, approved and received: its refund is now to be paid out. */
async function refundedToUpi(t: TestContext, call: Call, admin: Record<string, string>, upiId: string) {
  const shopper = await signUp(t.app);
  const product = await createTestProduct(t.runtime, { price: 1200, stock: 5 });
  const order = (await call('POST', '/api/orders', shopper.auth, codOrderBody(product.id))).json().order as { id: string };
  await call('PUT', `/api/orders/${order.id}/status`, shopper.auth, { status: 'confirmed' });
  for (const status of ['shipped', 'delivered']) await call('PUT', `/api/admin/orders/${order.id}/status`, admin, { status });
  const asked = await call('POST', `/api/orders/${order.id}/returns`, shopper.auth, {
    items: [{ productId: product.id, quantity: 1 }],
    reason: 'Wrong size',
    upiId,
  });
  expect(asked.statusCode).toBe(201);
  const returnId = asked.json().return.id as string;
  await call('POST', `/api/admin/returns/${returnId}/approve`, admin);
  const received = await call('POST', `/api/admin/returns/${returnId}/receive`, admin, {});
  expect(received.json().return).toMatchObject({ status: 'refunded', refundTo: 'upi' });
  return { returnId, orderId: order.id, shopper };
}

const payoutOf = async (call: Call, admin: Record<string, string>, returnId: string) =>
  (await call('GET', '/api/admin/returns?limit=100', admin)).json().returns.find((r: { id: string }) => r.id === returnId).payout;

describe('UPI refunds are paid out (simulator)', () => {
  let t: TestContext;
  let admin: Record<string, string>;
  let simulator: SimulatorPayouts;
  beforeAll(async () => {
    t = await createTestApp({ env: { RAZORPAYX_WEBHOOK_SECRET: WEBHOOK_SECRET } });
    admin = (await loginAdmin(t.app)).auth;
    simulator = payoutPortFor(t.runtime.env) as SimulatorPayouts;
  });
  afterAll(async () => t?.close());
  const call: Call = (method, url, auth, payload) => t.app.inject({ method, url, headers: auth, ...(payload ? { payload } : {}) });
  const types = async (returnId: string) => (await t.runtime.store.readStream(upiPayoutStream(returnId))).map((e) => e.type);

  it('a cash-on-delivery return refunded to a UPI id is paid once; the shopper and the admin see it paid with its reference', async () => {
    const { returnId, orderId, shopper } = await refundedToUpi(t, call, admin, 'asha.k@okaxis');
    await expect.poll(() => payoutOf(call, admin, returnId)).toMatchObject({ status: 'paid', reason: null });
    const payout = await payoutOf(call, admin, returnId);
    expect(payout.reference).toMatch(/^pout_[0-9A-Za-z]{14}$/);
    expect((await call('GET', `/api/orders/${orderId}/returns`, shopper.auth)).json().returns[0].payout).toEqual(payout);
    expect(await types(returnId)).toEqual(['UpiPayoutRequested', 'UpiPayoutIssued']);
    const sent = [...simulator.paid.values()].filter((p) => p.request.referenceId === returnId);
    expect(sent.map((p) => p.request)).toEqual([
      { referenceId: returnId, upiId: 'asha.k@okaxis', amountPaise: 1200_00, name: expect.any(String), idempotencyKey: payoutIdempotencyKey(returnId, 1) },
    ]);
  });

  it('a provider that does not answer: failed (outcome unknown); the admin retries and it is paid with the same idempotency key', async () => {
    simulator.outage = 'RazorpayX did not answer /payouts (timeout)';
    const { returnId } = await refundedToUpi(t, call, admin, 'ravi.m@okhdfcbank');
    await expect
      .poll(() => payoutOf(call, admin, returnId))
      .toEqual({ status: 'failed', reference: null, reason: 'RazorpayX did not answer /payouts (timeout)' });
    simulator.outage = null;
    const retried = await call('POST', `/api/admin/returns/${returnId}/payout/retry`, admin);
    expect(retried.statusCode).toBe(202);
    expect(retried.json()).toMatchObject({ success: true, return: { id: returnId } });
    await expect.poll(() => payoutOf(call, admin, returnId)).toMatchObject({ status: 'paid', reason: null });
    expect(await types(returnId)).toEqual(['UpiPayoutRequested', 'UpiPayoutFailed', 'UpiPayoutRetryRequested', 'UpiPayoutRequested', 'UpiPayoutIssued']);
    const attempts = (await t.runtime.store.readStream(upiPayoutStream(returnId))).filter((e) => e.type === 'UpiPayoutRequested');
    // The first call may have paid without answering: the retry reuses its key, so the provider cannot pay twice.
    expect(attempts.map((e) => (e.data as { idempotencyKey: string }).idempotencyKey)).toEqual([
      payoutIdempotencyKey(returnId, 1),
      payoutIdempotencyKey(returnId, 1),
    ]);
    const again = await call('POST', `/api/admin/returns/${returnId}/payout/retry`, admin);
    expect([again.statusCode, again.json()]).toEqual([409, { success: false, error: PAYOUT_ALREADY_PAID }]);
  });

  it('a UPI id the bank refuses: failed with the reason; a retry is a new attempt with a new key', async () => {
    const { returnId } = await refundedToUpi(t, call, admin, 'fail.test@okaxis');
    await expect.poll(() => payoutOf(call, admin, returnId)).toEqual({ status: 'failed', reference: null, reason: SIMULATED_REFUSAL });
    expect((await call('POST', `/api/admin/returns/${returnId}/payout/retry`, admin)).statusCode).toBe(202);
    await expect.poll(() => types(returnId)).toHaveLength(5);
    const attempts = (await t.runtime.store.readStream(upiPayoutStream(returnId))).filter((e) => e.type === 'UpiPayoutRequested');
    expect(attempts.map((e) => (e.data as { idempotencyKey: string }).idempotencyKey)).toEqual([
      payoutIdempotencyKey(returnId, 1),
      payoutIdempotencyKey(returnId, 2),
    ]);
    await expect.poll(() => payoutOf(call, admin, returnId)).toMatchObject({ status: 'failed', reason: SIMULATED_REFUSAL });
  });

  it('RazorpayX reports a paid payout reversed (signed webhook): failed with its reason, once; the retry pays a new payout', async () => {
    const { returnId } = await refundedToUpi(t, call, admin, 'reversed.later@okaxis');
    await expect.poll(() => payoutOf(call, admin, returnId)).toMatchObject({ status: 'paid' });
    const { reference } = await payoutOf(call, admin, returnId);
    const webhook = (body: object, secret = WEBHOOK_SECRET) => {
      const raw = JSON.stringify(body);
      return t.app.inject({
        method: 'POST',
        url: '/api/razorpayx/webhook',
        headers: { 'content-type': 'application/json', 'x-razorpay-signature': webhookSignature(raw, secret) },
        payload: raw,
      });
    };
    const reversed = (id: string, reference_id: string | null = returnId) => ({
      entity: 'event',
      event: 'payout.reversed',
      payload: {
        payout: { entity: { id, entity: 'payout', status: 'reversed', reference_id, status_details: { description: 'Beneficiary bank is offline' } } },
      },
    });
    const forged = await webhook(reversed(reference), 'not-the-secret');
    expect([forged.statusCode, forged.json()]).toEqual([400, { success: false, error: 'Invalid webhook signature' }]);
    expect((await webhook(reversed('pout_SOMEONEELSES01'))).json()).toEqual({ success: true, status: 'ignored' });
    expect((await webhook({ ...reversed(reference), event: 'payout.processed' })).json()).toEqual({ success: true, status: 'ignored' });
    expect((await webhook(reversed(reference))).json()).toEqual({ success: true, status: 'processed' });
    expect((await webhook(reversed(reference))).json()).toEqual({ success: true, status: 'ignored' });
    expect(await payoutOf(call, admin, returnId)).toEqual({ status: 'failed', reference: null, reason: 'Beneficiary bank is offline' });
    expect((await call('POST', `/api/admin/returns/${returnId}/payout/retry`, admin)).statusCode).toBe(202);
    await expect.poll(() => payoutOf(call, admin, returnId)).toMatchObject({ status: 'paid' });
    const again = await payoutOf(call, admin, returnId);
    expect(again.reference).not.toBe(reference);
    expect([...simulator.paid.values()].filter((p) => p.request.referenceId === returnId).map((p) => p.request.idempotencyKey)).toEqual([
      payoutIdempotencyKey(returnId, 1),
      payoutIdempotencyKey(returnId, 2),
    ]);
  });

  it('the retry route: 404 for an unknown return or one refunded to the original payment, 401/403 for non-admins', async () => {
    const missing = await call('POST', `/api/admin/returns/${randomUUID()}/payout/retry`, admin);
    expect([missing.statusCode, missing.json()]).toEqual([404, { success: false, error: PAYOUT_NOT_FOUND }]);
    expect((await t.app.inject({ method: 'POST', url: `/api/admin/returns/${randomUUID()}/payout/retry` })).statusCode).toBe(401);
    const shopper = await signUp(t.app);
    expect((await call('POST', `/api/admin/returns/${randomUUID()}/payout/retry`, shopper.auth)).statusCode).toBe(403);
  });
});

describe('UPI payouts across restarts (this runtime runs none itself: PAYOUTS=manual)', () => {
  let t: TestContext;
  let admin: Record<string, string>;
  beforeAll(async () => {
    t = await createTestApp({ env: { PAYOUTS: 'manual' } });
    admin = (await loginAdmin(t.app)).auth;
  });
  afterAll(async () => t?.close());
  const call: Call = (method, url, auth, payload) => t.app.inject({ method, url, headers: auth, ...(payload ? { payload } : {}) });
  /** A provider shared by two instances, counting every call it is made. */
  function countingProvider() {
    const provider = new SimulatorPayouts();
    const calls: UpiPayoutRequest[] = [];
    const port: PayoutPort = { kind: 'simulator', payToUpi: (request) => (calls.push(request), provider.payToUpi(request)) };
    return { provider, calls, port };
  }

  it('manual payouts stay pending; a refund decided while no instance paid out is paid once when two instances start', async () => {
    const { returnId } = await refundedToUpi(t, call, admin, 'later.paid@okaxis');
    expect(await payoutOf(call, admin, returnId)).toEqual({ status: 'pending', reference: null, reason: null });
    const { calls, port } = countingProvider();
    const one = startUpiPayouts(t.runtime, port);
    const two = startUpiPayouts(t.runtime, port);
    await expect.poll(() => payoutOf(call, admin, returnId)).toMatchObject({ status: 'paid' });
    await one.close();
    await two.close();
    expect(calls.filter((c) => c.referenceId === returnId)).toHaveLength(1);
  });

  it('a refund older than the age limit when first seen (a store upgraded with hand-paid refunds) is recorded failed, unsent; a retry sends it', async () => {
    const { returnId } = await refundedToUpi(t, call, admin, 'paid.by.hand@okaxis');
    const { calls, port } = countingProvider();
    const payouts = startUpiPayouts(t.runtime, port, { maxAgeMs: 0 });
    try {
      await expect.poll(() => payoutOf(call, admin, returnId)).toEqual({ status: 'failed', reference: null, reason: PAYOUT_TOO_OLD });
      expect(calls.filter((c) => c.referenceId === returnId)).toEqual([]);
      expect((await call('POST', `/api/admin/returns/${returnId}/payout/retry`, admin)).statusCode).toBe(202);
      await expect.poll(() => payoutOf(call, admin, returnId)).toMatchObject({ status: 'paid' });
      expect(calls.filter((c) => c.referenceId === returnId)).toHaveLength(1);
    } finally {
      await payouts.close();
    }
  });

  it('an attempt claimed by an instance that stopped before recording its outcome is sent again with its key: one payout', async () => {
    const { returnId, orderId } = await refundedToUpi(t, call, admin, 'stuck.claim@okaxis');
    const key = payoutIdempotencyKey(returnId, 1);
    // The dead instance's claim, and its call that reached the provider (the answer was lost with the instance).
    await t.runtime.store.append(
      upiPayoutStream(returnId),
      [
        {
          type: 'UpiPayoutRequested',
          data: { returnId, orderId, amountPaise: 1200_00, attempt: 1, idempotencyKey: key, at: new Date(Date.now() - 5_000).toISOString() },
          metadata: { correlationId: randomUUID(), timestamp: new Date().toISOString() },
        },
      ],
      { expectedVersion: 'no_stream' },
    );
    const { provider, calls, port } = countingProvider();
    const first = await provider.payToUpi({ referenceId: returnId, upiId: 'stuck.claim@okaxis', amountPaise: 1200_00, name: 'x', idempotencyKey: key });
    const one = startUpiPayouts(t.runtime, port, { resumeAfterMs: 1_000 });
    const two = startUpiPayouts(t.runtime, port, { resumeAfterMs: 1_000 });
    await expect.poll(() => payoutOf(call, admin, returnId)).toEqual({ status: 'paid', reference: first.id, reason: null });
    await one.close();
    await two.close();
    expect(calls.every((c) => c.idempotencyKey === key)).toBe(true);
    expect(provider.made).toBe(1);
    expect((await t.runtime.store.readStream(upiPayoutStream(returnId))).map((e) => e.type)).toEqual(['UpiPayoutRequested', 'UpiPayoutIssued']);
  });
});

describe('UPI payouts with two instances on one database', () => {
  const two = twoRuntimesOnOneDatabase();
  it('each refund is claimed and paid by exactly one of them', async () => {
    const ports = [payoutPortFor(two.leader.runtime.env), payoutPortFor(two.follower.runtime.env)] as SimulatorPayouts[];
    const callLeader: Call = (method, url, auth, payload) => two.leader.app.inject({ method, url, headers: auth, ...(payload ? { payload } : {}) });
    const returns = [];
    for (const upi of ['a.one@okaxis', 'b.two@okaxis', 'c.three@okaxis']) returns.push((await refundedToUpi(two.leader, callLeader, two.admin, upi)).returnId);
    for (const returnId of returns) await expect.poll(() => payoutOf(callLeader, two.admin, returnId)).toMatchObject({ status: 'paid' });
    await two.caughtUp('returns');
    for (const returnId of returns) {
      const sent = ports.flatMap((p) => [...p.paid.values()].filter((v) => v.request.referenceId === returnId));
      expect(sent, returnId).toHaveLength(1);
      const events = await two.leader.runtime.store.readStream(upiPayoutStream(returnId));
      expect(events.map((e) => e.type)).toEqual(['UpiPayoutRequested', 'UpiPayoutIssued']);
    }
  });
});

describe('replay of the returns read model with payouts', () => {
  let t: TestContext;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => t?.close());
  it('rebuilds the payout columns identically', async () => {
    const admin = (await loginAdmin(t.app)).auth;
    const call: Call = (method, url, auth, payload) => t.app.inject({ method, url, headers: auth, ...(payload ? { payload } : {}) });
    const paid = await refundedToUpi(t, call, admin, 'paid.one@okaxis');
    const failed = await refundedToUpi(t, call, admin, 'fail.two@okaxis');
    await expect.poll(() => payoutOf(call, admin, paid.returnId)).toMatchObject({ status: 'paid' });
    await expect.poll(() => payoutOf(call, admin, failed.returnId)).toMatchObject({ status: 'failed' });
    const end = (await t.runtime.store.readAll(START, 1_000_000)).at(-1)!.position;
    await t.runtime.projections.waitFor(end, ['returns'], 20_000);
    await t.runtime.projections.stop();
    const rows = async () =>
      (await t.runtime.pool.query(`select return_id, status, payout_status, payout_reference, payout_reason from order_returns order by return_id`)).rows;
    const live = await rows();
    expect(live.map((r) => r.payout_status).sort()).toEqual(['failed', 'paid']);
    await t.runtime.pool.query(`truncate order_returns`);
    await t.runtime.pool.query(`update projection_checkpoints set commit_pos = 0, prepare_pos = 0 where name = 'returns'`);
    await replay(
      t.runtime.store,
      t.runtime.pool,
      t.runtime.projections.projectors.filter((p) => p.name === 'returns'),
    );
    expect(await rows()).toEqual(live);
  });
});
