import type { Subscription } from '../../core/event-store.js';
import type { ModuleDeps, StoreModule } from '../module.js';
import { paymentsApi } from './api.js';
import './events.js';
import { payoutPortFor } from './payout-port.js';
import { payoutsApi } from './payouts-api.js';
import { createPaymentProvider } from './provider.js';
import { startRefunds } from './refunds.js';
import { startUpiPayouts } from './upi-payouts.js';

export { paymentSignature, webhookSignature } from './signature.js';
export { SIMULATOR_KEY_ID } from './provider.js';
export { paymentEvents, refundEvents, upiPayoutEvents, type PaymentEvent, type RefundEvent, type UpiPayoutEvent } from './events.js';

export const startOrder = 35;

export function createModule(deps: ModuleDeps): StoreModule {
  const provider = createPaymentProvider(deps.env, deps.jwtSecret);
  const payouts = payoutPortFor(deps.env);
  const subscriptions: Subscription[] = [];
  const routes = paymentsApi(provider);
  return {
    name: 'payments',
    routes: async (app, runtime) => {
      await routes(app, runtime);
      await payoutsApi(app, runtime);
    },
    // The simulator refunds nothing real; with Razorpay keys, refunds go through its API. UPI refunds are paid out
    // through the payout port (none when payouts are manual).
    start: async (runtime) => {
      if (provider.kind === 'razorpay') subscriptions.push(startRefunds(runtime, provider));
      if (payouts) subscriptions.push(startUpiPayouts(runtime, payouts));
    },
    stop: async () => {
      await Promise.all(subscriptions.splice(0).map((s) => s.close()));
    },
  };
}
