import { createHmac, randomInt } from 'node:crypto';
import Razorpay from 'razorpay';
import type { Env } from '../../config/env.js';

/** Where payments are made: the real Razorpay API (keys set) or the local simulator that signs like Razorpay. */
export interface PaymentProvider {
  kind: 'razorpay' | 'simulator';
  /** Public key handed to the browser. */
  keyId: string;
  /** Signs and verifies payment signatures; never leaves the server. */
  keySecret: string;
  webhookSecret: string | null;
  createOrder(input: { amountPaise: number; receipt: string }): Promise<{ id: string }>;
  refund(input: { paymentId: string; amountPaise: number; orderId: string }): Promise<{ id: string } | null>;
}

const ALPHABET = '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz';
/** 14 base62 characters, the length of Razorpay's ids. */
export const razorpayIdSuffix = (seed?: Buffer) => Array.from({ length: 14 }, (_, i) => ALPHABET[seed ? seed[i]! % 62 : randomInt(0, 62)]).join('');

export const SIMULATOR_KEY_ID = 'rzp_test_localsimulator';

/** PAYMENTS decides (loadEnv resolved it from the keys and NODE_ENV, and refuses the simulator in production). */
export function createPaymentProvider(env: Env, localSecret: Uint8Array): PaymentProvider {
  if (env.PAYMENTS === 'razorpay') {
    if (!env.RAZORPAY_KEY_ID || !env.RAZORPAY_KEY_SECRET) throw new Error('PAYMENTS=razorpay needs RAZORPAY_KEY_ID and RAZORPAY_KEY_SECRET');
    const client = new Razorpay({ key_id: env.RAZORPAY_KEY_ID, key_secret: env.RAZORPAY_KEY_SECRET });
    return {
      kind: 'razorpay',
      keyId: env.RAZORPAY_KEY_ID,
      keySecret: env.RAZORPAY_KEY_SECRET,
      webhookSecret: env.RAZORPAY_WEBHOOK_SECRET ?? null,
      async createOrder({ amountPaise, receipt }) {
        const order = await client.orders.create({ amount: amountPaise, currency: 'INR', receipt, notes: { orderId: receipt } });
        return { id: order.id };
      },
      async refund({ paymentId, amountPaise, orderId }) {
        const refund = await client.payments.refund(paymentId, { amount: amountPaise, notes: { orderId } });
        return { id: refund.id };
      },
    };
  }
  if (env.NODE_ENV === 'production') throw new Error('PAYMENTS=simulator is refused with NODE_ENV=production');
  // A local test secret derived from the instance secret: stable across restarts and instances sharing JWT_SECRET.
  const secret = createHmac('sha256', localSecret).update('payment-simulator').digest('hex');
  return {
    kind: 'simulator',
    keyId: SIMULATOR_KEY_ID,
    keySecret: secret,
    webhookSecret: env.RAZORPAY_WEBHOOK_SECRET ?? secret,
    // Same receipt, same provider order: a retried create-order never opens a second payment.
    createOrder: async ({ receipt }) => ({ id: `order_${razorpayIdSuffix(createHmac('sha256', secret).update(receipt).digest())}` }),
    refund: async () => ({ id: `rfnd_${razorpayIdSuffix()}` }),
  };
}
