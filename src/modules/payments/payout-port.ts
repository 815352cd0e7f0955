import { createHash } from 'node:crypto';
import type { Env } from '../../config/env.js';
import { razorpayIdSuffix } from './provider.js';
import { razorpayxPayouts } from './razorpayx.js';

/** One refund to a shopper's UPI id. The idempotency key names the attempt: the same key never pays twice. */
export interface UpiPayoutRequest {
  /** The return being refunded (the provider's reference id). */
  referenceId: string;
  upiId: string;
  amountPaise: number;
  /** The payee's name, as the provider records the contact. */
  name: string;
  idempotencyKey: string;
}

/**
 * What the provider answered: `processed`/`processing` (accepted: the money is on its way) or `failed` (refused, with
 * its reason). No answer at all (a timeout, a 5xx) is thrown: the outcome is then unknown.
 */
export interface UpiPayoutResult {
  id: string;
  status: 'processed' | 'processing' | 'failed';
  reason?: string;
}

/** The payout port: sends money to a UPI id. Like the courier and the payment provider, a simulator or a real API. */
export interface PayoutPort {
  kind: 'simulator' | 'razorpayx';
  payToUpi(request: UpiPayoutRequest): Promise<UpiPayoutResult>;
}

/** The simulator's refusal, for a UPI id starting with `fail` (docs/after-sale.md). */
export const SIMULATED_REFUSAL = 'The bank refused this UPI ID (simulator: UPI IDs starting with "fail" are refused).';

/**
 * The local payout simulator (PAYOUTS=simulator): pays at once, except that a UPI id starting with `fail` (any case)
 * is refused. Like the real API it remembers each idempotency key and answers a repeated key with the same payout.
 */
export class SimulatorPayouts implements PayoutPort {
  readonly kind = 'simulator' as const;
  /** Set (by a test) to make every call fail without an answer, as a provider that is down would. */
  outage: string | null = null;
  /** Each idempotency key's payout: what a repeated call answers. */
  readonly paid = new Map<string, UpiPayoutResult & { request: UpiPayoutRequest }>();
  /** Payouts made (a repeated key makes none). */
  made = 0;

  async payToUpi(request: UpiPayoutRequest): Promise<UpiPayoutResult> {
    if (this.outage) throw new Error(this.outage);
    const known = this.paid.get(request.idempotencyKey);
    if (known) return { id: known.id, status: known.status, ...(known.reason ? { reason: known.reason } : {}) };
    const id = `pout_${razorpayIdSuffix(createHash('sha256').update(request.idempotencyKey).digest())}`;
    const result: UpiPayoutResult = /^fail/i.test(request.upiId) ? { id, status: 'failed', reason: SIMULATED_REFUSAL } : { id, status: 'processed' };
    this.made++;
    this.paid.set(request.idempotencyKey, { ...result, request });
    return result;
  }
}

/** Which payouts this configuration makes (PAYOUTS, or its default: see src/config/env.ts). */
export function payoutsMode(env: Env): 'razorpayx' | 'simulator' | 'manual' {
  if (env.PAYOUTS) return env.PAYOUTS;
  if (env.RAZORPAYX_ACCOUNT_NUMBER) return 'razorpayx';
  return env.NODE_ENV === 'production' ? 'manual' : 'simulator';
}

const ports = new WeakMap<Env, PayoutPort | null>();

/** The payout port of this configuration (one per runtime's env); null when payouts are manual (the shop pays them itself). */
export function payoutPortFor(env: Env): PayoutPort | null {
  if (!ports.has(env)) ports.set(env, createPayoutPort(env));
  return ports.get(env)!;
}

function createPayoutPort(env: Env): PayoutPort | null {
  const mode = payoutsMode(env);
  if (mode === 'manual') return null;
  if (mode === 'simulator') return new SimulatorPayouts();
  if (!env.RAZORPAY_KEY_ID || !env.RAZORPAY_KEY_SECRET || !env.RAZORPAYX_ACCOUNT_NUMBER) {
    throw new Error('RazorpayX payouts need RAZORPAYX_ACCOUNT_NUMBER, RAZORPAY_KEY_ID and RAZORPAY_KEY_SECRET');
  }
  return razorpayxPayouts({
    baseUrl: env.RAZORPAYX_BASE_URL,
    keyId: env.RAZORPAY_KEY_ID,
    keySecret: env.RAZORPAY_KEY_SECRET,
    accountNumber: env.RAZORPAYX_ACCOUNT_NUMBER,
    timeoutMs: env.RAZORPAYX_TIMEOUT_MS,
  });
}
