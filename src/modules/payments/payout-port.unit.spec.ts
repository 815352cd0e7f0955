import { describe, expect, it } from 'vitest';
import { loadEnv } from '../../config/env.js';
import { payoutsMode, SIMULATED_REFUSAL, SimulatorPayouts } from './payout-port.js';

const base = { NODE_ENV: 'development', DATA_DIR: '/tmp/unused' };
const keys = { RAZORPAY_KEY_ID: 'rzp_test_abc', RAZORPAY_KEY_SECRET: 'secret-abc' };
const admin = { ADMIN_EMAIL: 'owner@shop.in', ADMIN_PASSWORD: 'Owner-Pass-77' };
const production = { ...base, NODE_ENV: 'production', ...admin, ...keys };

describe('which payouts a configuration makes (PAYOUTS)', () => {
  it('the simulator outside production, RazorpayX with an account number, manual in production without one', () => {
    expect(payoutsMode(loadEnv(base))).toBe('simulator');
    expect(payoutsMode(loadEnv({ ...base, ...keys, RAZORPAYX_ACCOUNT_NUMBER: '7878780080316316' }))).toBe('razorpayx');
    expect(payoutsMode(loadEnv(production))).toBe('manual');
    expect(payoutsMode(loadEnv({ ...production, RAZORPAYX_ACCOUNT_NUMBER: '7878780080316316' }))).toBe('razorpayx');
    expect(payoutsMode(loadEnv({ ...base, ...keys, RAZORPAYX_ACCOUNT_NUMBER: '7878780080316316', PAYOUTS: 'manual' }))).toBe('manual');
  });

  it.each([
    [{ ...production, PAYOUTS: 'simulator' }, 'PAYOUTS=simulator is refused with NODE_ENV=production'],
    [{ ...base, PAYOUTS: 'razorpayx', ...keys }, 'PAYOUTS=razorpayx needs RAZORPAYX_ACCOUNT_NUMBER'],
    [{ ...base, RAZORPAYX_ACCOUNT_NUMBER: '7878780080316316' }, 'PAYOUTS=razorpayx needs RAZORPAYX_ACCOUNT_NUMBER, RAZORPAY_KEY_ID and RAZORPAY_KEY_SECRET'],
    [{ ...base, PAYOUTS: 'bank' }, 'PAYOUTS'],
  ])('%j is refused', (env, message) => {
    expect(() => loadEnv(env)).toThrow(message);
  });
});

describe('the payout simulator', () => {
  const request = (upiId: string, idempotencyKey: string) => ({ referenceId: 'ret-1', upiId, amountPaise: 500_00, name: 'Asha', idempotencyKey });

  it('pays at once; a UPI id starting with "fail" (any case) is refused with the documented reason', async () => {
    const simulator = new SimulatorPayouts();
    expect(await simulator.payToUpi(request('asha@okaxis', 'key-1'))).toEqual({ id: expect.stringMatching(/^pout_[0-9A-Za-z]{14}$/), status: 'processed' });
    expect(await simulator.payToUpi(request('FAIL.me@okaxis', 'key-2'))).toMatchObject({ status: 'failed', reason: SIMULATED_REFUSAL });
    expect(await simulator.payToUpi(request('failing@okaxis', 'key-3'))).toMatchObject({ status: 'failed' });
    expect(await simulator.payToUpi(request('notfail@okaxis', 'key-4'))).toMatchObject({ status: 'processed' });
  });

  it('a repeated idempotency key answers the same payout and pays nothing more; an outage answers nothing', async () => {
    const simulator = new SimulatorPayouts();
    const first = await simulator.payToUpi(request('asha@okaxis', 'key-same'));
    expect(await simulator.payToUpi(request('asha@okaxis', 'key-same'))).toEqual(first);
    expect(simulator.made).toBe(1);
    simulator.outage = 'down';
    await expect(simulator.payToUpi(request('asha@okaxis', 'key-other'))).rejects.toThrow('down');
    expect(simulator.made).toBe(1);
  });
});
