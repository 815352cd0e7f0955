import { createHmac, timingSafeEqual } from 'node:crypto';

/** Razorpay's payment signature: HMAC-SHA256 of `order_id|payment_id` keyed with the key secret, hex. */
export const paymentSignature = (providerOrderId: string, paymentId: string, secret: string) =>
  createHmac('sha256', secret).update(`${providerOrderId}|${paymentId}`).digest('hex');

/** Razorpay's webhook signature: HMAC-SHA256 of the raw body keyed with the webhook secret, hex. */
export const webhookSignature = (rawBody: string | Buffer, secret: string) => createHmac('sha256', secret).update(rawBody).digest('hex');

/** Constant-time comparison; a different length is simply false. */
export function signaturesMatch(expected: string, given: string): boolean {
  const a = Buffer.from(expected, 'utf8');
  const b = Buffer.from(given, 'utf8');
  return a.length === b.length && timingSafeEqual(a, b);
}
