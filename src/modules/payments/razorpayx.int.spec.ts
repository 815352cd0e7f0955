import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startFakeRazorpayx, type FakeRazorpayx } from '../../../tests/helpers/fake-razorpayx.js';
import { createTestApp, loginAdmin, signUp, type TestContext } from '../../../tests/helpers/test-runtime.js';
import { createTestProduct } from '../../../tests/helpers/test-products.js';
import { codOrderBody } from '../../../tests/helpers/test-orders.js';
import { PayoutRefusedError, razorpayxPayouts } from './razorpayx.js';
import { payoutIdempotencyKey, upiPayoutStream } from './upi-payout.js';

describe('RazorpayX payouts adapter (against a local server speaking its API)', () => {
  let fake: FakeRazorpayx;
  beforeAll(async () => {
    fake = await startFakeRazorpayx();
  });
  afterAll(async () => fake?.close());
  const adapter = (timeoutMs = 2_000) =>
    razorpayxPayouts({ baseUrl: fake.baseUrl, keyId: fake.keyId, keySecret: fake.keySecret, accountNumber: fake.accountNumber, timeoutMs });
  const request = (key: string, upiId = 'asha.k@okaxis') => ({ referenceId: `ret-${key}`, upiId, amountPaise: 1200_00, name: 'Asha K', idempotencyKey: key });

  it('contact → fund account (vpa) → payout (mode UPI, purpose refund) with the idempotency key; the same key again is the same payout', async () => {
    const first = await adapter().payToUpi(request('key-one-0001'));
    expect(first).toEqual({ id: expect.stringMatching(/^pout_/), status: 'processing' });
    const payout = fake.payouts.get(first.id)!;
    expect(payout).toMatchObject({
      amount: 1200_00,
      mode: 'UPI',
      purpose: 'refund',
      vpa: 'asha.k@okaxis',
      reference_id: 'ret-key-one-0001',
      idempotencyKey: 'key-one-0001',
    });
    const again = await adapter().payToUpi(request('key-one-0001'));
    expect(again).toEqual(first);
    expect([...fake.payouts.values()].filter((p) => p.idempotencyKey === 'key-one-0001')).toHaveLength(1);
  });

  it('a payout call that times out is sent again with the same key and body: paid once', async () => {
    const before = fake.payouts.size;
    const calls = fake.count('POST /v1/payouts');
    fake.holdPayouts = 1;
    fake.holdMs = 1_500;
    const paid = await adapter(500).payToUpi(request('key-timeout-01'));
    expect(fake.count('POST /v1/payouts') - calls).toBe(2);
    expect(fake.payouts.size - before).toBe(1);
    expect(fake.payouts.get(paid.id)).toMatchObject({ idempotencyKey: 'key-timeout-01', status: 'processing' });
  });

  it('a failed payout is a refusal with RazorpayX’s reason; an invalid VPA is refused (no payout); no answer at all is thrown as unknown', async () => {
    expect(await adapter().payToUpi(request('key-fail-0001', 'fail.me@okaxis'))).toMatchObject({ status: 'failed', reason: 'The beneficiary VPA is invalid' });
    await expect(adapter().payToUpi(request('key-bad-vpa-01', 'not a vpa'))).rejects.toThrow(PayoutRefusedError);
    fake.down = true;
    try {
      const error = await adapter()
        .payToUpi(request('key-down-0001'))
        .catch((e: unknown) => e);
      expect(error).toBeInstanceOf(Error);
      expect(error).not.toBeInstanceOf(PayoutRefusedError);
    } finally {
      fake.down = false;
    }
  });
});

describe('PAYOUTS=razorpayx: a UPI refund goes through RazorpayX', () => {
  let fake: FakeRazorpayx;
  let t: TestContext;
  beforeAll(async () => {
    fake = await startFakeRazorpayx();
    t = await createTestApp({
      env: {
        PAYMENTS: 'simulator',
        PAYOUTS: 'razorpayx',
        RAZORPAY_KEY_ID: fake.keyId,
        RAZORPAY_KEY_SECRET: fake.keySecret,
        RAZORPAYX_ACCOUNT_NUMBER: fake.accountNumber,
        RAZORPAYX_BASE_URL: fake.baseUrl,
        RAZORPAYX_TIMEOUT_MS: '400',
      },
    });
  });
  afterAll(async () => {
    await t?.close();
    await fake?.close();
  });

  it('the refund of a received cash-on-delivery return is paid to its UPI id once, even when the first answer is lost', async () => {
    const admin = (await loginAdmin(t.app)).auth;
    const shopper = await signUp(t.app);
    const call = (method: 'GET' | 'POST' | 'PUT', url: string, auth: Record<string, string>, payload?: object) =>
      t.app.inject({ method, url, headers: auth, ...(payload ? { payload } : {}) });
    const product = await createTestProduct(t.runtime, { price: 1500, stock: 3 });
    const order = (await call('POST', '/api/orders', shopper.auth, codOrderBody(product.id))).json().order as { id: string };
    await call('PUT', `/api/orders/${order.id}/status`, shopper.auth, { status: 'confirmed' });
    for (const status of ['shipped', 'delivered']) await call('PUT', `/api/admin/orders/${order.id}/status`, admin, { status });
    const returnId = (
      await call('POST', `/api/orders/${order.id}/returns`, shopper.auth, {
        items: [{ productId: product.id, quantity: 1 }],
        reason: 'Damaged',
        upiId: 'priya.r@okicici',
      })
    ).json().return.id as string;
    await call('POST', `/api/admin/returns/${returnId}/approve`, admin);
    fake.holdPayouts = 1;
    fake.holdMs = 1_000;
    await call('POST', `/api/admin/returns/${returnId}/receive`, admin, {});
    const payoutOf = async () => (await call('GET', `/api/orders/${order.id}/returns`, shopper.auth)).json().returns[0].payout;
    await expect.poll(payoutOf, { timeout: 10_000 }).toMatchObject({ status: 'paid' });
    const made = [...fake.payouts.values()].filter((p) => p.reference_id === returnId);
    expect(made).toEqual([expect.objectContaining({ amount: 1500_00, vpa: 'priya.r@okicici', idempotencyKey: payoutIdempotencyKey(returnId, 1) })]);
    expect(await payoutOf()).toEqual({ status: 'paid', reference: made[0]!.id, reason: null });
    expect((await t.runtime.store.readStream(upiPayoutStream(returnId))).map((e) => e.type)).toEqual(['UpiPayoutRequested', 'UpiPayoutIssued']);
  });
});
