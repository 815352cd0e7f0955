import type { LightMyRequestResponse } from 'fastify';
import { specApp, type SpecApp } from './spec-app.js';

/** The shipping fields of a checkout (`POST /api/orders`). */
export { PUNE_SHIPPING as SHIPPING_ADDRESS } from './test-orders.js';

export interface PaymentsApp extends SpecApp {
  /** POST as the shopper (or with the headers given). */
  post(url: string, payload: unknown, headers?: Record<string, string>): Promise<LightMyRequestResponse>;
}

/** For a payment spec's describe block: an app whose Razorpay webhooks are signed with `webhookSecret`, and two shoppers. */
export function paymentsApp(webhookSecret: string): PaymentsApp {
  const s = specApp({ app: { env: { RAZORPAY_WEBHOOK_SECRET: webhookSecret } }, other: true }) as PaymentsApp;
  s.post = (url, payload, headers) => s.t.app.inject({ method: 'POST', url, headers: headers ?? s.shopper.auth, payload: payload as object });
  return s;
}
